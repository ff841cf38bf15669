// The personal area (issue 36 points 4 and 5) over the real app and database (both), mail through a real SMTP
// server: a parent's account reaches itself and its minor children, sees their data, memberships, certificates
// (each read logged as a health read), consents and who at the club sees them; changes contacts at once and asks
// the club for key fields, which the staff approve or reject (mailed); sends a certificate the staff approve into the
// history; withdraws the consents its relation answers for; downloads all the data as JSON and as a PDF read back by
// pdftotext. The refusals: another family's people on every operation (answered like unknown ids, nothing written),
// a guardian's reach ending at 18, a minor's own account, the staff's roles, another club. An approved online
// registration mails the registrant the door's link, which signs up an account without a club and opens the area.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, addYears } from '../../../schema/club-time';
import { MSG } from '../../../schema/messages';
import { FAMILY_MSG } from '../../../schema/messages-family';
import { pinnedToday } from '../../support/clock';
import { createClub, type TestClub } from '../../support/factories';
import { familyOf, type TestFamily } from '../../support/family-factories';
import { rootField, type Credentials } from '../../support/http';
import { clubContext, createGroupWith } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { readMail, startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';
import { startTestApp, type TestApp } from '../../support/test-app';
import { fakePdf, graphqlMultipart, pdf } from '../files/fixtures';

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
let other: TestClub;
let smtp: TestSmtpServer;
let parent: TestFamily;
let stranger: TestFamily;
const { today, now } = pinnedToday();
const dir = mkdtempSync(join(tmpdir(), 'family-area-'));
/** A birthday `years` ago from today, shifted by `days`. */
const bornAgo = (years: number, days = 0) => addDays(addYears(today, -years), days);

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));
const asFamily = (f: TestFamily): Credentials => ({ token: f.token });

const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';
const FAMILY = '{ myFamily { personId clubName relation firstname lastname birthday certificateState } }';
const PERSON = `query($id: ID!) { myFamilyPerson(personId: $id) { personId relation may { contacts changes certificates consents export } firstname lastname taxIdCode emailPrimary phonePrimary address { city } kinds
  memberships { number seasons } cards { body number } certificateState certificates { type expiresOn } certificateSubmissions { status reason }
  changeRequests { status changes { field from to } } guardians { name relationship } consents { purpose status giver canWithdraw withdrawnOn }
  documents { id title } visibility { role health names } } }`;
const UPDATE = `mutation($input: UpdateMyFamilyPersonInput!) { updateMyFamilyPerson(input: $input) { __typename ... on MutationUpdateMyFamilyPersonSuccess { data { message contactsSaved requestedFields } } ${ERRORS} } }`;
const WITHDRAW = `mutation($id: ID!, $p: ConsentPurpose!) { withdrawMyConsent(personId: $id, purpose: $p) { __typename ... on MutationWithdrawMyConsentSuccess { data { message } } ... on BaseError { __typename message } } }`;
const SUBMIT_CERT = `mutation($input: SubmitMyCertificateInput!) { submitMyCertificate(input: $input) { __typename ... on MutationSubmitMyCertificateSuccess { data { message id } } ${ERRORS} } }`;
const CHANGES = '{ personChangeRequests { id personId personName requestedBy changes { field from to } } }';
const CERTS = '{ certificateSubmissions { id personId personName type expiresOn fileId submittedBy } }';
const DECIDE = (name: string) => `mutation($input: DecideFamilyRequestInput!) { ${name}(input: $input) { __typename ... on BaseError { __typename message } ... on ValidationError { fields { field message } } } }`;
const RECORD_CONSENT = `mutation($i: RecordConsentInput!) { recordConsent(input: $i) { __typename ${ERRORS} } }`;

const certificate = { type: 'non_agonistico', issuedOn: today, expiresOn: addYears(today, 1) };

async function submitCertificate(creds: Credentials, personId: string, content: Buffer | null, input: Record<string, unknown> = certificate) {
  const body = graphqlMultipart(SUBMIT_CERT, { input: { personId, ...input, file: null } }, content ? [{ path: 'input.file', filename: 'certificato.pdf', contentType: 'application/pdf', content }] : []);
  const res = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': body.contentType, authorization: `Bearer ${creds.token}` }, payload: body.payload });
  expect(res.statusCode, res.body).toBeLessThan(500);
  return res.json().data?.submitMyCertificate ?? res.json();
}

async function download(path: string, creds: Credentials | null) {
  const res = await t.app.inject({ method: 'GET', url: path, headers: creds?.token ? { authorization: `Bearer ${creds.token}` } : {} });
  return res;
}

async function mailTo(to: string, after: number): Promise<{ subject: string; text: string }> {
  await vi.waitFor(() => expect(smtp.received.filter((m) => m.to.includes(to)).length).toBeGreaterThan(after), { timeout: 20_000, interval: 100 });
  return readMail(smtp.received.filter((m) => m.to.includes(to)).at(-1)!);
}
const mailCount = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>' }, { now });
  club = await clubWithEveryRole(t.deps, 'ASD Area Personale');
  owner = as(club.members.owner);
  other = await createClub(t.deps, { fullName: 'ASD Altra Famiglia' });
  const ctx = await clubContext(t.deps, club.members.owner);
  parent = await familyOf(ctx, [bornAgo(10), bornAgo(15)], 'Bianchi');
  stranger = await familyOf(await clubContext(t.deps, other), [bornAgo(9)], 'Verdi');
  // the coach coaches the first child's group: the only coach who sees them
  const group = await createGroupWith(t.deps, club.clubId, 'athlete', 'Esordienti', [parent.children[0].roleId]);
  await t.deps.systemDb.membership.updateMany({ where: { token: club.members.allenatore.clubToken }, data: { groupIds: [group.id] } });
  await call('mutation($i: PublishPrivacyNoticeInput!) { publishPrivacyNotice(input: $i) { __typename } }', { i: { title: 'Informativa', text: 'Trattiamo i dati per il tesseramento.' } }, owner);
  for (const child of parent.children) {
    for (const purpose of ['trattamento_dati', 'dati_salute', 'comunicazioni']) {
      const recorded = await call(RECORD_CONSENT, { i: { personId: child.personId, purpose, granted: true, givenById: child.birthday === bornAgo(15) && purpose !== 'dati_salute' ? null : parent.parentId } }, owner);
      expect(recorded.__typename, JSON.stringify(recorded)).toBe('MutationRecordConsentSuccess');
    }
  }
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe("a parent's personal area", () => {
  it('lists the parent and both children, yourself first, with the certificate state of the athletes', async () => {
    const people = await call(FAMILY, {}, asFamily(parent));
    expect(people.map((p: any) => [p.firstname, p.relation])).toEqual([['Anna', 'titolare'], ['Luca', 'genitore'], ['Sara', 'genitore']]);
    expect(people[1]).toMatchObject({ clubName: 'ASD Area Personale', certificateState: 'missing' });
    expect(people[0].certificateState).toBeNull(); // the parent is a member, not an athlete
    expect(JSON.stringify(people)).not.toContain('Verdi');
  });

  it("shows a child's page: data, consents with who answers, who at the club sees them; the read is logged as a health read", async () => {
    const before = await t.deps.systemDb.accessLogEntry.count({ where: { personId: parent.children[0].personId, action: 'health_read' } });
    const page = await call(PERSON, { id: parent.children[0].personId }, asFamily(parent));
    expect(page).toMatchObject({ relation: 'genitore', firstname: 'Luca', lastname: 'Bianchi', kinds: ['Atleta'], certificateState: 'missing', guardians: [{ name: 'Anna Bianchi', relationship: 'genitore' }] });
    expect(page.may).toEqual({ contacts: true, changes: true, certificates: true, consents: true, export: true });
    expect(page.consents.find((c: any) => c.purpose === 'dati_salute')).toMatchObject({ status: 'dato', giver: 'guardian', canWithdraw: true });
    expect(page.consents.find((c: any) => c.purpose === 'foto_video')).toMatchObject({ status: 'mancante', canWithdraw: false });
    const roles = Object.fromEntries(page.visibility.map((v: any) => [v.role, v]));
    expect(Object.keys(roles)).toEqual(['owner', 'admin', 'segreteria', 'tesoriere', 'allenatore', 'lettura']);
    expect(roles.tesoriere.health).toBe(false);
    expect(roles.segreteria.health).toBe(true);
    expect(roles.lettura.health).toBe(false);
    expect(roles.allenatore.names).toHaveLength(1); // the coach of the child's group
    const second = await call(PERSON, { id: parent.children[1].personId }, asFamily(parent));
    expect(second.visibility.find((v: any) => v.role === 'allenatore').names).toEqual([]); // not coached
    await t.deps.accessLog.flush();
    expect(await t.deps.systemDb.accessLogEntry.count({ where: { personId: parent.children[0].personId, action: 'health_read', actorAccountId: parent.accountId } })).toBeGreaterThan(before);
  });

  it('changes contacts at once and asks the club for the key fields; one request waits at a time', async () => {
    const id = parent.children[0].personId;
    const saved = await call(UPDATE, { input: { personId: id, contacts: { emailPrimary: 'luca.bianchi@example.it', phonePrimary: '333 444 5555', address: { city: 'Parma', address: 'Via Roma' } }, keyFields: { firstname: 'Luca', lastname: 'Bianchi' } } }, asFamily(parent));
    expect(saved).toMatchObject({ __typename: 'MutationUpdateMyFamilyPersonSuccess', data: { message: FAMILY_MSG.familyContactsSaved, contactsSaved: true, requestedFields: [] } });
    const asked = await call(UPDATE, { input: { personId: id, keyFields: { firstname: 'Luchino', birthplace: 'Parma' } } }, asFamily(parent));
    expect(asked.__typename, JSON.stringify(asked)).toBe('MutationUpdateMyFamilyPersonSuccess');
    expect(asked.data).toMatchObject({ message: FAMILY_MSG.familyChangeRequested, requestedFields: ['firstname', 'birthplace'] });
    const person = await t.deps.systemDb.person.findUniqueOrThrow({ where: { id }, include: { address: true } });
    expect(person).toMatchObject({ firstname: 'Luca', emailPrimary: 'luca.bianchi@example.it', address: { city: 'Parma' } });
    expect(await call(UPDATE, { input: { personId: id, keyFields: { lastname: 'Bianco' } } }, asFamily(parent))).toMatchObject({ __typename: 'ConflictError', message: FAMILY_MSG.familyChangePending });
    const bad = await call(UPDATE, { input: { personId: id, contacts: { emailPrimary: 'non-una-email', phonePrimary: '12' } } }, asFamily(parent));
    expect(bad.__typename).toBe('ValidationError');
    expect((await call(PERSON, { id }, asFamily(parent))).changeRequests[0]).toMatchObject({ status: 'in_attesa', changes: [{ field: 'firstname', from: 'Luca', to: 'Luchino' }, { field: 'birthplace', from: null, to: 'Parma' }] });
  });

  it('the staff approve the change (fields and search written, the parent mailed) or reject it with a reason', async () => {
    const requests = await call(CHANGES, {}, owner);
    const request = requests.find((r: any) => r.personId === parent.children[0].personId);
    expect(request).toMatchObject({ personName: 'Luca Bianchi', requestedBy: 'Anna Bianchi (Genitore o tutore)' });
    expect(await call(DECIDE('decidePersonChangeRequest'), { input: { id: request.id, approve: false } }, owner)).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'reason', message: FAMILY_MSG.familyReasonRequired }] });
    expect(await call(DECIDE('decidePersonChangeRequest'), { input: { id: request.id, approve: true } }, as(club.members.lettura))).toMatchObject({ __typename: 'ForbiddenError' });
    expect(await call(DECIDE('decidePersonChangeRequest'), { input: { id: request.id, approve: true } }, as(other))).toMatchObject({ __typename: 'NotFoundError' });
    const before = mailCount(parent.email);
    expect(await call(DECIDE('decidePersonChangeRequest'), { input: { id: request.id, approve: true } }, owner)).toMatchObject({ __typename: 'MutationDecidePersonChangeRequestSuccess' });
    const person = await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: parent.children[0].personId } });
    expect(person).toMatchObject({ firstname: 'Luchino', birthplace: 'Parma' });
    expect(person.searchText).toContain('luchino');
    expect((await mailTo(parent.email, before)).text).toContain('Nome: Luchino');
    expect(await call(DECIDE('decidePersonChangeRequest'), { input: { id: request.id, approve: true } }, owner)).toMatchObject({ __typename: 'ConflictError', message: FAMILY_MSG.familyRequestNotPending });

    await call(UPDATE, { input: { personId: parent.children[1].personId, keyFields: { lastname: 'Bianco' } } }, asFamily(parent));
    const second = (await call(CHANGES, {}, owner)).find((r: any) => r.personId === parent.children[1].personId);
    expect(await call(DECIDE('decidePersonChangeRequest'), { input: { id: second.id, approve: false, reason: 'Il cognome è quello del documento.' } }, owner)).toMatchObject({ __typename: 'MutationDecidePersonChangeRequestSuccess' });
    expect((await mailTo(parent.email, before + 1)).text).toContain('Motivo: Il cognome è quello del documento.');
    expect((await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: parent.children[1].personId } })).lastname).toBe('Bianchi');
  });

  it('sends a certificate (a corrupt file refused, one waiting at a time); the staff approve it into the history', async () => {
    const id = parent.children[0].personId;
    expect((await submitCertificate(asFamily(parent), id, fakePdf())).__typename).toBe('ValidationError');
    expect(await submitCertificate(asFamily(parent), id, null)).toMatchObject({ __typename: 'ValidationError', message: FAMILY_MSG.familyCertificateFileRequired });
    expect((await submitCertificate(asFamily(parent), id, pdf(), { ...certificate, expiresOn: addYears(today, 3) })).__typename).toBe('ValidationError');
    const sent = await submitCertificate(asFamily(parent), id, pdf());
    expect(sent).toMatchObject({ __typename: 'MutationSubmitMyCertificateSuccess', data: { message: FAMILY_MSG.familyCertificateSubmitted } });
    expect(await submitCertificate(asFamily(parent), id, pdf())).toMatchObject({ __typename: 'ConflictError', message: FAMILY_MSG.familyCertificatePending });
    expect(await t.deps.systemDb.medicalCertificate.count({ where: { personId: id } })).toBe(0);

    expect(await call(CERTS, {}, as(club.members.allenatore))).toMatchObject({ errors: [{ message: MSG.permissionDenied }] });
    const [waiting] = (await call(CERTS, {}, owner)).filter((c: any) => c.personId === id);
    expect(waiting).toMatchObject({ personName: 'Luchino Bianchi', type: 'Non agonistico', submittedBy: 'Anna Bianchi (Genitore o tutore)' });
    const file = await t.app.inject({ method: 'GET', url: `/files/${waiting.fileId}`, headers: { authorization: `Bearer ${owner.token}`, 'x-club': owner.club! } });
    expect(file.statusCode).toBe(200);
    const before = mailCount(parent.email);
    expect(await call(DECIDE('decideCertificateSubmission'), { input: { id: waiting.id, approve: true } }, owner)).toMatchObject({ __typename: 'MutationDecideCertificateSubmissionSuccess' });
    expect((await mailTo(parent.email, before)).subject).toBe('Certificato approvato: Luchino Bianchi');
    const page = await call(PERSON, { id }, asFamily(parent));
    expect(page).toMatchObject({ certificateState: 'valid', certificates: [{ type: 'Non agonistico', expiresOn: certificate.expiresOn }], certificateSubmissions: [{ status: 'approvata' }] });
  });

  it('withdraws the consents its relation answers for (from 14 the minor may too), only one given', async () => {
    const [younger, older] = parent.children.map((c) => c.personId);
    expect(await call(WITHDRAW, { id: older, p: 'comunicazioni' }, asFamily(parent))).toMatchObject({ __typename: 'MutationWithdrawMyConsentSuccess' });
    expect(await call(WITHDRAW, { id: older, p: 'comunicazioni' }, asFamily(parent))).toMatchObject({ __typename: 'ConflictError', message: FAMILY_MSG.familyConsentNotGiven });
    expect(await call(WITHDRAW, { id: younger, p: 'foto_video' }, asFamily(parent))).toMatchObject({ __typename: 'ConflictError', message: FAMILY_MSG.familyConsentNotGiven });
    expect(await call(WITHDRAW, { id: older, p: 'dati_salute' }, asFamily(parent))).toMatchObject({ __typename: 'MutationWithdrawMyConsentSuccess' });
    const consent = await t.deps.systemDb.consent.findFirstOrThrow({ where: { personId: older, purpose: 'dati_salute' }, orderBy: { createdAt: 'desc' } });
    expect(consent.withdrawnBy).toBe(parent.accountId);
    expect((await call(PERSON, { id: older }, asFamily(parent))).consents.find((c: any) => c.purpose === 'dati_salute')).toMatchObject({ status: 'revocato', withdrawnOn: today });
  });

  it('downloads all the data as JSON and as a PDF read back by pdftotext', async () => {
    const id = parent.children[0].personId;
    const json = await download(`/api/area/persone/${id}/dati.json`, asFamily(parent));
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain('dati-bianchi-luchino.json');
    const data = json.json();
    expect(data).toMatchObject({ club: 'ASD Area Personale', requestedAs: 'Genitore o tutore', person: { firstname: 'Luchino', lastname: 'Bianchi', emailPrimary: 'luca.bianchi@example.it' } });
    expect(data.medicalCertificates).toHaveLength(1);
    expect(data.guardians[0]).toMatchObject({ name: 'Anna Bianchi', relationship: 'genitore' });
    expect(data.consents.map((c: any) => c.purpose)).toContain('Dati relativi alla salute');
    expect(data.accessLog.length).toBeGreaterThan(0);
    const pdfAnswer = await download(`/api/area/persone/${id}/dati.pdf`, asFamily(parent));
    expect(pdfAnswer.headers['content-type']).toBe('application/pdf');
    const file = join(dir, 'dati.pdf');
    writeFileSync(file, pdfAnswer.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of ['I dati di Luchino Bianchi', 'ASD Area Personale', 'Certificati medici', 'Consensi privacy', 'registro accessi', 'luca.bianchi@example.it']) expect(text).toContain(expected);
    expect(await download(`/api/area/persone/${id}/dati.json`, null)).toMatchObject({ statusCode: 401 });
  });
});

describe('another family, and the limits of a relation', () => {
  /** Every row of the stranger's club, as one digest per table: nothing may change. */
  async function digest() {
    const rows = await t.deps.systemDb.$queryRawUnsafe<Array<{ d: string }>>(
      `SELECT md5(string_agg(x, '|' ORDER BY x)) AS d FROM (
         SELECT p::text AS x FROM people p WHERE club_id = $1::uuid
         UNION ALL SELECT c::text FROM consents c WHERE club_id = $1::uuid
         UNION ALL SELECT r::text FROM person_change_requests r WHERE club_id = $1::uuid
         UNION ALL SELECT s::text FROM certificate_submissions s WHERE club_id = $1::uuid) t`,
      other.clubId,
    );
    return rows[0].d;
  }

  it("refuses another family's people on every operation, like unknown ids, and writes nothing", async () => {
    await call(RECORD_CONSENT, { i: { personId: stranger.children[0].personId, purpose: 'trattamento_dati', granted: true, givenById: stranger.parentId } }, as(other)).catch(() => undefined);
    const before = await digest();
    for (const id of [stranger.parentId, stranger.children[0].personId]) {
      expect(await call(PERSON, { id }, asFamily(parent))).toBeNull();
      expect(await call(UPDATE, { input: { personId: id, contacts: { emailPrimary: 'presa@example.it' }, keyFields: { firstname: 'Preso' } } }, asFamily(parent))).toMatchObject({ __typename: 'NotFoundError' });
      expect(await call(WITHDRAW, { id, p: 'trattamento_dati' }, asFamily(parent))).toMatchObject({ __typename: 'NotFoundError' });
      expect((await submitCertificate(asFamily(parent), id, pdf())).__typename).toBe('NotFoundError');
      for (const path of ['dati.json', 'dati.pdf', `iscrizioni/${id}/firmata.pdf`]) expect((await download(`/api/area/persone/${id}/${path}`, asFamily(parent))).statusCode).toBe(404);
    }
    expect(await digest()).toBe(before);
    // and the other way round: the stranger's parent sees nothing of this family
    expect((await call(FAMILY, {}, asFamily(stranger))).map((p: any) => p.lastname)).toEqual(['Verdi', 'Verdi']);
    expect(await call(PERSON, { id: parent.children[0].personId }, asFamily(stranger))).toBeNull();
  });

  it("ends a guardian's reach on the child's 18th birthday", async () => {
    const ctx = await clubContext(t.deps, club.members.owner);
    const family = await familyOf(ctx, [bornAgo(18, 1), bornAgo(18)], 'Neri');
    const people = await call(FAMILY, {}, asFamily(family));
    expect(people.map((p: any) => p.personId)).toEqual([family.parentId, family.children[0].personId]);
    expect(await call(PERSON, { id: family.children[1].personId }, asFamily(family))).toBeNull();
  });

  it("a minor's own account reads and withdraws its own consents, and changes nothing else", async () => {
    const child = parent.children[1]; // 15
    const account = await t.deps.systemDb.account.create({ data: { email: 'sara.bianchi@example.it', passwordHash: 'x' } });
    await t.deps.systemDb.person.update({ where: { id: child.personId }, data: { accountId: account.id } });
    const { openSession } = await import('../../../server/modules/accounts/sessions');
    const { serviceContext } = await import('../../support/factories');
    const creds = { token: await openSession(serviceContext(t.deps), account.id) };
    expect((await call(FAMILY, {}, creds)).map((p: any) => p.relation)).toEqual(['minore']);
    expect((await call(PERSON, { id: child.personId }, creds)).may).toEqual({ contacts: false, changes: false, certificates: false, consents: true, export: true });
    expect(await call(UPDATE, { input: { personId: child.personId, contacts: { emailPrimary: 'nuova@example.it' } } }, creds)).toMatchObject({ __typename: 'ForbiddenError', message: FAMILY_MSG.familyGuardianOnly });
    expect((await submitCertificate(creds, child.personId, pdf())).__typename).toBe('ForbiddenError');
    expect(await call(WITHDRAW, { id: child.personId, p: 'trattamento_dati' }, creds)).toMatchObject({ __typename: 'MutationWithdrawMyConsentSuccess' });
    expect(await call(WITHDRAW, { id: child.personId, p: 'dati_salute' }, creds)).toMatchObject({ __typename: 'ForbiddenError', message: FAMILY_MSG.familyGuardianOnly });
    await t.deps.systemDb.person.update({ where: { id: child.personId }, data: { accountId: null } });
  });

  it('an account linked to nobody is refused with the reason; staff roles are not a family', async () => {
    expect(await call(FAMILY, {}, { token: club.members.segreteria.token })).toMatchObject({ errors: [{ message: FAMILY_MSG.familyNoAccess }] });
    expect(await call(FAMILY, {}, null)).toMatchObject({ errors: [{ message: MSG.notAuthenticated }] });
  });
});

describe('a new privacy notice version, asked again at the next sign-in', () => {
  const PENDING = '{ myPendingPrivacyNotices { id clubName version title changed } }';
  const ACCEPT = 'mutation($id: ID!) { acceptPrivacyNotice(noticeId: $id) { __typename ... on MutationAcceptPrivacyNoticeSuccess { data { message } } ... on BaseError { __typename message } } }';

  it('asks for the current version until accepted, records who, when and from where, and asks again for the next one', async () => {
    const [first] = await call(PENDING, {}, asFamily(parent));
    expect(first).toMatchObject({ clubName: 'ASD Area Personale', version: 1, changed: false });
    expect(await call(ACCEPT, { id: first.id }, asFamily(stranger))).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(ACCEPT, { id: first.id }, asFamily(parent))).toMatchObject({ data: { message: FAMILY_MSG.privacyNoticeAccepted(1) } });
    expect(await call(ACCEPT, { id: first.id }, asFamily(parent))).toMatchObject({ data: { message: FAMILY_MSG.privacyNoticeAccepted(1) } }); // twice: one row
    expect(await call(PENDING, {}, asFamily(parent))).toEqual([]);
    const rows = await t.deps.systemDb.privacyNoticeAcceptance.findMany({ where: { accountId: parent.accountId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ noticeId: first.id, email: parent.email, ip: '127.0.0.1' });
    await expect(t.deps.systemDb.privacyNoticeAcceptance.update({ where: { id: rows[0].id }, data: { email: 'altro@example.it' } })).rejects.toThrow();

    await call('mutation($i: PublishPrivacyNoticeInput!) { publishPrivacyNotice(input: $i) { __typename } }', { i: { title: 'Informativa 2', text: 'Ora anche le foto delle partite.' } }, owner);
    const [second] = await call(PENDING, {}, asFamily(parent));
    expect(second).toMatchObject({ version: 2, title: 'Informativa 2', changed: true });
    expect(await call(ACCEPT, { id: first.id }, asFamily(parent))).toMatchObject({ __typename: 'NotFoundError' }); // an older version
    expect(await call(ACCEPT, { id: second.id }, asFamily(parent))).toMatchObject({ data: { message: FAMILY_MSG.privacyNoticeAccepted(2) } });
    expect(await t.deps.systemDb.privacyNoticeAcceptance.count({ where: { accountId: parent.accountId } })).toBe(2);
  });
});

describe('from an approved online registration to the personal area', () => {
  it('mails the registrant the door, which signs up an account without a club and opens the area', async () => {
    // A registration approved: the minimum the review needs, made by the service itself.
    const ctx = await clubContext(t.deps, club.members.owner);
    const { approveRegistrations } = await import('../../../server/modules/registrations/registration-review.service');
    const seeded = await seedSignedRegistration();
    const before = mailCount(seeded.email);
    const result = await approveRegistrations(ctx, [seeded.id]);
    expect(result.approved).toEqual([seeded.id]);
    const mail = await mailTo(seeded.email, before);
    const token = /\/invito\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    const door = await call('query($t: String!) { invitation(token: $t) { kind state email targetName roleLabel hasAccount } }', { t: token }, null);
    expect(door).toMatchObject({ kind: 'family', state: 'pending', email: seeded.email, targetName: 'ASD Area Personale', hasAccount: false });
    const signUp = await call(
      `mutation($input: SignUpWithInvitationInput!) { signUpWithInvitation(input: $input) { __typename ... on MutationSignUpWithInvitationSuccess { data { token joined { kind message } } } ${ERRORS} } }`,
      { input: { token, firstname: 'Paola', lastname: 'Gialli', password: 'password-sicura-1', passwordConfirmation: 'password-sicura-1' } },
      null,
    );
    expect(signUp.__typename, JSON.stringify(signUp)).toBe('MutationSignUpWithInvitationSuccess');
    expect(signUp.data.joined).toMatchObject({ kind: 'family', message: FAMILY_MSG.familyJoined('ASD Area Personale') });
    const people = await call(FAMILY, {}, { token: signUp.data.token });
    expect(people.map((p: any) => `${p.firstname} ${p.relation}`)).toEqual(['Paola titolare', 'Teo genitore']);
    expect(people[0].birthday, 'the guardian\'s birth date, read from the tax code at approval').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const page = await call(PERSON, { id: people[1].personId }, { token: signUp.data.token });
    expect(page.documents).toHaveLength(1);
    const signedPdf = await download(`/api/area/persone/${people[1].personId}/iscrizioni/${page.documents[0].id}/firmata.pdf`, { token: signUp.data.token });
    expect(signedPdf.statusCode).toBe(200);
    expect(signedPdf.headers['content-type']).toBe('application/pdf');
  });
});

/** A signed submission of the club's form, made through the public API as a parent's browser would. */
async function seedSignedRegistration() {
  const { taxCodeBornOn, taxCodeFor } = await import('../../support/tax-code-factories');
  const season = await call('{ currentSeason { id } }', {}, owner);
  const saved = await call(
    `mutation($input: SaveRegistrationFormInput!) { saveRegistrationForm(input: $input) { __typename ... on MutationSaveRegistrationFormSuccess { data { form { path } } } ${ERRORS} } }`,
    { input: { seasonId: season.id, title: 'Iscrizioni area', status: 'aperto' } },
    owner,
  );
  expect(saved.__typename, JSON.stringify(saved)).toBe('MutationSaveRegistrationFormSuccess');
  const form = { token: saved.data.form.path.split('/').pop() };
  const email = 'paola.gialli@example.it';
  const submitted = await call(
    `mutation($token: String!, $input: RegistrationSubmissionInput!) { submitRegistration(token: $token, input: $input) { __typename ... on MutationSubmitRegistrationSuccess { data { accessToken } } ${ERRORS} } }`,
    {
      token: form.token,
      input: {
        registrant: { firstname: 'Paola', lastname: 'Gialli', taxIdCode: taxCodeFor(901, 'Gialli', { female: true }), email, phonePrimary: '333 222 1111', relationship: 'genitore' },
        people: [{ firstname: 'Teo', lastname: 'Gialli', taxIdCode: taxCodeBornOn(bornAgo(8), 'Gialli', { name: 'TEO' }), answers: [] }],
        consents: [{ purpose: 'trattamento_dati', granted: true }],
        acceptNotice: true,
      },
    },
    null,
  );
  expect(submitted.__typename, JSON.stringify(submitted)).toBe('MutationSubmitRegistrationSuccess');
  const code = /(\d{6})/.exec((await mailTo(email, 0)).subject)![1];
  const signed = await call(
    `mutation($a: String!, $n: String!, $c: String!) { signRegistration(accessToken: $a, signerName: $n, code: $c) { __typename ${ERRORS} } }`,
    { a: submitted.data.accessToken, n: 'Paola Gialli', c: code },
    null,
  );
  expect(signed.__typename, JSON.stringify(signed)).toBe('MutationSignRegistrationSuccess');
  await mailTo(email, 1); // the signature's confirmation
  const row = await t.deps.systemDb.registrationSubmission.findFirstOrThrow({ where: { email, status: 'in_attesa' } });
  return { id: row.id, email };
}
