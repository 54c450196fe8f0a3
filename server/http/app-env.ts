import type { Logger } from 'pino';

/** The signed-in user as route handlers see it (from better-auth's session). */
export interface RequestUser {
  /** better-auth user id (text). */
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/**
 * Hono environment shared by every route module: `c.var.log` a request-scoped pino logger,
 * `c.var.currentUser()` the signed-in user or null (looked up once per request, on first call:
 * server/http/require-user.ts). Routes behind `requireUser` read `c.var.user` ({@link UserEnv}).
 */
export interface AppEnv {
  Variables: {
    log: Logger;
    requestId: string;
    /** The client's address (server/http/client-ip.ts). */
    clientIp: string;
    currentUser: () => Promise<RequestUser | null>;
  };
}

/** The environment of a route behind `requireUser`: `c.var.user` is set. */
export interface UserEnv {
  Variables: { user: RequestUser };
}
