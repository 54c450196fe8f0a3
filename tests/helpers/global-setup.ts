/**
 * Integration-suite set-up: on PostgreSQL (TEST_DATABASE_URL), migrate and seed the shared test database
 * once before the files run (they run in parallel). On PGlite, migrate and seed one in-memory database and
 * dump it to a file (PGlite's `dumpDataDir`): each file opens its own copy of the dump, which saves the
 * ~4 s of CPU that creating a cluster costs per file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { seedDatabase } from '../../server/db/seed.ts';
import { TEST_DATABASE_SECRET } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, seeded PGlite dump's file, or '' on PostgreSQL. */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({});
    const folder = mkdtempSync(join(tmpdir(), 'sparky-pglite-snapshot-'));
    try {
      await handle.migrate();
      await seedDatabase(handle.db);
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      await client.exec('RESET ROLE');
      const dump = await client.dumpDataDir('none');
      const file = join(folder, 'snapshot.tar');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      project.provide('pgliteSnapshot', file);
    } finally {
      await handle.close();
    }
    return () => rmSync(folder, { recursive: true, force: true });
  }
  project.provide('pgliteSnapshot', '');
  const handle = await openDatabase({ url, secret: TEST_DATABASE_SECRET });
  try {
    await handle.migrate();
    await seedDatabase(handle.db);
  } finally {
    await handle.close();
  }
}
