// Outgoing mail's transports. With SMTP_URL it is sent; without, each message is written as an .eml file to
// DATA_DIR/outbox and summarised in the log, so a newcomer (and the e2e tests) can read password codes without a
// mail server. The app does not call them directly: every mail is first a row of the outbox table, delivered
// through them by the job queue with retries (mail-outbox.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Prisma } from '../generated/prisma/client.js';
import type { RateLimits } from './rate-limits';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID header; the outbox gives each mail its own, the same at every attempt. */
  messageId?: string;
  /** Extra headers (a notice's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** The envelope's sender, where bounces go (the outbox's per-mail bounce address); MAIL_FROM without it. */
  envelopeFrom?: string;
}

/** nodemailer's options for a message: the envelope's sender, when given, with the same recipients. */
const sendOptions = (from: string, { envelopeFrom, ...message }: MailMessage) => ({
  from,
  ...message,
  ...(envelopeFrom ? { envelope: { from: envelopeFrom, to: message.to } } : {}),
});

/** Who caused a mail, for the throttle: the club whose action sends it, the signed-in account, the client's IP. */
export interface MailOrigin {
  club?: string;
  account?: string;
  ip?: string;
}

export interface MailSendOptions {
  /**
   * The transaction of the write the mail belongs to (an invitation and its link): the outbox row is written in it,
   * so the mail exists iff the write commits, and its delivery starts once the transaction has ended.
   */
  tx?: Prisma.TransactionClient;
  /** The outbox row's id (a UUID), for a sender that keeps it to follow the mail's delivery (notices). */
  mailId?: string;
}

export interface Mailer {
  /**
   * Through the app this throws RateLimitError, sending nothing, when a throttle is exhausted (throttledMailer), and
   * otherwise only records the mail: delivery (and its retries) come after (mail-outbox.ts).
   */
  send(message: MailMessage, origin?: MailOrigin, options?: MailSendOptions): Promise<void>;
  readonly outboxDir?: string;
  /** Closes the transport's pooled connections (the app's close). */
  close?(): void;
}

interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: { info(obj: object, msg: string): void };
}

export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    // Bounded waits (nodemailer's own allow 10 minutes of silence): a stuck server fails the attempt, which is
    // retried, well within the outbox's claim on the mail. Timeouts in the URL's query still win. Pooled: a
    // connection per mail costs its handshake each time (about 100 ms against a local server, 2.5 ms pooled), which
    // would cap a notice to hundreds of families at a few hundred mails a minute.
    const transport: Transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 2, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    return {
      async send(message) {
        await transport.sendMail(sendOptions(from, message));
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    async send(message) {
      const info = await transport.sendMail(sendOptions(from, message));
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox (no SMTP_URL)');
    },
  };
}

/**
 * The one door every outgoing mail goes through: each mail counts against the `mail` rule of the rate limits, per
 * recipient address and per club, account or IP that caused it, and is refused with RateLimitError (nothing sent)
 * beyond them. The product team's own addresses (FEEDBACK_EMAIL, SALES_EMAIL) are not counted per recipient, so
 * nobody can exhaust them for everyone; what reaches them stays counted per sender.
 */
export function throttledMailer(inner: Mailer, limits: RateLimits, teamAddresses: Array<string | undefined>): Mailer {
  const team = new Set(teamAddresses.flatMap((list) => (list ?? '').split(',')).map((a) => a.trim().toLowerCase()).filter(Boolean));
  return {
    outboxDir: inner.outboxDir,
    async send(message, origin = {}, options) {
      const recipients = message.to.split(',').map((a) => a.trim().toLowerCase()).filter((a) => a && !team.has(a));
      await limits.consume('mail', { club: origin.club, account: origin.account, ip: origin.ip });
      for (const recipient of recipients) await limits.consume('mail', { recipient });
      await inner.send(message, origin, options);
    },
  };
}
