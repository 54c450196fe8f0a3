/**
 * Opens the database: PGlite (embedded PostgreSQL persisted in a folder, or in memory) when no URL is
 * given, node-postgres when DATABASE_URL is set. Both get the same Drizzle schema and migrations.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

/** The Drizzle database type common to both drivers. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which engine is behind the database. */
export type DatabaseKind = 'pglite' | 'postgres';

/** An open database and how to migrate and close it. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the committed migrations in server/db/migrations (idempotent). */
  migrate(): Promise<void>;
  /** Closes connections; waits for queries in flight. */
  close(): Promise<void>;
}

/** Where the committed migrations live. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Open the database.
 * @param options.url - PostgreSQL URL; when absent, PGlite is used.
 * @param options.dataDir - PGlite folder (created if missing); absent means in memory (tests).
 */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Fail fast with the server's own message when the URL is wrong.
    await pool.query('select 1');
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const folder = resolve(options.dataDir);
    // PGlite does not create missing parent folders.
    mkdirSync(folder, { recursive: true });
    client = await PGlite.create(folder);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}
