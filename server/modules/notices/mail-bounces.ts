// What a returned mail does (issue 39 point 3), once read (delivery-reports.ts): the mail it names is found (a
// notice's recipient row by its mail id, else the outbox row and the people of its club with that address), and
//   - a bounce marks the notice's recipient as not delivered, with the reason, and counts on the person's address: a
//     permanent failure three times blocks it (the delivery skips it) until the secretary or the person clears it; a
//     temporary one (a full mailbox, a delay) is only shown. The club's own address and MAIL_FROM are never blocked.
//   - a complaint ("this is spam") turns the person's notices by e-mail off, as an unsubscribe would.
// Only the address the mail went to can be marked: a report naming another address for our mail is ignored.
// Run by the bounce listener (no request, no club): it reads the rows the mail id names, and nothing else.
import type { AppDeps } from '../../context';
import type { DeliveryReport, RecipientFailure } from './delivery-reports';

/** Permanent failures of one address that block it. */
export const BLOCK_AFTER_FAILURES = 3;

interface MailedPerson {
  clubId: string;
  personId: string;
  address: string;
  /** The notice's recipient row, for a notice's mail. */
  recipientId: string | null;
}

const addressOf = (text: string) => (/<([^>]+)>/.exec(text)?.[1] ?? text).trim().toLowerCase();

/** Who mail `mailId` went to: its notice's recipient, or the people of its club with the address it was sent to. */
async function mailedPeople(deps: AppDeps, mailId: string): Promise<MailedPerson[]> {
  const db = deps.systemDb;
  const recipient = await db.noticeRecipient.findFirst({ where: { mailId }, select: { id: true, clubId: true, personId: true, email: true } });
  if (recipient?.email) return [{ clubId: recipient.clubId, personId: recipient.personId, address: recipient.email.toLowerCase(), recipientId: recipient.id }];
  const mail = await db.mailOutbox.findUnique({ where: { id: mailId }, select: { recipients: true, originClubId: true } });
  if (!mail?.originClubId) return [];
  const addresses = mail.recipients.split(',').map(addressOf).filter(Boolean);
  const people = await db.person.findMany({
    where: { clubId: mail.originClubId, OR: addresses.map((a) => ({ emailPrimary: { equals: a, mode: 'insensitive' as const } })) },
    select: { id: true, emailPrimary: true },
  });
  return people.map((p) => ({ clubId: mail.originClubId!, personId: p.id, address: p.emailPrimary!.toLowerCase(), recipientId: null }));
}

/** Addresses never blocked in a club: its own, and the product's sender. */
async function ownAddresses(deps: AppDeps, clubId: string): Promise<Set<string>> {
  const club = await deps.systemDb.club.findUnique({ where: { id: clubId }, select: { emailPrimary: true, emailSecondary: true } });
  return new Set([club?.emailPrimary, club?.emailSecondary, addressOf(deps.config.mailFrom)].filter((a): a is string => !!a).map((a) => a.trim().toLowerCase()));
}

async function recordFailure(deps: AppDeps, person: MailedPerson, failure: RecipientFailure): Promise<'blocked' | 'counted' | 'noted'> {
  const now = deps.now();
  const own = (await ownAddresses(deps, person.clubId)).has(person.address);
  return deps.systemDb.$transaction(async (tx) => {
    if (person.recipientId && failure.action === 'failed') {
      await tx.noticeRecipient.updateMany({ where: { id: person.recipientId, clubId: person.clubId }, data: { bouncedAt: now, bounceReason: failure.reason } });
    }
    const before = await tx.personMailStatus.findUnique({ where: { personId: person.personId } });
    // Failures of another address (the person's earlier one) start again from none.
    const sameAddress = before?.email?.toLowerCase() === person.address;
    const failures = (sameAddress ? before.failures : 0) + (failure.permanent ? 1 : 0);
    const block = failure.permanent && !own && failures >= BLOCK_AFTER_FAILURES;
    const blockedAt = sameAddress && before?.blockedAt ? before.blockedAt : block ? now : null;
    const data = { email: person.address, failures, blockedAt, lastFailureAt: now, lastFailure: failure.reason, lastFailurePermanent: failure.permanent };
    await tx.personMailStatus.upsert({ where: { personId: person.personId }, create: { personId: person.personId, clubId: person.clubId, ...data }, update: data });
    return blockedAt && !before?.blockedAt ? 'blocked' : failure.permanent ? 'counted' : 'noted';
  });
}

async function recordComplaint(deps: AppDeps, person: MailedPerson): Promise<void> {
  const now = deps.now();
  await deps.systemDb.personMailStatus.upsert({
    where: { personId: person.personId },
    create: { personId: person.personId, clubId: person.clubId, email: person.address, complainedAt: now, noticesEmailOffAt: now },
    update: { complainedAt: now, noticesEmailOffAt: now },
  });
}

export interface ReportOutcome {
  /** People whose record it changed. */
  people: number;
  /** Addresses it blocked. */
  blocked: number;
}

/** Records what a returned mail says about the people it was sent to. */
export async function recordDeliveryReport(deps: AppDeps, report: DeliveryReport): Promise<ReportOutcome> {
  const outcome: ReportOutcome = { people: 0, blocked: 0 };
  for (const mailId of report.mailIds) {
    for (const person of await mailedPeople(deps, mailId)) {
      if (report.kind === 'complaint') {
        if (report.address && report.address !== person.address) continue;
        await recordComplaint(deps, person);
        outcome.people++;
        continue;
      }
      const failure = report.failures.find((f) => f.address === person.address);
      if (!failure) continue;
      const result = await recordFailure(deps, person, failure);
      outcome.people++;
      if (result === 'blocked') outcome.blocked++;
      deps.log.info({ mailId, clubId: person.clubId, personId: person.personId, status: failure.status, permanent: failure.permanent, result }, 'bounce recorded');
    }
  }
  return outcome;
}
