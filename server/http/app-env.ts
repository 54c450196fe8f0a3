import type { Logger } from 'pino';

/** The signed-in user as route handlers see it (set by the auth middleware). */
export interface RequestUser {
  /** better-auth user id (text). */
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/**
 * Hono environment shared by every route module: `c.get('user')` is the signed-in user
 * (undefined on public routes), `c.get('log')` a request-scoped pino logger.
 */
export interface AppEnv {
  Variables: {
    user: RequestUser | undefined;
    log: Logger;
    requestId: string;
    /** The client's address (server/http/client-ip.ts). */
    clientIp: string;
  };
}
