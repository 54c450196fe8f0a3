import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { preparePrivateDataDir } from './data-dir.ts';

describe('preparePrivateDataDir', () => {
  const umask = process.umask();
  afterEach(() => {
    process.umask(umask);
  });

  it('creates the folder 0700 and makes new files 0600', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sparky-perm-')), 'data');
    preparePrivateDataDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    writeFileSync(join(dir, 'new.wav'), 'x');
    mkdirSync(join(dir, 'recordings'));
    expect(statSync(join(dir, 'new.wav')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'recordings')).mode & 0o777).toBe(0o700);
  });

  it('takes group and other access from what an older version left world-readable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sparky-perm-'));
    process.umask(0o022);
    mkdirSync(join(dir, 'recordings', 'user-1'), { recursive: true });
    writeFileSync(join(dir, 'recordings', 'user-1', 'a.wav'), 'x');
    chmodSync(dir, 0o755);
    expect(preparePrivateDataDir(dir)).toBe(4);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'recordings', 'user-1')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'recordings', 'user-1', 'a.wav')).mode & 0o777).toBe(0o600);
  });
});
