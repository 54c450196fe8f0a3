/**
 * Row-level security helpers: every query on behalf of a user runs inside `asUser`, every trusted
 * server job inside `asSystem`. Both open a transaction, so PGlite's single connection is never
 * shared by two requests at once; always use the `tx` given, never the outer `db` (it would hang on
 * PGlite). See docs/decisions/0001-server-and-database.md.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** The transaction handed to callbacks (same query API as the database). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Run `work` as the signed-in user `userId`: `SET LOCAL ROLE app_user` with `app.user_id` set for the
 * transaction, so the policies of server/db/schema.ts apply.
 * @throws Error('User not authenticated') when userId is empty (spec §5).
 */
export async function asUser<T>(db: Database, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!userId) throw new Error('User not authenticated');
  return db.transaction(async (tx) => {
    // One round trip: set_config('role', …, true) is SET LOCAL ROLE (PostgreSQL docs, "set_config").
    await tx.execute(
      sql`select set_config('app.user_id', ${userId}, true), set_config('role', 'app_user', true)`,
    );
    return work(tx);
  });
}

/**
 * Run trusted server work (sign-up, seeding, jobs, token awards) as `app_system`. When `userId` is
 * given it is also set as `app.user_id`, for functions that read it.
 */
export async function asSystem<T>(db: Database, work: (tx: Tx) => Promise<T>, userId?: string): Promise<T> {
  return db.transaction(async (tx) => {
    if (userId) await tx.execute(sql`select set_config('app.user_id', ${userId}, true)`);
    await tx.execute(sql`set local role app_system`);
    return work(tx);
  });
}

/**
 * Inside a transaction of {@link asUser}: run one step of trusted server work as `app_system`, then go back to
 * `app_user` for the rest of the transaction. For a write the user's role may not make but the user's request
 * causes, which must commit or roll back with the user's own rows: the Reading Assessment's results, saved with
 * its reading (reading-sessions.service.ts; the grants of migration 0002 keep assessment results server work);
 * a family link, made in the transaction that consumes the reader's code. And for a read of another user's rows
 * that a check made as the user allows: a followed reader's report, read after the guardian's link was found
 * under RLS (server/routes/family/family.service.ts), so the tables' own policies need not be widened.
 * `app_system` sees every row: `work` must name the rows it reads or writes itself.
 */
export async function systemStep<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('role', 'app_system', true)`);
  const backToUser = () => tx.execute(sql`select set_config('role', 'app_user', true)`);
  let result: T;
  try {
    result = await work(tx);
  } catch (error) {
    // Back to the user's role should a caller ever go on in this transaction; after a failed statement
    // the transaction refuses every command, and the original error is the one to report.
    await backToUser().catch(() => undefined);
    throw error;
  }
  await backToUser();
  return result;
}
