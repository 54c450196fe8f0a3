/**
 * Integration-suite set-up: on PostgreSQL (TEST_DATABASE_URL), migrate and seed the shared test database
 * once before the files run (they run in parallel). On PGlite each file opens its own in-memory database.
 */
import { openDatabase } from '../../server/db/client.ts';
import { seedDatabase } from '../../server/db/seed.ts';
import { TEST_DATABASE_SECRET } from './database.ts';

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const handle = await openDatabase({ url, secret: TEST_DATABASE_SECRET });
  try {
    await handle.migrate();
    await seedDatabase(handle.db);
  } finally {
    await handle.close();
  }
}
