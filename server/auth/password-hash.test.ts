import { scryptSync } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { TEST_HASH_PREFIX, createPasswordHasher, passwordHashStrength } from './password-hash.ts';

const password = 'purple-otter-reads-42';

describe('password hashing (ADR 0033)', () => {
  const standard = createPasswordHasher('standard');
  const test = createPasswordHasher('test');

  it("a real server stores better-auth's own hash, which better-auth checks", async () => {
    const hash = await standard.hash(password);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password })).toBe(true);
    expect(await standard.verify({ hash, password })).toBe(true);
    expect(await standard.verify({ hash, password: 'purple-otter-reads-43' })).toBe(false);
  });

  it('a test server stores scrypt with N = 1024 under its own prefix, and checks it', async () => {
    const hash = await test.hash(password);
    const [salt, key] = hash.slice(TEST_HASH_PREFIX.length).split(':');
    expect(hash.startsWith(TEST_HASH_PREFIX)).toBe(true);
    // the parameters, recomputed independently: better-auth's, with a smaller N
    expect(key).toBe(scryptSync(password, salt!, 64, { N: 1024, r: 16, p: 1 }).toString('hex'));
    expect(await test.hash(password)).not.toBe(hash); // a fresh salt each time
    expect(await test.verify({ hash, password })).toBe(true);
    expect(await test.verify({ hash, password: 'purple-otter-reads-43' })).toBe(false);
  });

  it('a real server never accepts a test-strength hash, even with the right password', async () => {
    const hash = await test.hash(password);
    expect(await standard.verify({ hash, password })).toBe(false);
  });

  it("a test server still checks better-auth's own hashes", async () => {
    const hash = await hashPassword(password);
    expect(await test.verify({ hash, password })).toBe(true);
    expect(await test.verify({ hash, password: 'nope-nope-nope' })).toBe(false);
  });

  it('a damaged test-strength hash matches nothing and throws nothing', async () => {
    for (const hash of [
      TEST_HASH_PREFIX,
      `${TEST_HASH_PREFIX}abc`,
      `${TEST_HASH_PREFIX}abc:`,
      `${TEST_HASH_PREFIX}abc:zz`,
      `${TEST_HASH_PREFIX}abc:${'0'.repeat(126)}`,
    ])
      expect(await test.verify({ hash, password })).toBe(false);
  });

  it('only NODE_ENV=test on a loopback address hashes at test strength', () => {
    expect(passwordHashStrength({ NODE_ENV: 'test', HOST: '127.0.0.1' })).toBe('test');
    expect(passwordHashStrength({ NODE_ENV: 'test', HOST: 'localhost' })).toBe('test');
    expect(passwordHashStrength({ NODE_ENV: 'test', HOST: '0.0.0.0' })).toBe('standard');
    expect(passwordHashStrength({ NODE_ENV: 'test', HOST: '192.168.1.20' })).toBe('standard');
    expect(passwordHashStrength({ NODE_ENV: 'production', HOST: '127.0.0.1' })).toBe('standard');
    expect(passwordHashStrength({ NODE_ENV: 'development', HOST: 'localhost' })).toBe('standard');
  });
});
