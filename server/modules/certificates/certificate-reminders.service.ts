// Certificate reminders (issue 14 point 4): before an athlete's latest certificate expires, at each of the club's
// thresholds (default 30, 14, 7 and 0 days before), one mail to whoever receives for the athlete (families/
// recipients.ts: an adult themselves, a minor's guardians, or the minor's own address while none is recorded) and,
// once a day, a digest to the
// club's staff who read health data (owner, admin, segreteria).
//
// Exactly once, whatever the number of instances and restarts: a reminder is claimed by inserting its row (unique per
// certificate and threshold), then sent, retried and taken over by the engine of jobs/claimed-mail.ts. The digest is
// claimed the same way per club and day.
// `now` is a parameter throughout: tests drive the calendar.
import { clubDate } from '../../../schema/club-time';
import { CERTIFICATE_FREE_AGE, CERTIFICATE_TYPE_RULES, type MedicalCertificateType } from '../../../schema/medical-certificates';
import type { AppDeps } from '../../context';
import { Prisma } from '../../generated/prisma/client.js';
import { ROLE_PERMISSIONS, CLUB_ROLES } from '../../access/permissions';
import { reclaimStale, sendClaimed } from '../../jobs/claimed-mail';
import { startPeriodicTask, type PeriodicTask } from '../../jobs/periodic';
import type { JobQueue } from '../../jobs/queue';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { longDate, onDate } from '../../lib/italian-dates';
import { recipientColumns } from '../families/recipients';

/** How late a threshold's reminder may still go out when no scan ran on its day (the smallest threshold's window). */
const LATE_DAYS = 7;

const STAFF_ROLES = CLUB_ROLES.filter((role) => ROLE_PERMISSIONS[role].has('health.read'));

interface DueRow {
  club_id: string;
  club_name: string;
  certificate_id: string;
  person_id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  legal_representative: string | null;
  minor: boolean;
  expires_on: Date;
  type: MedicalCertificateType | null;
  days_left: number;
  days_before: number;
}

interface ClaimedRow {
  id: string;
  club_id: string;
  certificate_id: string;
  person_id: string;
  days_before: number;
  recipient: string | null;
}

export interface ReminderRun {
  /** Reminders claimed by this run (sent or not). */
  claimed: number;
  sent: number;
  failed: number;
  digests: number;
}

/**
 * The reminders due on `today` across clubs: for each active athlete (6 or older) of a club with reminders on, the
 * latest certificate (by expiry) and the threshold whose window holds its days left: threshold d is due while
 * next-smaller-threshold < days left <= d (the smallest: d - LATE_DAYS < days left <= d), so a day without a scan
 * still sends it, and a certificate already near its expiry gets the nearest threshold only.
 */
function dueReminders(deps: AppDeps, today: string): Promise<DueRow[]> {
  const freeAfter = Prisma.sql`(${today}::date - make_interval(years => ${CERTIFICATE_FREE_AGE}))::date`;
  return deps.systemDb.$queryRaw<DueRow[]>`
    WITH latest AS (
      -- Certificates within reach of a threshold that are their person's latest: one renewed early (a later
      -- certificate, even beyond the window) is never reminded of.
      SELECT m.id, m.club_id, m.person_id, m.expires_on, m.type
      FROM medical_certificates m
      JOIN clubs c ON c.id = m.club_id AND c.certificate_reminders_enabled AND c.archived_at IS NULL
      WHERE m.expires_on BETWEEN ${today}::date - ${LATE_DAYS}::int AND ${today}::date + 366
        AND NOT EXISTS (SELECT 1 FROM medical_certificates n
                        WHERE n.person_id = m.person_id AND n.club_id = m.club_id
                          AND (n.expires_on, n.created_at, n.id) > (m.expires_on, m.created_at, m.id))
    ), candidates AS (
      SELECT l.*, (l.expires_on - ${today}::date) AS days_left, c.full_name AS club_name, c.certificate_reminder_days AS days,
             p.firstname, p.lastname, ${recipientColumns(today)}, p.legal_representative,
             (p.birthday IS NOT NULL AND p.birthday > (${today}::date - interval '18 years')::date) AS minor
      FROM latest l
      JOIN clubs c ON c.id = l.club_id
      JOIN people p ON p.id = l.person_id AND p.club_id = l.club_id
      WHERE EXISTS (SELECT 1 FROM person_roles r WHERE r.person_id = l.person_id AND r.club_id = l.club_id AND r.kind = 'athlete' AND r.archived_at IS NULL)
        AND (p.birthday IS NULL OR p.birthday <= ${freeAfter})
    )
    SELECT x.club_id::text, x.club_name, x.id::text AS certificate_id, x.person_id::text, x.firstname, x.lastname,
           x.recipient_email AS email, COALESCE(x.recipient_names, x.legal_representative) AS legal_representative, x.minor, x.expires_on, x.type::text AS type, x.days_left, t.d AS days_before
    FROM candidates x
    CROSS JOIN LATERAL (
      SELECT d FROM unnest(x.days) AS d
      WHERE d >= x.days_left
        AND x.days_left > COALESCE((SELECT max(s) FROM unnest(x.days) AS s WHERE s < d), d - ${LATE_DAYS}::int)
    ) t`;
}

const CLAIMED_COLUMNS = Prisma.sql`r.id::text, r.club_id::text, r.certificate_id::text, r.person_id::text, r.days_before, r.recipient`;

/** Claims the due reminders not claimed yet: only the rows this call inserted come back. */
async function claim(deps: AppDeps, today: string, due: DueRow[], now: Date): Promise<ClaimedRow[]> {
  if (!due.length) return [];
  const json = JSON.stringify(
    due.map((r) => ({ club_id: r.club_id, certificate_id: r.certificate_id, person_id: r.person_id, days_before: r.days_before, recipient: r.email })),
  );
  return deps.systemDb.$queryRaw<ClaimedRow[]>`
    INSERT INTO certificate_reminders (club_id, certificate_id, person_id, days_before, recipient, day, claimed_at)
    SELECT x.club_id, x.certificate_id, x.person_id, x.days_before, x.recipient, ${today}::date, ${now}
    FROM jsonb_to_recordset(${json}::jsonb) AS x(club_id uuid, certificate_id uuid, person_id uuid, days_before int, recipient text)
    ON CONFLICT (certificate_id, days_before) DO NOTHING
    RETURNING id::text, club_id::text, certificate_id::text, person_id::text, days_before, recipient`;
}

function reminderText(r: Pick<DueRow, 'firstname' | 'lastname' | 'minor' | 'legal_representative' | 'club_name' | 'expires_on' | 'type'>, daysLeft: number): { subject: string; text: string } {
  const who = `${r.firstname} ${r.lastname}`;
  const kind = r.type ? ` ${CERTIFICATE_TYPE_RULES[r.type].label.toLowerCase()}` : '';
  const when = daysLeft > 0 ? `scade ${onDate(r.expires_on)} (tra ${daysLeft} ${daysLeft === 1 ? 'giorno' : 'giorni'})` : daysLeft === 0 ? `scade oggi, ${longDate(r.expires_on)}` : `è scaduto ${onDate(r.expires_on)}`;
  const greeting = r.minor ? `Gentile ${r.legal_representative || 'genitore o tutore'} di ${who},` : `Gentile ${who},`;
  return {
    subject: `${r.club_name}: certificato medico di ${who} ${daysLeft < 0 ? 'scaduto' : 'in scadenza'}`,
    text: [
      greeting,
      '',
      `il certificato medico${kind} di ${who} ${when}.`,
      daysLeft >= 0
        ? 'Per continuare ad allenarsi e giocare senza interruzioni prenota per tempo la visita e consegna il nuovo certificato alla società.'
        : 'Senza un certificato valido non è possibile allenarsi né giocare: prenota la visita e consegna il nuovo certificato alla società.',
      '',
      `${r.club_name}`,
      '',
      'Ricevi questo messaggio perché la società ti ha registrato su CampoBase.',
    ].join('\n'),
  };
}

/** Sends claimed reminders, each marked sent (or its error, for a later retry). */
async function sendReminders(deps: AppDeps, claimed: ClaimedRow[], byCertificate: Map<string, DueRow>, now: Date): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const details = await detailsOf(deps, claimed.filter((c) => !byCertificate.has(c.certificate_id)), now);
  for (const row of claimed) {
    const due = byCertificate.get(row.certificate_id) ?? details.get(row.certificate_id);
    const to = row.recipient;
    if (!to || !due) continue; // no address: the staff digest lists them
    const daysLeft = Math.round((due.expires_on.getTime() - dateColumn(clubDate(now)).getTime()) / 86_400_000);
    if (await sendClaimed(deps, 'certificate_reminders', [row.id], { to, ...reminderText(due, daysLeft) })) sent++;
    else failed++;
  }
  return { sent, failed };
}

/** What a retried reminder's mail needs, read again (its run's rows are gone). */
async function detailsOf(deps: AppDeps, rows: ClaimedRow[], now: Date): Promise<Map<string, DueRow>> {
  if (!rows.length) return new Map();
  const found = await deps.systemDb.$queryRaw<Array<DueRow & { recipient_names: string | null }>>`
    SELECT m.id::text AS certificate_id, m.expires_on, m.type::text AS type, c.full_name AS club_name, p.firstname, p.lastname,
           p.legal_representative, ${recipientColumns(clubDate(now))}, (p.birthday IS NOT NULL AND p.birthday > (${clubDate(now)}::date - interval '18 years')::date) AS minor
    FROM medical_certificates m JOIN clubs c ON c.id = m.club_id JOIN people p ON p.id = m.person_id
    WHERE m.id = ANY(${rows.map((r) => r.certificate_id)}::uuid[])`;
  for (const r of found) r.legal_representative = r.recipient_names ?? r.legal_representative;
  return new Map(found.map((r) => [r.certificate_id, r]));
}

interface DigestLine {
  firstname: string;
  lastname: string;
  expires_on: Date;
  days_before: number;
  recipient: string | null;
}

/** The staff's digest of each club that had reminders today, claimed once per club and day. */
async function sendDigests(deps: AppDeps, today: string, clubIds: Set<string>, now: Date): Promise<number> {
  let sent = 0;
  for (const clubId of clubIds) {
    const staff = await deps.systemDb.$queryRaw<Array<{ email: string }>>`
      SELECT a.email FROM memberships m JOIN accounts a ON a.id = m.account_id
      WHERE m.club_id = ${clubId}::uuid AND m.role::text = ANY(${STAFF_ROLES}::text[]) AND a.is_active
      ORDER BY a.email`;
    if (!staff.length) continue;
    const claimed = await deps.systemDb.$queryRaw<Array<{ id: string }>>`
      INSERT INTO certificate_digests (club_id, day, recipients, reminders, claimed_at)
      SELECT ${clubId}::uuid, ${today}::date, ${staff.map((s) => s.email)}::text[],
             (SELECT count(*)::int FROM certificate_reminders WHERE club_id = ${clubId}::uuid AND day = ${today}::date), ${now}
      ON CONFLICT (club_id, day) DO NOTHING
      RETURNING id::text`;
    if (!claimed.length) continue;
    const lines = await deps.systemDb.$queryRaw<DigestLine[]>`
      SELECT p.firstname, p.lastname, m.expires_on, r.days_before, r.recipient
      FROM certificate_reminders r JOIN medical_certificates m ON m.id = r.certificate_id JOIN people p ON p.id = r.person_id
      WHERE r.club_id = ${clubId}::uuid AND r.day = ${today}::date
      ORDER BY m.expires_on, p.sort_name`;
    const club = await deps.systemDb.club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true } });
    const text = [
      `Certificati medici in scadenza o scaduti a ${club.fullName} (${longDate(dateColumn(today))}):`,
      '',
      ...lines.map((l) => {
        const verb = dayOf(l.expires_on)! < today ? 'è scaduto' : 'scade';
        return `- ${l.lastname} ${l.firstname}: ${verb} ${onDate(l.expires_on)}${l.recipient ? '' : ' (nessun indirizzo email: avvisalo tu)'}`;
      }),
      '',
      'I promemoria agli atleti sono stati inviati. Si possono cambiare i giorni o disattivarli in Impostazioni.',
    ].join('\n');
    const subject = `${club.fullName}: ${lines.length} ${lines.length === 1 ? 'certificato medico' : 'certificati medici'} da rinnovare`;
    if (await sendClaimed(deps, 'certificate_digests', [claimed[0].id], { to: staff.map((s) => s.email).join(', '), subject, text })) sent++;
  }
  return sent;
}

/** One pass: claim and send what is due on `now`'s club day, retry stale claims, send the digests. Idempotent. */
export async function runCertificateReminders(deps: AppDeps, now = deps.now()): Promise<ReminderRun> {
  const today = clubDate(now);
  const due = await dueReminders(deps, today);
  const claimed = await claim(deps, today, due, now);
  const retried = await reclaimStale<ClaimedRow>(deps, 'certificate_reminders', CLAIMED_COLUMNS, now);
  const byCertificate = new Map(due.map((r) => [r.certificate_id, r]));
  const { sent, failed } = await sendReminders(deps, [...claimed, ...retried], byCertificate, now);
  const digests = await sendDigests(deps, today, new Set(claimed.map((c) => c.club_id)), now);
  if (claimed.length || retried.length) deps.log.info({ claimed: claimed.length, retried: retried.length, sent, failed, digests }, 'certificate reminders');
  return { claimed: claimed.length, sent, failed, digests };
}

export const REMINDER_QUEUE = 'certificate-reminders';

/**
 * The reminders on the job queue: one scan every `reminderScanMinutes` across instances (jobs/periodic.ts: each
 * instance ticks at start and every period, one job per period is made); the claims above make each mail once even
 * if two scans overlapped.
 */
export async function startCertificateReminders(deps: AppDeps, jobs: JobQueue): Promise<{ scan: PeriodicTask; stop: () => void; runNow: (now?: Date) => Promise<ReminderRun> }> {
  const scan = await startPeriodicTask(jobs, {
    queue: REMINDER_QUEUE,
    everySeconds: deps.config.reminderScanMinutes * 60,
    run: () => runCertificateReminders(deps),
    log: deps.log,
    retries: { retryLimit: 3, retryDelay: 60 },
  });
  return { scan, stop: scan.stop, runNow: (now = deps.now()) => runCertificateReminders(deps, now) };
}
