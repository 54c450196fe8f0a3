/**
 * The mail outbox in the app (mounted at /api; issue #14 item 9, docs/decisions/0023): without SMTP_URL
 * the server keeps mail in the mail_outbox table instead of sending it, and its owners and admins read it
 * here to pass confirmation and reset links on by hand. Nobody else can: the links are credentials, and
 * they are never written to the log (server/mail/mailer.ts).
 */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { Hono } from 'hono';
import type { OutboxResponse } from '#core/api/account.ts';
import type { Database } from '../../db/client.ts';
import { asSystem } from '../../db/rls.ts';
import { mailOutbox, userRoles } from '../../db/schema.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';

/** How long the outbox keeps a message, in days (confirmation links work 24 h, reset links 1 h). */
export const OUTBOX_KEEP_DAYS = 7;
/** The most messages one answer lists, newest first. */
export const OUTBOX_PAGE = 100;

/** Whether the user is an owner or admin of the server. */
async function mayReadOutbox(db: Database, userId: string): Promise<boolean> {
  const rows = await asSystem(db, (tx) =>
    tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, ['owner', 'admin']))),
  );
  return rows.length > 0;
}

/** Build the outbox route. */
export function createOutboxRoutes(deps: { db: Database; transport: 'smtp' | 'outbox' }) {
  const { db, transport } = deps;
  /**
   * GET /api/outbox → OutboxResponse { transport, keepDays, messages: [{ id, to, subject, text,
   * createdAt }] } newest first, at most OUTBOX_PAGE; messages older than OUTBOX_KEEP_DAYS are deleted
   * first. Owners and admins only: 403 `forbidden`; 401 without a session.
   */
  return new Hono<AppEnv>().get('/outbox', requireUser, async (c) => {
    if (!(await mayReadOutbox(db, c.var.user.id))) {
      return apiError(c, 403, 'forbidden', 'Only an owner or admin of this server can read its outbox.');
    }
    const cutoff = new Date(Date.now() - OUTBOX_KEEP_DAYS * 86_400_000);
    await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, cutoff));
    const rows = await db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(OUTBOX_PAGE);
    const body: OutboxResponse = {
      transport,
      keepDays: OUTBOX_KEEP_DAYS,
      messages: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    };
    return c.json(body);
  });
}
