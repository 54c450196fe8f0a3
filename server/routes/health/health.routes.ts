/** Health of the server (mounted at /api): GET /api/health, public. */
import { Hono } from 'hono';
import type { DatabaseHandle } from '../../db/client.ts';
import { migrationStatus } from '../../db/migration-status.ts';
import type { AppEnv } from '../../http/app-env.ts';

/** Build the health route. */
export function createHealthRoutes(deps: { database: DatabaseHandle; version: string }) {
  const { database, version } = deps;
  /**
   * GET /api/health → 200 { status: 'ok', version, database: { kind, migrations: { applied, expected,
   * upToDate } } }, or 503 with status 'degraded' while migrations are missing.
   */
  return new Hono<AppEnv>().get('/health', async (c) => {
    const migrations = await migrationStatus(database.db);
    const body = {
      status: migrations.upToDate ? ('ok' as const) : ('degraded' as const),
      version,
      database: { kind: database.kind, migrations },
    };
    return c.json(body, migrations.upToDate ? 200 : 503);
  });
}
