import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';
import type { Tx } from './rls.ts';

/**
 * Run raw SQL and return its rows. Both drivers (PGlite and node-postgres) answer `execute` with an
 * object holding `rows`; this gives it one typed shape.
 */
export async function queryRows<T>(executor: Database | Tx, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
