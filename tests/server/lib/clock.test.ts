// The app's calendar follows its clock (AppDeps.now, server/lib/clock.ts), on every face that says "today": the
// GraphQL certificate states (person, list column and filter), the dashboard, a team's eligibility, the legacy
// REST list, the season label and the reminder job. One athlete whose certificate expires on 10 September 2027,
// seen on two days the test sets, never on the day the suite runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../../server/lib/clock';
import { runCertificateReminders } from '../../../server/modules/certificates/certificate-reminders.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { withCheckCharacter } from '../../support/tax-code-factories';
import { readOutbox, startTestApp, type TestApp } from '../../support/test-app';

const TAX_CODE = withCheckCharacter('NREMRA90A41F205');

const TODAY = /* GraphQL */ `
  query($groupId: ID!, $taxCode: String!) {
    club { seasonLabel }
    dashboard { today certificatesExpiring certificatesExpired }
    people(kind: athlete, certificate: expiring) { totalCount }
    groupEligibility(groupId: $groupId) { today mayPlay athletes { state } }
    personByTaxCode(taxIdCode: $taxCode) { certificateStatus medicalCertificates { state } }
  }`;

let t: TestApp;
let club: TestClub;
let groupId: string;
/** The clock the app reads: each test sets the instant it starts from. */
let clock = clockFrom('2027-09-01T00:30:00+02:00');

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock() });
  club = await createClub(t.deps, { fullName: 'ASD Orologio' });
  const ctx = await clubContext(t.deps, club);
  const athlete = await createPerson(ctx, 'athlete', {
    profile: { firstname: 'Maria', lastname: 'Neri', birthday: '1990-01-01', taxIdCode: TAX_CODE, typeGenderId: 2, emailPrimary: 'maria.neri@example.it' },
    details: { medicalExaminationExpirationDate: '2027-09-10' },
  });
  groupId = (await createGroupWith(t.deps, club.clubId, 'athlete', 'Prima squadra', [athlete.roleId])).id;
});
afterAll(() => t.close());

const as = () => ({ token: club.token, club: club.clubToken });
async function today() {
  const res = await gql(t.app, TODAY, { groupId, taxCode: TAX_CODE }, as());
  expect(res.body.errors).toBeUndefined();
  const legacy = await rest(t.app, '/athlete/load', {}, as());
  return { ...res.body.data, legacy: legacy.body.context.data.map((r: { medical_certificate_status: string }) => r.medical_certificate_status) };
}

describe("the app's clock", () => {
  it('30 minutes into 1 September 2027 in Italy: the new season, the certificate expiring in 9 days, a reminder', async () => {
    clock = clockFrom('2027-09-01T00:30:00+02:00'); // still 31 August in UTC
    expect(await today()).toEqual({
      club: { seasonLabel: '2027/28' },
      dashboard: { today: '2027-09-01', certificatesExpiring: 1, certificatesExpired: 0 },
      people: { totalCount: 1 },
      groupEligibility: { today: '2027-09-01', mayPlay: 1, athletes: [{ state: 'expiring' }] },
      personByTaxCode: { certificateStatus: 'expiring', medicalCertificates: [{ state: 'expiring' }] },
      legacy: ['expiring'],
    });
    // The job with no instant of its own reads the app's clock: 9 days left, the 14-day reminder.
    expect(await runCertificateReminders(t.deps)).toMatchObject({ claimed: 1, sent: 1 });
    const mail = (await readOutbox(t.dataDir)).find((m) => m.to.includes('maria.neri@example.it'));
    expect(mail?.text).toContain("scade il 10 settembre 2027 (tra 9 giorni)");
  });

  it('on 11 September 2027: expired, may not play, still the 2027/28 season', async () => {
    clock = clockFrom('2027-09-11T10:00:00+02:00');
    expect(await today()).toEqual({
      club: { seasonLabel: '2027/28' },
      dashboard: { today: '2027-09-11', certificatesExpiring: 0, certificatesExpired: 1 },
      people: { totalCount: 0 },
      groupEligibility: { today: '2027-09-11', mayPlay: 0, athletes: [{ state: 'expired' }] },
      personByTaxCode: { certificateStatus: 'expired', medicalCertificates: [{ state: 'expired' }] },
      legacy: ['expired'],
    });
  });
});
