// Certificate reminders with a controllable clock (each run is given its `now`), on a real database: the
// thresholds (30, 14, 7, 0 days), the right recipient (the athlete, a minor's legal representative), the staff's
// digest, each reminder exactly once across two workers, a restart (PostgreSQL: a second and a third app on the same
// database) and a failed send retried once its claim is stale; the club's settings (off, other days) and the log,
// each refused to roles and clubs that may not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clubMidnight } from '../../../schema/club-time';
import { MSG } from '../../../schema/messages';
import { addMonths } from '../../../schema/medical-certificates';
import { createApp, type CampoApp } from '../../../server/app';
import { runCertificateReminders } from '../../../server/modules/certificates/certificate-reminders.service';
import type { Mailer, MailMessage } from '../../../server/lib/mailer';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, usingPostgres, type TestApp } from '../../support/test-app';

/** Collects mail; `failing` makes every send throw (an SMTP outage). */
function recordingMailer() {
  const sent: MailMessage[] = [];
  let failing = false;
  const mailer: Mailer = {
    async send(message) {
      if (failing) throw new Error('SMTP non raggiungibile');
      sent.push(message);
    },
  };
  return { mailer, sent, fail: (on: boolean) => (failing = on) };
}

const D = '2027-03-01';
/** 09:00 in Rome on a day `offset` days after D. */
const at = (offset: number, minutes = 0) => new Date(clubMidnight(addDays(D, offset)).getTime() + 9 * 3600_000 + minutes * 60_000);

let t: TestApp;
let club: TestClub;
const mail = recordingMailer();
const to = (address: string) => mail.sent.filter((m) => m.to === address);

beforeAll(async () => {
  t = await startTestApp({}, { mailer: mail.mailer });
  club = await createClub(t.deps, { fullName: 'ASD Promemoria' });
  const ctx = await clubContext(t.deps, club);
  const athlete = async (lastname: string, birthday: string, email: string | null, expiresOn: string | null, extra: Record<string, unknown> = {}) => {
    const created = await createPerson(ctx, 'athlete', {
      profile: { firstname: 'Atleta', lastname, birthday, emailPrimary: email ?? undefined, ...extra },
      details: expiresOn ? { medicalExaminationExpirationDate: expiresOn } : {},
    });
    return created;
  };
  await athlete('Adulto', '1990-01-01', 'adulto@example.it', addDays(D, 30));
  await athlete('Minore', '2014-06-01', 'famiglia@example.it', addDays(D, 14), { legalRepresentative: 'Paola Minore' });
  await athlete('Senzamail', '1995-01-01', null, addDays(D, 7));
  await athlete('Piccolo', addMonths(D, -50), 'piccolo@example.it', addDays(D, 2));
  await athlete('Lontano', '1990-01-01', 'lontano@example.it', addDays(D, 200));
  await athlete('Vecchio', '1990-01-01', 'vecchio@example.it', addDays(D, -40));
  // Renewed early: a new certificate beyond the reminders' reach replaces the one expiring in 30 days.
  const renewed = await athlete('Rinnovato', '1990-01-01', 'rinnovato@example.it', addDays(D, 30));
  await t.deps.systemDb.medicalCertificate.create({
    data: { clubId: club.clubId, personId: renewed.personId, type: 'agonistico', issuedOn: new Date(`${D}T00:00:00Z`), expiresOn: new Date(`${addMonths(D, 24)}T00:00:00Z`) },
  });
  const archived = await athlete('Archiviato', '1990-01-01', 'archiviato@example.it', addDays(D, 30));
  await t.deps.systemDb.personRole.update({ where: { id: archived.roleId }, data: { archivedAt: new Date(), isActive: false } });
});
afterAll(() => t.close());

describe('the first day', () => {
  it('writes to each athlete at the threshold their certificate is in, and the staff one digest', async () => {
    const run = await runCertificateReminders(t.deps, at(0));
    expect(run).toMatchObject({ claimed: 3, sent: 2, failed: 0, digests: 1 });
    expect(to('adulto@example.it')).toHaveLength(1);
    expect(to('adulto@example.it')[0]).toMatchObject({ subject: 'ASD Promemoria: certificato medico di Atleta Adulto in scadenza' });
    expect(to('adulto@example.it')[0].text).toMatch(/^Gentile Atleta Adulto,\n\nil certificato medico di Atleta Adulto scade il 31 marzo 2027 \(tra 30 giorni\)/);
    // A minor's mail greets the legal representative.
    expect(to('famiglia@example.it')[0].text).toMatch(/^Gentile Paola Minore di Atleta Minore,/);
    // Under 6 (no certificate needed), far from expiry, long expired, renewed early, archived: nobody.
    for (const address of ['piccolo@example.it', 'lontano@example.it', 'vecchio@example.it', 'rinnovato@example.it', 'archiviato@example.it']) {
      expect(to(address)).toEqual([]);
    }
    const digest = to(club.email);
    expect(digest).toHaveLength(1);
    expect(digest[0].subject).toBe('ASD Promemoria: 3 certificati medici da rinnovare');
    expect(digest[0].text).toContain("- Senzamail Atleta: scade l'8 marzo 2027 (nessun indirizzo email: avvisalo tu)");
  });

  it('sends nothing more on a second run the same day, nor the next day', async () => {
    const before = mail.sent.length;
    expect(await runCertificateReminders(t.deps, at(0, 30))).toMatchObject({ claimed: 0, sent: 0, digests: 0 });
    expect(await runCertificateReminders(t.deps, at(1))).toMatchObject({ claimed: 0, sent: 0, digests: 0 });
    expect(mail.sent.length).toBe(before);
  });
});

describe('exactly once across workers and restarts', () => {
  it('lets two workers racing on the same day send each reminder once', async () => {
    // Day 16: Adulto reaches 14 days, Minore 0 days (expires on D + 14 = day 14: -2 days, still in the 0 window).
    const before = mail.sent.length;
    const second: CampoApp | null = usingPostgres()
      ? await createApp({ config: { ...t.deps.config, jobsEnabled: false }, mailer: mail.mailer, inMemoryDatabase: true })
      : null;
    try {
      const runs = await Promise.all([runCertificateReminders(t.deps, at(16)), runCertificateReminders((second ?? t).deps, at(16))]);
      expect(runs.reduce((n, r) => n + r.claimed, 0)).toBe(2);
      expect(runs.reduce((n, r) => n + r.digests, 0)).toBe(1);
      const fresh = mail.sent.slice(before);
      expect(fresh.filter((m) => m.to === 'adulto@example.it')).toHaveLength(1);
      expect(fresh.filter((m) => m.to === 'famiglia@example.it')).toHaveLength(1);
      const late = fresh.filter((m) => m.to === 'famiglia@example.it')[0];
      expect(late.subject).toBe('ASD Promemoria: certificato medico di Atleta Minore scaduto');
      expect(late.text).toContain('è scaduto il 15 marzo 2027');
      expect(fresh.find((m) => m.to === club.email)?.text).toContain('- Minore Atleta: è scaduto il 15 marzo 2027');
    } finally {
      await second?.app.close();
    }
  });

  it.runIf(usingPostgres())('sends nothing again after a restart (a new app on the same database)', async () => {
    const restarted = await createApp({ config: { ...t.deps.config, jobsEnabled: false }, mailer: mail.mailer, inMemoryDatabase: true });
    try {
      const before = mail.sent.length;
      expect(await runCertificateReminders(restarted.deps, at(16, 60))).toMatchObject({ claimed: 0, sent: 0 });
      expect(mail.sent.length).toBe(before);
    } finally {
      await restarted.app.close();
    }
  });

  it('retries a failed send once its claim is stale, and only then', async () => {
    const ctx = await clubContext(t.deps, club);
    await createPerson(ctx, 'athlete', { profile: { lastname: 'Guasto', birthday: '1990-01-01', emailPrimary: 'guasto@example.it' }, details: { medicalExaminationExpirationDate: addDays(D, 50) } });
    mail.fail(true);
    expect(await runCertificateReminders(t.deps, at(20))).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    mail.fail(false);
    const logged = await t.deps.systemDb.certificateReminder.findFirstOrThrow({ where: { recipient: 'guasto@example.it' } });
    expect(logged).toMatchObject({ sentAt: null, error: 'SMTP non raggiungibile', daysBefore: 30 });
    expect(await runCertificateReminders(t.deps, at(20, 5))).toMatchObject({ sent: 0 });
    expect(await runCertificateReminders(t.deps, at(20, 15))).toMatchObject({ sent: 1 });
    expect(await runCertificateReminders(t.deps, at(20, 30))).toMatchObject({ sent: 0 });
    expect(to('guasto@example.it')).toHaveLength(1);
  });
});

describe("the club's settings and the log", () => {
  const UPDATE = /* GraphQL */ `
    mutation($input: CertificateRemindersInput!) {
      updateCertificateReminders(input: $input) {
        __typename
        ... on MutationUpdateCertificateRemindersSuccess { data { message club { certificateReminders { enabled days } } } }
        ... on ValidationError { fields { field message } }
        ... on BaseError { message }
      }
    }`;
  const LOG = '{ certificateReminderLog { personName daysBefore recipient sentAt } }';
  const as = (who: TestClub) => ({ token: who.token, club: who.clubToken });

  it('changes the days (largest first), refuses bad ones in Italian, and only for club.write', async () => {
    const res = await gql(t.app, UPDATE, { input: { days: [3, 10] } }, as(club));
    expect(res.body.data.updateCertificateReminders.data).toEqual({ message: MSG.reminderSettingsSaved, club: { certificateReminders: { enabled: true, days: [10, 3] } } });
    const bad = await gql(t.app, UPDATE, { input: { days: [1, 1] } }, as(club));
    expect(bad.body.data.updateCertificateReminders).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'days', message: MSG.reminderDaysInvalid }] });
    const secretary = await addCollaborator(t.deps, club, 'segreteria');
    expect((await gql(t.app, UPDATE, { input: { enabled: false } }, as(secretary))).body.data.updateCertificateReminders.__typename).toBe('ForbiddenError');
    expect((await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId } })).certificateRemindersEnabled).toBe(true);
  });

  it('sends at the new days only, and nothing while turned off', async () => {
    const ctx = await clubContext(t.deps, club);
    await createPerson(ctx, 'athlete', { profile: { lastname: 'Nuovigiorni', birthday: '1990-01-01', emailPrimary: 'nuovi@example.it' }, details: { medicalExaminationExpirationDate: addDays(D, 60) } });
    await runCertificateReminders(t.deps, at(40)); // 20 days left: no threshold at 30 any more
    expect(to('nuovi@example.it')).toEqual([]);
    await gql(t.app, UPDATE, { input: { enabled: false } }, as(club));
    expect(await runCertificateReminders(t.deps, at(52))).toMatchObject({ claimed: 0 }); // 8 days left, within 10: but off
    expect(to('nuovi@example.it')).toEqual([]);
    await gql(t.app, UPDATE, { input: { enabled: true } }, as(club));
    await runCertificateReminders(t.deps, at(52));
    expect(to('nuovi@example.it')).toHaveLength(1);
    expect(to('nuovi@example.it')[0].text).toContain('tra 8 giorni');
  });

  it('lists what was sent to health readers of the club only', async () => {
    const log = await gql(t.app, LOG, {}, as(club));
    expect(log.body.errors).toBeUndefined();
    const entries = log.body.data.certificateReminderLog as Array<{ personName: string; daysBefore: number; recipient: string | null; sentAt: string | null }>;
    expect(entries.find((r) => r.recipient === 'nuovi@example.it')).toMatchObject({ personName: 'Mario Nuovigiorni', daysBefore: 10 });
    expect(Date.parse(entries.find((r) => r.recipient === 'nuovi@example.it')!.sentAt!)).not.toBeNaN();
    expect(entries.some((r) => r.recipient === null)).toBe(true);
    const reader = await addCollaborator(t.deps, club, 'lettura');
    expect((await gql(t.app, LOG, {}, as(reader))).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const stranger = await createClub(t.deps);
    expect((await gql(t.app, LOG, {}, as(stranger))).body.data.certificateReminderLog).toEqual([]);
  });
});
