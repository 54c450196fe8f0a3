/**
 * The database of an integration test file: PostgreSQL when TEST_DATABASE_URL is set (migrated by
 * global-setup.ts), otherwise an in-memory PGlite copied from the suite's migrated, seeded dump.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { seedDatabase } from '../../server/db/seed.ts';
import { asSystem } from '../../server/db/rls.ts';
import { profiles, users } from '../../server/db/schema.ts';

/** The secret the PostgreSQL login role's password derives from in tests (server/db/roles.ts). */
export const TEST_DATABASE_SECRET = 'test-database-secret-that-is-long-enough';

/** Open the test database for this file; queries run as the login role, as in production. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openDatabase({ url, secret: TEST_DATABASE_SECRET });
  // The suite's migrated, seeded dump (global-setup.ts); migrate() then only checks and switches role.
  const file = inject('pgliteSnapshot');
  const handle = await openDatabase(file ? { snapshot: new Blob([readFileSync(file)]) } : {});
  await handle.migrate();
  await seedDatabase(handle.db);
  return handle;
}

/** Which engine the suite runs on, for test titles. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Create a user row and a profile the way sign-up does (as server work), with a unique id and e-mail so
 * that files sharing one PostgreSQL database never collide.
 */
export async function createTestUser(
  handle: DatabaseHandle,
  overrides: Partial<typeof profiles.$inferInsert> = {},
): Promise<{ id: string; email: string }> {
  const id = `test-${randomUUID()}`;
  const email = `${id}@example.test`;
  await handle.db.insert(users).values({ id, name: 'Test Reader', email });
  await asSystem(handle.db, (tx) =>
    tx.insert(profiles).values({ userId: id, displayName: 'Test Reader', ...overrides }),
  );
  return { id, email };
}
