import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates the committed migrations from server/db/schema.ts (never edit a landed one). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
