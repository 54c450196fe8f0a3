-- Roles for row-level security (see server/db/schema.ts and docs/decisions/0001-server-and-database.md).
-- Roles are cluster-wide, so create them only when missing; the migrating user gets membership so the
-- server can `SET LOCAL ROLE` to them. Neither role can log in, own anything, or bypass RLS.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_system') THEN
    CREATE ROLE app_system NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
END
$$;--> statement-breakpoint
GRANT app_user TO CURRENT_USER;--> statement-breakpoint
GRANT app_system TO CURRENT_USER;--> statement-breakpoint
-- The user of the current transaction, set by server/db/rls.ts with set_config('app.user_id', id, true).
CREATE OR REPLACE FUNCTION app_current_user_id() RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.user_id', true), '') $$;
