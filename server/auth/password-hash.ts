/**
 * How passwords are hashed (ADR 0033).
 *
 * A real server uses better-auth's own scheme unchanged: scrypt with N = 16384, r = 16, p = 1, a 64-byte key
 * and a 16-byte random salt, stored as `salt:key` in hex (`better-auth/crypto`). Each hash or check costs about a
 * quarter of a second of CPU and 32 MiB, which is the point: it slows an offline guesser down.
 *
 * A test server (`NODE_ENV=test` bound to loopback, the same gate as the test outbox) uses the same scrypt with
 * N = 1024, 16 times cheaper, and marks its hashes `scrypt-test$salt:key`. The test suites sign up and sign in
 * hundreds of accounts; at full strength their hashing was half of the integration suites' CPU (ADR 0033).
 * This is the usual practice of web frameworks (Django's documentation, "Speeding up the tests": a faster
 * password hasher in the test settings). Only the cost changes: the same routes, hooks and checks run.
 *
 * A real server never accepts a test-strength hash: a database copied from a test server, or a row forged
 * into it, cannot sign anyone in with a cheap hash. A test server checks both kinds.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { isLoopbackHost } from '../http/redact.ts';

/** Which hashing a server uses: better-auth's own, or the cheaper one of test servers. */
export type PasswordHashStrength = 'standard' | 'test';

/** Prefix of a test-strength hash (never produced or accepted by a `standard` hasher). */
export const TEST_HASH_PREFIX = 'scrypt-test$';

/** scrypt parameters of test-strength hashes: better-auth's, with N 16 times smaller. */
export const TEST_SCRYPT = { N: 1024, r: 16, p: 1, keyLength: 64 } as const;

/** The `emailAndPassword.password` functions of better-auth's options. */
export interface PasswordHasher {
  /** A new hash of the password (a fresh salt each time). */
  hash(password: string): Promise<string>;
  /** Whether the password matches the stored hash; false for a hash this hasher does not accept. */
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

function testKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      TEST_SCRYPT.keyLength,
      {
        N: TEST_SCRYPT.N,
        r: TEST_SCRYPT.r,
        p: TEST_SCRYPT.p,
        maxmem: 128 * TEST_SCRYPT.N * TEST_SCRYPT.r * 2,
      },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

async function verifyTestHash(stored: string, password: string): Promise<boolean> {
  const [salt, key] = stored.slice(TEST_HASH_PREFIX.length).split(':');
  if (!salt || !key || !/^[0-9a-f]+$/.test(key) || key.length !== TEST_SCRYPT.keyLength * 2) return false;
  return timingSafeEqual(await testKey(password, salt), Buffer.from(key, 'hex'));
}

/**
 * The password hasher of a server.
 * @param strength `standard` on every real server; `test` only where `testPasswordHashing` says so.
 * @returns hash and verify for better-auth's `emailAndPassword.password`.
 */
export function createPasswordHasher(strength: PasswordHashStrength): PasswordHasher {
  return {
    async hash(password) {
      if (strength === 'standard') return hashPassword(password);
      const salt = randomBytes(16).toString('hex');
      return `${TEST_HASH_PREFIX}${salt}:${(await testKey(password, salt)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      if (hash.startsWith(TEST_HASH_PREFIX))
        return strength === 'test' ? verifyTestHash(hash, password) : false;
      return verifyPassword({ hash, password });
    },
  };
}

/**
 * Whether a server hashes at test strength: only with `NODE_ENV=test` on a loopback address, the gate of the
 * test outbox (server/app.ts), so no server that others can reach ever does.
 */
export function passwordHashStrength(env: { NODE_ENV: string; HOST: string }): PasswordHashStrength {
  return env.NODE_ENV === 'test' && isLoopbackHost(env.HOST) ? 'test' : 'standard';
}
