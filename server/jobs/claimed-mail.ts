// Scheduled mails sent exactly once (certificate reminders, fee reminders), whatever the number of instances and
// restarts. Each module claims what is due by inserting its rows (unique per thing and threshold: the loser of a race
// inserts nothing); this file holds the rest of the engine they share: a claim is sent and marked sent in one
// transaction (sent: written to the mail outbox, which delivers it with retries), and a claim whose send failed or
// whose worker died stays unsent and is taken again after CLAIM_TIMEOUT by a compare-and-set on claimed_at, so two
// workers never resend it together.
import type { AppDeps } from '../context';
import { Prisma } from '../generated/prisma/client.js';
import type { MailMessage } from '../lib/mailer';

/** The tables of claimed mails: each has id, claimed_at, sent_at and error (and recipient, but for the digests). */
const CLAIM_TABLES = {
  certificate_reminders: Prisma.raw('certificate_reminders'),
  certificate_digests: Prisma.raw('certificate_digests'),
  fee_reminders: Prisma.raw('fee_reminders'),
} as const;
export type ClaimTable = keyof typeof CLAIM_TABLES;

/** An unsent claim older than this is taken again. */
export const CLAIM_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Unsent claims whose worker failed or died, taken over by this run (compare-and-set on claimed_at), at most 500;
 * `returning` lists the columns the caller needs, of the row aliased `r`.
 */
export function reclaimStale<Row>(deps: AppDeps, table: Exclude<ClaimTable, 'certificate_digests'>, returning: Prisma.Sql, now: Date): Promise<Row[]> {
  const t = CLAIM_TABLES[table];
  return deps.systemDb.$queryRaw<Row[]>`
    UPDATE ${t} r SET claimed_at = ${now}, error = NULL
    FROM (SELECT id, claimed_at FROM ${t}
          WHERE sent_at IS NULL AND recipient IS NOT NULL AND claimed_at < ${new Date(now.getTime() - CLAIM_TIMEOUT_MS)}
          ORDER BY claimed_at LIMIT 500) old
    WHERE r.id = old.id AND r.claimed_at = old.claimed_at
    RETURNING ${returning}`;
}

/**
 * Sends one mail for the claimed rows `ids` (one reminder, or several of one recipient) and marks them sent in the
 * same transaction; on failure records the error on them for a later retry. System mail, caused by no one: only the
 * mailer's per-recipient throttle counts it. True when sent.
 */
export async function sendClaimed(deps: AppDeps, table: ClaimTable, ids: string[], mail: MailMessage): Promise<boolean> {
  const t = CLAIM_TABLES[table];
  try {
    await deps.systemDb.$transaction(async (tx) => {
      await deps.mailer.send(mail, {}, { tx });
      await tx.$executeRaw`UPDATE ${t} SET sent_at = ${deps.now()}, error = NULL WHERE id = ANY(${ids}::uuid[])`;
    });
    return true;
  } catch (err) {
    deps.log.error({ err, table, claims: ids }, 'claimed mail not sent');
    await deps.systemDb.$executeRaw`UPDATE ${t} SET error = ${String((err as Error).message ?? err).slice(0, 500)} WHERE id = ANY(${ids}::uuid[])`;
    return false;
  }
}
