/**
 * Outgoing mail: over SMTP (nodemailer) when SMTP_URL is set, otherwise into the mail_outbox table, with
 * the message's links printed in the server log so a person running the app locally can follow them.
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
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
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
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { to: message.to, subject: message.subject, links },
        'mail kept in the outbox (no SMTP_URL set)',
      );
    },
  };
}
