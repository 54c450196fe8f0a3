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
import { LOGIN_GROUP, loginUrl, provisionLoginRole } from './roles.ts';
import * as schema from './schema.ts';

/** The Drizzle database type common to both drivers. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which engine is behind the database. */
export type DatabaseKind = 'pglite' | 'postgres';

/** An open database and how to migrate and close it. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Applies the committed migrations in server/db/migrations (idempotent) as the owner, then sets up
   * the login role that every other query runs as.
   */
  migrate(): Promise<void>;
  /** Closes connections; waits for queries in flight. */
  close(): Promise<void>;
}

/** Where the committed migrations live. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** How to reach the database. */
export interface DatabaseOptions {
  /** PostgreSQL URL of the **owner** role (migrations); when absent, PGlite is used. */
  url?: string;
  /**
   * PostgreSQL URL of the login role requests use (DATABASE_APP_URL). When absent, the server makes
   * `<database>_login` with a password derived from `secret` (server/db/roles.ts).
   */
  appUrl?: string;
  /** The server's secret, from which the made login role's password is derived. */
  secret?: string;
  /** PGlite folder (created if missing); absent means in memory (tests). */
  dataDir?: string;
  /**
   * In-memory PGlite only: start from this dump of a data folder (PGlite's `dumpDataDir`, a tar) instead of
   * an empty cluster. The integration suite migrates and seeds one database, dumps it, and each test file
   * starts from the dump: loading takes about a fifth of the CPU time of creating a cluster (~0.8 s vs ~4 s).
   */
  snapshot?: Blob;
}

/**
 * Open the database. Queries run as the login role (docs/decisions/0011-database-roles.md): on
 * PostgreSQL a pool of the login role, connected after `migrate()` has made it; on PGlite the one
 * connection switched to `app_login` by `migrate()`.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const ownerUrl = options.url;
    // Fail fast with the server's own message when the URL is wrong.
    const probe = new pg.Client({ connectionString: ownerUrl });
    await probe.connect();
    await probe.end();
    const made = !options.appUrl;
    if (made && !options.secret) throw new Error('openDatabase: a secret is needed to make the login role');
    const appUrl = loginUrl(ownerUrl, options.secret ?? '', options.appUrl);
    const pool = new pg.Pool({ connectionString: appUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const owner = new pg.Client({ connectionString: ownerUrl });
        await owner.connect();
        try {
          await migratePg(drizzlePg({ client: owner, schema }) as never, {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
          await provisionLoginRole(owner, appUrl, made);
        } finally {
          await owner.end();
        }
      },
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
    client = await PGlite.create(options.snapshot ? { loadDataDir: options.snapshot } : {});
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      // Migrations run as the connection's superuser; every query after them as app_login.
      await client.exec('RESET ROLE');
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await client.exec(`SET ROLE ${LOGIN_GROUP}`);
    },
    close: () => client.close(),
  };
}
