/**
 * The data folder holds children's recordings, the database and the session secret: only the user the
 * server runs as may read it. `preparePrivateDataDir` runs first at start: it sets the process umask to
 * 077 (every file the server, PGlite or a child process creates is 0600, every folder 0700), creates
 * DATA_DIR as 0700, and takes group and other access away from anything an older version left readable.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Mode of DATA_DIR and every folder in it. */
export const PRIVATE_DIR_MODE = 0o700;
/** Mode of every file in DATA_DIR. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Make `dataDir` private to this user, and new files private by default.
 * @returns how many existing entries had group or other access taken away
 */
export function preparePrivateDataDir(dataDir: string): number {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  let fixed = 0;
  const fix = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink() || (stat.mode & 0o077) === 0) return;
    chmodSync(path, stat.mode & 0o700);
    fixed++;
  };
  fix(dataDir);
  for (const entry of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) fix(join(dataDir, entry));
  return fixed;
}
