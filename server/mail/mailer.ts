/**
 * Outgoing mail: over SMTP (nodemailer) when SMTP_URL is set, otherwise into the mail_outbox table, which
 * the server's owners and admins read in the app (GET /api/outbox, the Profile page). No link, address or
 * text of a message is ever written to the log: confirmation and reset links are credentials (issue #14
 * item 9; docs/decisions/0023-owner-setup-and-outbox.md).
 */
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

/** One message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail. */
export interface Mailer {
  /** Where mail goes: 'smtp' or 'outbox'. */
  readonly transport: 'smtp' | 'outbox';
  /** @throws when SMTP refuses the message (the outbox never throws on valid input). */
  send(message: MailMessage): Promise<void>;
}

/** Create the mailer for the settings. */
export function createMailer(options: { smtpUrl?: string; from: string; db: Database; log: Logger }): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({ from, ...message });
        log.info({ subject: message.subject }, 'mail sent');
      },
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
      log.info(
        { subject: message.subject },
        'mail kept in the outbox (no SMTP_URL set): an owner or admin reads it on the Profile page',
      );
    },
  };
}
