/** Compares the migrations committed in server/db/migrations with those the database has applied. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Database } from './client.ts';
import { queryRows } from './sql-rows.ts';

/** Applied and committed migration counts. */
export interface MigrationStatus {
  applied: number;
  expected: number;
  upToDate: boolean;
}

/** Number of migrations in the committed journal. */
export function expectedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Reads drizzle's bookkeeping table; a database never migrated reports 0 applied. */
export async function migrationStatus(db: Database): Promise<MigrationStatus> {
  const expected = expectedMigrationCount();
  let applied = 0;
  try {
    const rows = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    applied = Number(rows[0]?.count ?? 0);
  } catch {
    applied = 0;
  }
  return { applied, expected, upToDate: applied === expected };
}
