/**
 * Who the server is in the database (docs/decisions/0011-database-roles.md).
 *
 * - Migrations run as the **owner** role of DATABASE_URL: it owns the tables and creates roles.
 * - Requests run as a **login role** that owns nothing, cannot create roles or alter tables, and is a
 *   member of the NOLOGIN group `app_login` (migration 0005). Either the operator names it
 *   (DATABASE_APP_URL), or the server makes one from the owner's URL: `<database>_login`, whose password
 *   is derived from the session secret (HMAC, so every server sharing that secret agrees, and nothing
 *   new is stored), set again at every start.
 * - On PGlite there is one connection, whose session user is a superuser: after migrating, the server
 *   switches it to `app_login` (SET ROLE), so every query runs with the login role's rights — but SQL
 *   that reached the connection could RESET ROLE. That limit is written down in the ADR.
 */
import { createHmac } from 'node:crypto';
import type pg from 'pg';

/** The group role whose members the server's requests run as. */
export const LOGIN_GROUP = 'app_login';

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The login role the server makes for a database: `<database>_login` (lowercase, at most 63 characters). */
export function loginRoleName(database: string): string {
  const base = database.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return `${/^[a-z_]/.test(base) ? base : `db_${base}`}`.slice(0, 57) + '_login';
}

/** The login role's password: HMAC-SHA256 of the database name under the server's secret (hex). */
export function loginRolePassword(secret: string, database: string): string {
  return createHmac('sha256', secret).update(`database-login:${database}`).digest('hex');
}

/** Where requests connect: the operator's login URL, or the owner's URL with the made role put in. */
export function loginUrl(ownerUrl: string, secret: string, appUrl?: string): string {
  if (appUrl) return appUrl;
  const url = new URL(ownerUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.username = loginRoleName(database);
  url.password = loginRolePassword(secret, database);
  return url.toString();
}

/**
 * As the owner: make (or refresh) the login role and put it in `app_login`. With an operator-named
 * login role (DATABASE_APP_URL) only the membership is granted; its password is the operator's.
 * @param owner a client connected as the owner, after migrations
 */
export async function provisionLoginRole(owner: pg.ClientBase, loginConnectionUrl: string, made: boolean) {
  const role = decodeURIComponent(new URL(loginConnectionUrl).username);
  if (!ROLE_NAME.test(role))
    throw new Error(`The database login role "${role}" is not a plain lowercase name.`);
  if (made) {
    const password = decodeURIComponent(new URL(loginConnectionUrl).password);
    if (!/^[0-9a-f]{64}$/.test(password)) throw new Error('unexpected login role password');
    const exists = await owner.query('select 1 from pg_roles where rolname = $1', [role]);
    if (exists.rowCount === 0) {
      await owner.query(`CREATE ROLE ${role} LOGIN INHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS`);
    }
    // (Only a superuser may even restate SUPERUSER or BYPASSRLS; they are checked below instead.)
    await owner.query(`ALTER ROLE ${role} WITH LOGIN INHERIT NOCREATEDB NOCREATEROLE PASSWORD '${password}'`);
  }
  await owner.query(`GRANT ${LOGIN_GROUP} TO ${role}`);
  const { rows } = await owner.query<{
    rolsuper: boolean;
    rolbypassrls: boolean;
    rolcreaterole: boolean;
    owned: number;
  }>(
    `select rolsuper, rolbypassrls, rolcreaterole,
       (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
     from pg_roles r where rolname = $1`,
    [role],
  );
  const flags = rows[0];
  if (!flags || flags.rolsuper || flags.rolbypassrls || flags.rolcreaterole || flags.owned > 0) {
    throw new Error(
      `The database login role "${role}" must not be a superuser, bypass row-level security, create roles or own tables (docs/decisions/0011-database-roles.md).`,
    );
  }
}
