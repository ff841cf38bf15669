// The mail outbox (issue 16): every outgoing mail is first a row of `mail_outbox`, then delivered through the
// transport (SMTP, or the .eml folder without SMTP_URL) by the job queue, which retries a failure with backoff
// (jobs/mail-delivery.ts). The row keeps the status, attempts and last error: failed mails are seen in the database.
//
// - Written by `send`: with its own statement, or inside the sender's transaction (options.tx), so that a mail that
//   belongs to a write (an invitation and its link) exists iff the write commits.
// - Handed to the queue as soon as it is written (once the sender's transaction has ended: see `committed`). A
//   process without the queue (JOBS=0, most tests) makes the attempt itself, in the background; what it could not
//   deliver, and any mail never handed over (a crash in between), the queue's periodic sweep picks up.
// - Delivered once: an attempt first claims the row (pending -> sending, compare-and-set), so a second job for a mail
//   already sent, or being sent, does nothing. A claim whose worker died is taken again after CLAIM_TIMEOUT: only a
//   crash in the middle of the SMTP conversation can send a mail twice, and then with the same Message-ID.
// - Never delivered to an address under the reserved top-level domain `.invalid` (RFC 2606: it cannot exist). The
//   demo club's people, club and account use only such addresses (scripts/seed/demo-club.ts), so demo data never
//   mails anyone, whatever the job (certificate reminders, digests, invitations): such recipients are dropped, and a
//   mail left with none is recorded as `withheld`, without its body, and never handed over.
import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';
import type { JobQueue } from '../jobs/queue';
import { currentRequestId } from '../operations/log-scope';
import type { Background } from './background';
import type { Mailer, MailMessage } from './mailer';

export const MAIL_QUEUE = 'mail-delivery';
/** An attempt still `sending` after this is taken to have died with its worker (the SMTP timeouts are far shorter). */
const CLAIM_TIMEOUT_MS = 10 * 60_000;
/** Sent and failed mails are deleted after this many days. */
const MAIL_RETENTION_DAYS = 30;

/** What one attempt did: sent; failed, to be retried or given up (final); or nothing, the mail not being pending. */
export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'skipped';

export interface MailOutbox {
  /** Records mail (the app's mailer, behind the throttle) and starts its delivery. */
  mailer: Mailer;
  /** From now on, mails written are handed to this queue (null: attempted in this process). */
  useQueue(jobs: JobQueue | null): void;
  /** One attempt at mail `id`; `final`: no retry follows, a failure marks it failed. */
  deliver(id: string, final: boolean): Promise<DeliveryOutcome>;
  /** Hands to the queue the mails nobody handed over (or whose job was lost) and deletes old settled ones. */
  sweep(): Promise<number>;
}

interface OutboxOptions {
  /** The unguarded client: the outbox is read and written as the system. */
  db: PrismaClient;
  transport: Mailer;
  background: Background;
  /** MAIL_FROM, whose domain names the Message-IDs. */
  from: string;
  /**
   * MAIL_BOUNCE_ADDRESS: each mail's envelope sender is this address with the mail's id after a `+` (VERP), so a
   * bounce names the mail it is about (modules/notices/mail-bounces.ts reads it back).
   */
  bounceAddress?: string;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface ClaimedMail {
  recipients: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

/** `bounce@example.it` and a mail id: `bounce+<id>@example.it`. */
export function bounceAddressOf(bounceAddress: string, mailId: string): string {
  const at = bounceAddress.lastIndexOf('@');
  return `${bounceAddress.slice(0, at)}+${mailId}${bounceAddress.slice(at)}`;
}

/** Addresses under the reserved `.invalid` top-level domain (RFC 2606), such as the demo data's. */
export const isReservedAddress = (address: string) => /\.invalid>?\s*$/i.test(address.trim());

/** The recipients of a To header (addresses separated by commas) that can receive mail, as a To header again. */
export function deliverableRecipients(to: string): string {
  return to.split(',').map((a) => a.trim()).filter((a) => a && !isReservedAddress(a)).join(', ');
}

/** Mails handed over to the queue per statement. */
const HAND_OVER_CHUNK = 500;

/** The row a writer's rolled-back transaction left no trace of is briefly inserted under this status (see committed). */
const PROBE_STATUS = 'probe';

export function createMailOutbox({ db, transport, background, from, bounceAddress, log }: OutboxOptions): MailOutbox {
  let queue: JobQueue | null = null;
  const domain = /@([\w.-]+)/.exec(from)?.[1] ?? 'campobase.local';
  // Mails written inside one sender's transaction share one wait for its end, however many there are.
  const byTransaction = new WeakMap<object, string[]>();

  async function handOver(ids: string[]): Promise<void> {
    if (!queue) {
      for (const id of ids) await deliver(id, false);
      return;
    }
    // A transaction's mails (a notice run writes hundreds) in one enqueue and one update.
    for (let i = 0; i < ids.length; i += HAND_OVER_CHUNK) {
      const chunk = ids.slice(i, i + HAND_OVER_CHUNK);
      await queue.sendMany(MAIL_QUEUE, chunk.map((mailId) => ({ mailId })));
      await db.mailOutbox.updateMany({ where: { id: { in: chunk } }, data: { queuedAt: new Date() } });
    }
  }

  /**
   * Settles once the transaction that wrote mail `id` has ended: whether it committed. Inserting the same id waits
   * for that transaction (PostgreSQL's unique check on a row not yet committed), then conflicts if it committed, or
   * goes through if it rolled back (the probe row is deleted at once). On PGlite every statement already waits for
   * the open transaction. A probe that fails (e.g. the statement timeout during a long transaction) leaves the mail,
   * if committed, to the sweep.
   */
  async function committed(id: string): Promise<boolean> {
    const probed = await db.$executeRaw`
      INSERT INTO mail_outbox (id, recipients, subject, text, status) VALUES (${id}::uuid, '', '', '', ${PROBE_STATUS})
      ON CONFLICT (id) DO NOTHING`;
    if (!probed) return true;
    await db.$executeRaw`DELETE FROM mail_outbox WHERE id = ${id}::uuid AND status = ${PROBE_STATUS}`;
    return false;
  }

  async function deliver(id: string, final: boolean): Promise<DeliveryOutcome> {
    const [mail] = await db.$queryRaw<ClaimedMail[]>`
      UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, last_attempt_at = now()
      WHERE id = ${id}::uuid
        AND (status = 'pending' OR (status = 'sending' AND last_attempt_at < now() - ${CLAIM_TIMEOUT_MS} * interval '1 millisecond'))
      RETURNING recipients, subject, text, html, headers, attempts`;
    if (!mail) return 'skipped'; // sent, failed, being sent, or never committed
    try {
      await transport.send({
        to: mail.recipients,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: `<${id}@${domain}>`,
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(bounceAddress ? { envelopeFrom: bounceAddressOf(bounceAddress, id) } : {}),
      });
    } catch (err) {
      const lastError = String((err as Error)?.message ?? err).slice(0, 500);
      await db.mailOutbox.update({ where: { id }, data: { status: final ? 'failed' : 'pending', lastError } });
      const fields = { err, mailId: id, to: mail.recipients, attempts: mail.attempts };
      if (final) log.error(fields, 'mail not delivered: no retries left (status failed in mail_outbox)');
      else log.warn(fields, 'mail not delivered: it will be retried');
      return final ? 'failed' : 'retry';
    }
    // The last error, if an earlier attempt failed, stays: why the mail came late.
    await db.mailOutbox.update({ where: { id }, data: { status: 'sent', sentAt: new Date(), text: '', html: null, headers: Prisma.DbNull } });
    return 'sent';
  }

  const mailer: Mailer = {
    outboxDir: transport.outboxDir,
    async send(message: MailMessage, origin = {}, { tx, mailId } = {}) {
      const id = mailId ?? randomUUID();
      const recipients = deliverableRecipients(message.to);
      const withheld = recipients === '';
      await (tx ?? db).mailOutbox.create({
        data: {
          id,
          recipients: withheld ? message.to : recipients,
          subject: message.subject,
          // A withheld mail keeps no body: codes and links do not linger, as for a sent one.
          text: withheld ? '' : message.text,
          html: withheld ? null : (message.html ?? null),
          headers: withheld || !message.headers ? Prisma.DbNull : message.headers,
          ...(withheld ? { status: 'withheld' } : {}),
          originClubId: origin.club ?? null,
          requestId: currentRequestId() ?? null,
        },
      });
      if (withheld) {
        log.info({ mailId: id, to: message.to }, 'mail withheld: every recipient is a reserved .invalid address (demo data)');
        return;
      }
      if (!tx) {
        background.run('mail: hand over', () => handOver([id]));
        return;
      }
      const sameTransaction = byTransaction.get(tx);
      if (sameTransaction) {
        sameTransaction.push(id);
        return;
      }
      const ids = [id];
      byTransaction.set(tx, ids);
      background.run('mail: hand over after commit', async () => {
        let wasCommitted: boolean;
        try {
          wasCommitted = await committed(id);
        } catch (err) {
          log.warn({ err, mailId: id }, 'mail: the end of the transaction that wrote it was not seen; the sweep hands it over');
          return;
        }
        if (wasCommitted) await handOver(ids);
      });
    },
  };

  return {
    mailer,
    useQueue(jobs) {
      queue = jobs;
    },
    deliver,
    async sweep() {
      await db.$executeRaw`
        DELETE FROM mail_outbox
        WHERE (status IN ('sent', 'failed', 'withheld') AND created_at < now() - ${MAIL_RETENTION_DAYS} * interval '1 day')
           OR (status = ${PROBE_STATUS} AND created_at < now() - interval '1 hour')`;
      if (!queue) return 0;
      // Never handed over (a minute after its last event), or handed over but untouched for longer than any retry
      // delay (its job lost), or an attempt that died with its worker.
      const rows = await db.$queryRaw<Array<{ id: string }>>`
        UPDATE mail_outbox SET queued_at = now()
        WHERE id IN (
          SELECT id FROM mail_outbox
          WHERE (status = 'pending' AND queued_at IS NULL AND COALESCE(last_attempt_at, created_at) < now() - interval '1 minute')
             OR (status = 'pending' AND COALESCE(last_attempt_at, queued_at) < now() - interval '6 hours')
             OR (status = 'sending' AND queued_at IS NULL AND last_attempt_at < now() - ${CLAIM_TIMEOUT_MS} * interval '1 millisecond')
             OR (status = 'sending' AND last_attempt_at < now() - interval '6 hours')
          ORDER BY created_at
          LIMIT 100
          FOR UPDATE SKIP LOCKED)
        RETURNING id::text`;
      await queue.sendMany(MAIL_QUEUE, rows.map(({ id }) => ({ mailId: id })));
      return rows.length;
    },
  };
}
