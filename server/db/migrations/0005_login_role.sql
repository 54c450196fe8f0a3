-- The login role's group (docs/decisions/0011-database-roles.md). Requests connect as a login role that
-- is a member of app_login: it owns nothing, cannot create roles or alter tables, and reads directly only
-- what the server itself needs outside row-level security (better-auth's tables, the outbox, the sign-in
-- lockout, drizzle's migration log). Everything of a user's goes through SET LOCAL ROLE app_user or
-- app_system (server/db/rls.ts). app_login is NOINHERIT, so its members get app_user's and app_system's
-- rights only by switching to them, never by default.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_login') THEN
    CREATE ROLE app_login NOLOGIN NOINHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
END
$$;--> statement-breakpoint
GRANT app_user TO app_login;--> statement-breakpoint
GRANT app_system TO app_login;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_login;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "user", "session", "account", "verification", "mail_outbox",
  "login_attempts", "trusted_devices" TO app_login;--> statement-breakpoint
GRANT USAGE ON SCHEMA drizzle TO app_login;--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO app_login;
