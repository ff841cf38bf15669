// Online registration by link (issue 36 point 3) over the real app and database, with mail through a real SMTP
// server: the staff build a form; a parent, without an account, registers two children, uploads their certificates
// (multipart with no session), signs with the mailed code; the signed PDF read back by pdftotext (form, consents,
// audit page, the hash) and its hash recomputed from the signed text; the signature frozen (the database refuses an
// edit, editing the person later changes nothing); the queue approves (people, guardian, register numbers, season,
// group, certificate, consents, the mail), matches a person already registered by tax code, sends back for changes
// (the correction replaces it) and rejects with a reason. Refusals: another club, the roles, bad codes and names,
// corrupt and oversize files, the honeypot, floods.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addYears } from '../../../schema/club-time';
import { MSG } from '../../../schema/messages';
import { pinnedToday } from '../../support/clock';
import { type Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { createClub, type TestClub } from '../../support/factories';
import { readMail, startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';
import { startTestApp, type TestApp } from '../../support/test-app';
import { taxCodeBornOn, taxCodeFor } from '../../support/tax-code-factories';
import { fakePdf, graphqlMultipart, oversizePng, pdf } from '../files/fixtures';
import { UPLOAD_MAX_BYTES } from '../../../schema/constants';

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
let other: TestClub;
let smtp: TestSmtpServer;
let formToken: string;
let formId: string;
let groupId: string;
let seasonId: string;
const dir = mkdtempSync(join(tmpdir(), 'registrations-'));

let ipSeq = 0;
/** Each public call from its own address unless told: the per-IP limits are tested on their own. */
const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

async function call<T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null = owner, ip = nextIp()): Promise<T> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...(creds?.token ? { authorization: `Bearer ${creds.token}` } : {}), ...(creds?.club ? { 'x-club': creds.club } : {}) },
    payload: JSON.stringify({ query, variables }),
  });
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json();
  if (body.errors) return { errors: body.errors } as T;
  return Object.values(body.data)[0] as T;
}

const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';
const SAVE_FORM = `mutation($input: SaveRegistrationFormInput!) { saveRegistrationForm(input: $input) { __typename ... on MutationSaveRegistrationFormSuccess { data { message form { id path status settings { questions { id } documents { kind level } consents } } } } ${ERRORS} } }`;
const PUBLIC_FORM = `query($token: String!) { publicRegistrationForm(token: $token) { title open clubName seasonLabel groupName noticeVersion noticeText settings { fields { field level } questions { id label kind options required } documents { kind level } consents } } }`;
const SUBMIT = `mutation($token: String!, $input: RegistrationSubmissionInput!, $replaces: String) { submitRegistration(token: $token, input: $input, replaces: $replaces) { __typename ... on MutationSubmitRegistrationSuccess { data { message accessToken maskedEmail } } ${ERRORS} } }`;
const SIGN = `mutation($a: String!, $n: String!, $c: String!) { signRegistration(accessToken: $a, signerName: $n, code: $c) { __typename ... on MutationSignRegistrationSuccess { data { message hash verifyPath pdfPath } } ${ERRORS} } }`;
const UPLOAD = `mutation($a: String!, $i: Int!, $k: RegistrationDocumentKind!, $file: Upload) { uploadRegistrationDocument(accessToken: $a, personIndex: $i, kind: $k, file: $file) { __typename ... on MutationUploadRegistrationDocumentSuccess { data { message filename } } ${ERRORS} } }`;
const QUEUE = `query($status: RegistrationSubmissionStatus) { registrationSubmissions(status: $status, first: 100) { totalCount items { id status email signerName contentHash pdfPath personIds reason
  content { self registrant { firstname lastname taxIdCode email } people { firstname lastname taxIdCode answers { questionId text yes } certificate { type expiresOn } } consents { purpose granted } }
  registryMatches { personId taxIdCode } documents { kind personIndex file { id } } } } }`;
const APPROVE = `mutation($ids: [ID!]!) { approveRegistrations(ids: $ids) { __typename ... on MutationApproveRegistrationsSuccess { data { message approved refused { id message } } } ... on BaseError { __typename message } } }`;
const DECIDE = (name: string) => `mutation($id: ID!, $reason: String!) { ${name}(id: $id, reason: $reason) { __typename ... on BaseError { __typename message } ... on ValidationError { fields { field message } } } }`;

const SEASON_Q = '{ currentSeason { id label } }';
// Today in Italy, the app on the same day; the certificate expires a year on (on 29 February, the 28th of next year).
const { today: TODAY, now } = pinnedToday();
const certificate = { type: 'non_agonistico', issuedOn: TODAY, expiresOn: addYears(TODAY, 1) };

function pdfText(bytes: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The latest mail to `to`, once delivered; `after`: how many mails to that address were there before. */
async function mailTo(to: string, after: number): Promise<{ subject: string; text: string }> {
  await vi.waitFor(() => expect(smtp.received.filter((m) => m.to.includes(to)).length).toBeGreaterThan(after), { timeout: 20_000, interval: 100 });
  return readMail(smtp.received.filter((m) => m.to.includes(to)).at(-1)!);
}
const mailCount = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;
const codeOf = (mail: { subject: string }) => /(\d{6})/.exec(mail.subject)![1];

async function upload(accessToken: string, personIndex: number, kind: string, content: Buffer, filename = 'certificato.pdf', contentType = 'application/pdf') {
  const body = graphqlMultipart(UPLOAD, { a: accessToken, i: personIndex, k: kind, file: null }, [{ path: 'file', filename, contentType, content }]);
  const res = await t.app.inject({ method: 'POST', url: '/graphql', remoteAddress: nextIp(), headers: { 'content-type': body.contentType }, payload: body.payload });
  return { statusCode: res.statusCode, body: res.json() };
}

let family = 0;
/** Three letters distinct for every family: its codes never meet another family's. */
const letters = (n: number) => [2, 1, 0].map((p) => String.fromCharCode(65 + (Math.floor(n / 26 ** p) % 26))).join('');
/** A parent with `children` minors, as the public form sends them. */
function parentSubmission(children = 2, overrides: Record<string, unknown> = {}) {
  family += 1;
  const surname = `Rossi${letters(family)}`;
  return {
    registrant: { firstname: 'Maria', lastname: surname, taxIdCode: taxCodeFor(500 + family, surname, { female: true }), email: `genitore${family}@example.it`, phonePrimary: '333 111 2222', relationship: 'genitore' },
    people: Array.from({ length: children }, (_, i) => ({
      firstname: ['Luca', 'Anna', 'Marco'][i],
      lastname: surname,
      taxIdCode: taxCodeBornOn(`201${3 + i}-0${3 + i}-1${i}`, surname, { name: letters(family), female: i === 1 }),
      answers: [{ questionId: 'taglia', text: 'M' }, { questionId: 'allergie', yes: false }],
      certificate,
    })),
    consents: [
      { purpose: 'trattamento_dati', granted: true },
      { purpose: 'dati_salute', granted: true },
      { purpose: 'foto_video', granted: false },
    ],
    acceptNotice: true,
    ...overrides,
  };
}

/** Submits, uploads every child's certificate and signs: the access token, the code mail and the signature. */
async function registerAndSign(input = parentSubmission()) {
  const email = input.registrant.email;
  const before = mailCount(email);
  const submitted = await call(SUBMIT, { token: formToken, input }, null);
  expect(submitted.__typename, JSON.stringify(submitted)).toBe('MutationSubmitRegistrationSuccess');
  const { accessToken } = submitted.data;
  for (let i = 0; i < input.people.length; i++) expect((await upload(accessToken, i, 'certificato_medico', pdf())).body.data.uploadRegistrationDocument.__typename).toBe('MutationUploadRegistrationDocumentSuccess');
  const code = codeOf(await mailTo(email, before));
  const signed = await call(SIGN, { a: accessToken, n: `${input.registrant.firstname} ${input.registrant.lastname}`, c: code }, null);
  expect(signed.__typename, JSON.stringify(signed)).toBe('MutationSignRegistrationSuccess');
  await mailTo(email, before + 1); // the confirmation
  return { accessToken, signed: signed.data, email };
}

async function submissionByEmail(email: string, status?: string) {
  const queue = await call(QUEUE, { status: status ?? null });
  return queue.items.find((s: any) => s.email === email);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>' }, { now });
  club = await clubWithEveryRole(t.deps, 'ASD Iscrizioni Online');
  owner = as(club.members.owner);
  other = await createClub(t.deps, { fullName: 'ASD Altra Società' });
  seasonId = (await call(SEASON_Q, {})).id;
  groupId = (await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 12')).id;
  await call('mutation($i: PublishPrivacyNoticeInput!) { publishPrivacyNotice(input: $i) { __typename } }', { i: { title: 'Informativa soci', text: 'Trattiamo i dati per la gestione del tesseramento.' } });
  const saved = await call(SAVE_FORM, {
    input: {
      seasonId,
      title: 'Iscrizioni Under 12',
      intro: 'Compila per ogni figlio.',
      status: 'aperto',
      groupId,
      fields: [{ field: 'birthplace', level: 'no' }],
      questions: [
        { id: 'taglia', label: 'Taglia della maglia', kind: 'scelta', options: ['S', 'M', 'L'], required: true },
        { id: 'allergie', label: 'Allergie note?', kind: 'si_no', required: true },
      ],
      documents: [{ kind: 'certificato_medico', level: 'richiesto' }],
      consents: ['dati_salute', 'foto_video'],
    },
  });
  expect(saved.__typename, JSON.stringify(saved)).toBe('MutationSaveRegistrationFormSuccess');
  formId = saved.data.form.id;
  formToken = saved.data.form.path.split('/').pop();
  expect(saved.data.form.settings.consents).toEqual(['trattamento_dati', 'dati_salute', 'foto_video']);
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the form and its link', () => {
  it('reads without an account; a draft or an unknown token is null', async () => {
    const form = await call(PUBLIC_FORM, { token: formToken }, null);
    expect(form).toMatchObject({ title: 'Iscrizioni Under 12', open: true, clubName: 'ASD Iscrizioni Online', groupName: 'Under 12', noticeVersion: 1, noticeText: 'Trattiamo i dati per la gestione del tesseramento.' });
    expect(form.settings.documents).toContainEqual({ kind: 'certificato_medico', level: 'richiesto' });
    expect(await call(PUBLIC_FORM, { token: 'x'.repeat(32) }, null)).toBeNull();
    const draft = await call(SAVE_FORM, { input: { seasonId, title: 'Bozza' } });
    expect(await call(PUBLIC_FORM, { token: draft.data.form.path.split('/').pop() }, null)).toBeNull();
  });

  it('refuses bad settings with the field message, and another club or a coach', async () => {
    const bad = await call(SAVE_FORM, { input: { seasonId, title: ' ', questions: [{ id: 'x', label: 'Scegli', kind: 'scelta', options: ['solo una'] }] } });
    expect(bad.__typename).toBe('ValidationError');
    expect(bad.fields).toEqual(expect.arrayContaining([{ field: 'title', message: MSG.registrationTitleRequired }, { field: 'settings.questions.0.options', message: MSG.registrationOptionsRequired }]));
    const otherSeason = await call(SAVE_FORM, { input: { seasonId, title: 'Altrui' } }, as(other));
    expect(otherSeason.__typename).toBe('ValidationError');
    expect(await call(SAVE_FORM, { input: { id: formId, seasonId: (await call(SEASON_Q, {}, as(other))).id, title: 'Presa' } }, as(other))).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(SAVE_FORM, { input: { seasonId, title: 'Coach' } }, as(club.members.allenatore))).toMatchObject({ __typename: 'ForbiddenError' });
    expect((await call('{ registrationForms { id } }', {}, as(other))).map((f: any) => f.id)).not.toContain(formId);
  });
});

describe('a parent registers two children and signs', () => {
  let signedEmail: string;
  let hash: string;
  let accessToken: string;

  it('signs with the mailed code; the PDF shows the form and an audit page whose hash is the signed text\'s', async () => {
    const input = parentSubmission(2);
    const email = input.registrant.email;
    const before = mailCount(email);
    const submitted = await call(SUBMIT, { token: formToken, input }, null);
    expect(submitted.data.message).toBe(MSG.registrationCodeSent(submitted.data.maskedEmail));
    accessToken = submitted.data.accessToken;
    const codeMail = await mailTo(email, before);
    const code = codeOf(codeMail);
    expect(codeMail.text).toContain('Iscrizioni Under 12');
    // Signing before the required certificates are uploaded is refused, naming what is missing.
    const early = await call(SIGN, { a: accessToken, n: 'Maria ' + input.registrant.lastname, c: code }, null);
    expect(early.message).toContain(MSG.registrationDocumentRequired('Certificato medico'));
    // A text file named .pdf, an oversize image: refused, nothing stored.
    const corrupt = await upload(accessToken, 0, 'certificato_medico', fakePdf());
    expect(corrupt.body.data.uploadRegistrationDocument.fields).toEqual([{ field: 'file', message: MSG.fileTypeNotAllowed }]);
    const oversize = await upload(accessToken, 0, 'certificato_medico', oversizePng(UPLOAD_MAX_BYTES), 'grande.png', 'image/png');
    expect(oversize.statusCode).toBe(413);
    const wrongSlot = await upload(accessToken, 5, 'certificato_medico', pdf());
    expect(wrongSlot.body.data.uploadRegistrationDocument.message).toBe(MSG.registrationDocumentUnexpected);
    for (const i of [0, 1]) expect((await upload(accessToken, i, 'certificato_medico', pdf(), `certificato-${i}.pdf`)).statusCode).toBe(200);
    // A wrong code uses an attempt; another name is refused.
    const wrong = await call(SIGN, { a: accessToken, n: 'Maria ' + input.registrant.lastname, c: code === '000000' ? '111111' : '000000' }, null);
    expect(wrong.fields).toEqual([{ field: 'code', message: MSG.registrationCodeInvalid }]);
    const otherName = await call(SIGN, { a: accessToken, n: 'Mario Bianchi', c: code }, null);
    expect(otherName.fields).toEqual([{ field: 'signerName', message: MSG.registrationSignerMismatch }]);
    const before2 = mailCount(email);
    const signed = await call(SIGN, { a: accessToken, n: `  maria ${input.registrant.lastname.toUpperCase()} `, c: code }, null);
    expect(signed.data.message).toBe(MSG.registrationSigned);
    hash = signed.data.hash;
    signedEmail = email;
    const confirmation = await mailTo(email, before2);
    expect(confirmation.text).toContain(hash);
    // Signed once: the same code again is refused.
    expect((await call(SIGN, { a: accessToken, n: 'Maria ' + input.registrant.lastname, c: code }, null)).message).toBe(MSG.registrationLinkInvalid);

    const row = await t.deps.systemDb.registrationSubmission.findFirstOrThrow({ where: { contentHash: hash } });
    expect(createHash('sha256').update(row.signedContent!).digest('hex')).toBe(hash);
    const res = await t.app.inject({ method: 'GET', url: signed.data.pdfPath, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload, 'signed.pdf');
    for (const expected of ['ASD Iscrizioni Online', 'Iscrizioni Under 12', `Luca ${input.registrant.lastname}`, `Anna ${input.registrant.lastname}`, 'Taglia della maglia', 'Dati relativi alla salute', 'Consenso negato', 'Pagina di verifica', 'Impronta SHA-256', hash, 'Firma elettronica semplice']) {
      expect(text).toContain(expected);
    }
    // Anyone checks the hash.
    const check = await call('query($h: String!) { registrationSignature(hash: $h) { clubName formTitle signerName status } }', { h: hash }, null);
    expect(check).toEqual({ clubName: 'ASD Iscrizioni Online', formTitle: 'Iscrizioni Under 12', signerName: `maria ${input.registrant.lastname.toUpperCase()}`, status: 'in_attesa' });
    expect(await call('query($h: String!) { registrationSignature(hash: $h) { clubName } }', { h: '0'.repeat(64) }, null)).toBeNull();
  });

  it('the signed content, hash and PDF are frozen in the database', async () => {
    const row = await t.deps.systemDb.registrationSubmission.findFirstOrThrow({ where: { contentHash: hash } });
    await expect(t.deps.systemDb.registrationSubmission.update({ where: { id: row.id }, data: { signerName: 'Altro' } })).rejects.toThrow();
    await expect(t.deps.systemDb.storedFile.update({ where: { id: row.pdfFileId! }, data: { content: new Uint8Array([1, 2, 3]) } })).rejects.toThrow();
  });

  it('the queue shows it to the staff only; approval creates everything in one step and mails the parent', async () => {
    const waiting = await submissionByEmail(signedEmail, 'in_attesa');
    expect(waiting).toMatchObject({ status: 'in_attesa', contentHash: hash, registryMatches: [null, null, null] });
    expect(waiting.content.people[0].answers).toEqual([{ questionId: 'taglia', text: 'M', yes: null }, { questionId: 'allergie', text: null, yes: false }]);
    expect(waiting.documents).toHaveLength(2);
    // Another club, a coach, anonymous: refused, nothing changed.
    expect((await call(QUEUE, { status: null }, as(other))).items).toEqual([]);
    expect((await call(APPROVE, { ids: [waiting.id] }, as(other))).__typename).toBe('NotFoundError');
    expect((await call(APPROVE, { ids: [waiting.id] }, as(club.members.allenatore))).__typename).toBe('ForbiddenError');
    expect((await call(APPROVE, { ids: [waiting.id] }, null)).__typename).toBe('UnauthenticatedError');
    expect((await t.app.inject({ method: 'GET', url: waiting.pdfPath, headers: { authorization: `Bearer ${other.token}`, 'x-club': other.clubToken } })).statusCode).toBe(404);
    const staffPdf = await t.app.inject({ method: 'GET', url: waiting.pdfPath, headers: { authorization: `Bearer ${owner.token}`, 'x-club': owner.club! } });
    expect(staffPdf.statusCode).toBe(200);
    const pdfBefore = createHash('sha256').update(staffPdf.rawPayload).digest('hex');

    const before = mailCount(signedEmail);
    const approved = await call(APPROVE, { ids: [waiting.id] });
    expect(approved.data).toMatchObject({ message: MSG.registrationApproved(1), approved: [waiting.id], refused: [] });
    const mail = await mailTo(signedEmail, before);
    expect(mail.subject).toContain('Iscrizione approvata');
    expect(mail.text).toMatch(/Luca .*: socio numero \d+/);

    const done = await submissionByEmail(signedEmail, 'approvata');
    const [luca, anna] = done.personIds;
    const db = t.deps.systemDb;
    const people = await db.person.findMany({ where: { id: { in: done.personIds } }, include: { roles: true, guardians: { include: { guardian: true } }, medicalCertificates: true, consents: true, registerMemberships: { include: { seasons: true } } } });
    expect(people).toHaveLength(2);
    for (const p of people) {
      expect(p.clubId).toBe(club.clubId);
      expect(p.roles.map((r) => r.kind)).toEqual(['athlete']);
      expect(p.guardians.map((g) => g.guardian.emailPrimary)).toEqual([signedEmail]);
      expect(p.medicalCertificates).toHaveLength(1);
      expect(p.consents.map((c) => [c.purpose, c.granted]).sort()).toEqual([['dati_salute', true], ['foto_video', false], ['trattamento_dati', true]]);
      expect(p.registerMemberships[0].seasons.map((s) => s.seasonId)).toEqual([seasonId]);
    }
    expect(people.find((p) => p.id === luca)!.birthday!.toISOString().slice(0, 10)).toBe('2013-03-10');
    expect(people.find((p) => p.id === anna)!.typeGenderId).toBe(2);
    expect(await db.groupMember.count({ where: { groupId, role: { personId: { in: done.personIds } } } })).toBe(2);
    // One guardian for both.
    expect(new Set(people.map((p) => p.guardians[0].guardianId)).size).toBe(1);
    // Approved once only.
    expect((await call(APPROVE, { ids: [waiting.id] })).message).toBe(MSG.registrationNotPending);

    // Editing the person later changes neither the signed PDF nor its hash.
    await db.person.update({ where: { id: luca }, data: { firstname: 'Lucas' } });
    const again = await t.app.inject({ method: 'GET', url: waiting.pdfPath, headers: { authorization: `Bearer ${owner.token}`, 'x-club': owner.club! } });
    expect(createHash('sha256').update(again.rawPayload).digest('hex')).toBe(pdfBefore);
    expect((await call('query($h: String!) { registrationSignature(hash: $h) { status } }', { h: hash }, null)).status).toBe('approvata');
  });

  it('a child already in the registry is matched by tax code and completed, not duplicated', async () => {
    const input = parentSubmission(1);
    const ctx = await clubContext(t.deps, club.members.owner);
    const known = await createPerson(ctx, 'member', { profile: { firstname: 'Luca', lastname: input.registrant.lastname, taxIdCode: input.people[0].taxIdCode, birthday: '2013-03-10' } });
    const { email } = await registerAndSign(input);
    const waiting = await submissionByEmail(email, 'in_attesa');
    expect(waiting.registryMatches[1]).toMatchObject({ personId: known.personId });
    await call(APPROVE, { ids: [waiting.id] });
    expect((await submissionByEmail(email, 'approvata')).personIds).toEqual([known.personId]);
    expect(await t.deps.systemDb.person.count({ where: { clubId: club.clubId, taxIdCode: input.people[0].taxIdCode } })).toBe(1);
  });

  it('in bulk: the same parent in two submissions is one guardian; one already decided is refused, the others approved', async () => {
    const first = parentSubmission(1);
    const second = { ...parentSubmission(1), registrant: first.registrant };
    second.people[0] = { ...second.people[0], lastname: first.registrant.lastname, firstname: 'Marco', taxIdCode: taxCodeBornOn('2016-06-06', first.registrant.lastname, { name: 'MRC' }) };
    expect(second.people[0].taxIdCode).not.toBe(first.people[0].taxIdCode);
    await registerAndSign(first);
    const { email } = await registerAndSign(second);
    const third = await registerAndSign(parentSubmission(1));
    const queue = (await call(QUEUE, { status: 'in_attesa' })).items.filter((s: any) => s.email === email || s.email === third.email);
    expect(queue).toHaveLength(3);
    const decided = queue.find((s: any) => s.email === third.email);
    await call(DECIDE('rejectRegistration'), { id: decided.id, reason: 'Doppione' });
    const result = await call(APPROVE, { ids: queue.map((s: any) => s.id) });
    expect(result.data.approved.sort()).toEqual(queue.filter((s: any) => s !== decided).map((s: any) => s.id).sort());
    expect(result.data.refused).toEqual([{ id: decided.id, message: MSG.registrationNotPending }]);
    const children = (await call(QUEUE, { status: 'approvata' })).items.filter((s: any) => s.email === email).flatMap((s: any) => s.personIds);
    const guardians = await t.deps.systemDb.guardianship.findMany({ where: { minorId: { in: children } } });
    expect(guardians).toHaveLength(2);
    expect(new Set(guardians.map((g) => g.guardianId)).size).toBe(1);
    const numbers = await t.deps.systemDb.registerMember.findMany({ where: { personId: { in: children } } });
    expect(new Set(numbers.map((m) => m.number)).size).toBe(2);
  });

  it('an adult registers themselves: one athlete, no guardian, their own consents', async () => {
    const base = parentSubmission(1);
    const registrant = { ...base.registrant, taxIdCode: taxCodeFor(7000 + family, base.registrant.lastname) };
    // The person is the registrant: people[0] carries their extra fields, answers and certificate.
    const adult = { ...base, self: true, registrant, people: [{ firstname: registrant.firstname, lastname: registrant.lastname, taxIdCode: registrant.taxIdCode, answers: base.people[0].answers, certificate }] };
    const { email } = await registerAndSign(adult);
    const waiting = await submissionByEmail(email, 'in_attesa');
    expect(waiting.content).toMatchObject({ self: true, people: [{ firstname: 'Maria', taxIdCode: adult.registrant.taxIdCode }] });
    await call(APPROVE, { ids: [waiting.id] });
    const [personId] = (await submissionByEmail(email, 'approvata')).personIds;
    const person = await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: personId }, include: { guardians: true, consents: true, roles: true } });
    expect(person).toMatchObject({ taxIdCode: adult.registrant.taxIdCode, emailPrimary: email });
    expect(person.roles.map((r) => r.kind)).toEqual(['athlete']);
    expect(person.guardians).toEqual([]);
    expect(person.consents.every((c) => c.givenById === null)).toBe(true);
    // A minor cannot register themselves.
    const minor = await call(SUBMIT, { token: formToken, input: { ...adult, registrant: { ...adult.registrant, taxIdCode: taxCodeBornOn('2012-05-05', 'MIN') } } }, null);
    expect(minor.fields).toContainEqual({ field: 'registrant.taxIdCode', message: MSG.registrationMinorSelf });
  });

  it('sent back for changes, the corrected submission replaces it; a rejection mails the reason', async () => {
    const input = parentSubmission(1);
    const { email, accessToken: first } = await registerAndSign(input);
    const waiting = await submissionByEmail(email, 'in_attesa');
    const empty = await call(DECIDE('requestRegistrationChanges'), { id: waiting.id, reason: '  ' });
    expect(empty.fields).toEqual([{ field: 'reason', message: MSG.registrationReasonRequired }]);
    const before = mailCount(email);
    expect((await call(DECIDE('requestRegistrationChanges'), { id: waiting.id, reason: 'Manca la taglia giusta' })).__typename).toBe('MutationRequestRegistrationChangesSuccess');
    expect((await mailTo(email, before)).text).toContain('Manca la taglia giusta');
    const corrected = await call(SUBMIT, { token: formToken, input: { ...input, people: [{ ...input.people[0], answers: [{ questionId: 'taglia', text: 'L' }, { questionId: 'allergie', yes: true }] }] }, replaces: first }, null);
    const token2 = corrected.data.accessToken;
    await upload(token2, 0, 'certificato_medico', pdf());
    const code = codeOf(await mailTo(email, before + 1));
    expect((await call(SIGN, { a: token2, n: `Maria ${input.registrant.lastname}`, c: code }, null)).__typename).toBe('MutationSignRegistrationSuccess');
    await mailTo(email, before + 2); // the confirmation
    expect((await submissionByEmail(email, 'sostituita')).id).toBe(waiting.id);
    const second = await submissionByEmail(email, 'in_attesa');
    const before3 = mailCount(email);
    expect((await call(DECIDE('rejectRegistration'), { id: second.id, reason: 'Squadra al completo' })).__typename).toBe('MutationRejectRegistrationSuccess');
    expect((await mailTo(email, before3)).text).toContain('Motivo: Squadra al completo');
    expect((await submissionByEmail(email, 'rifiutata')).reason).toBe('Squadra al completo');
  });
});

describe('abuse of the public form', () => {
  it('checks every field on the server with the form\'s messages; scripts stay text', async () => {
    const input = parentSubmission(1);
    const bad = await call(SUBMIT, { token: formToken, input: { ...input, people: [{ ...input.people[0], answers: [{ questionId: 'taglia', text: 'XXL' }] }], consents: [{ purpose: 'trattamento_dati', granted: false }] } }, null);
    expect(bad.__typename).toBe('ValidationError');
    const fields = Object.fromEntries(bad.fields.map((f: any) => [f.field, f.message]));
    expect(fields['people.0.answers.taglia']).toBe(MSG.registrationAnswerInvalid);
    expect(fields['people.0.answers.allergie']).toBe(MSG.registrationAnswerRequired);
    expect(fields['consents.trattamento_dati']).toBe(MSG.registrationDataConsentRequired);
    expect(fields['consents.dati_salute']).toBe(MSG.consentAnswerRequired);
    const wrongCode = await call(SUBMIT, { token: formToken, input: { ...input, people: [{ ...input.people[0], taxIdCode: 'RSSMRA80A01H501Z' }] } }, null);
    expect(wrongCode.fields).toContainEqual({ field: 'people.0.taxIdCode', message: MSG.taxCodeCheckCharacter });
    const adult = await call(SUBMIT, { token: formToken, input: { ...input, people: [{ ...input.people[0], taxIdCode: taxCodeFor(9001, 'ADU') }] } }, null);
    expect(adult.fields).toContainEqual({ field: 'people.0.taxIdCode', message: MSG.registrationAdultChild });
    const script = '<script>alert(1)</script>';
    const withScript = await call(SUBMIT, { token: formToken, input: parentSubmission(1, { registrant: { ...parentSubmission().registrant, firstname: script } }) }, null);
    expect(withScript.__typename).toBe('MutationSubmitRegistrationSuccess');
    const stored = await t.deps.systemDb.registrationSubmission.findFirstOrThrow({ where: { accessHash: createHash('sha256').update(withScript.data.accessToken).digest('hex') } });
    expect((stored.content as any).registrant.firstname).toBe(script);
  });

  it('the honeypot: answered like a person, nothing stored, no mail', async () => {
    const before = await t.deps.systemDb.registrationSubmission.count();
    const input = parentSubmission(1, { website: 'http://spam.example' });
    const answer = await call(SUBMIT, { token: formToken, input }, null);
    expect(answer.__typename).toBe('MutationSubmitRegistrationSuccess');
    expect(await t.deps.systemDb.registrationSubmission.count()).toBe(before);
    expect(mailCount(input.registrant.email)).toBe(0);
  });

  it('a flood from one address is refused; a closed form says so; an unknown link too', async () => {
    const ip = '10.250.0.1';
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await call(SUBMIT, { token: formToken, input: parentSubmission(1) }, null, ip));
    expect(answers.slice(0, 10).every((a) => a.__typename === 'MutationSubmitRegistrationSuccess')).toBe(true);
    expect(answers.slice(10).map((a) => a.__typename)).toEqual(['RateLimitError', 'RateLimitError']);
    expect((await call(SUBMIT, { token: 'y'.repeat(32), input: parentSubmission(1) }, null)).message).toBe(MSG.registrationFormNotFound);
    await call(SAVE_FORM, { input: { id: formId, seasonId, title: 'Iscrizioni Under 12', status: 'chiuso' } });
    expect((await call(SUBMIT, { token: formToken, input: parentSubmission(1) }, null)).message).toBe(MSG.registrationFormClosed);
    expect((await call(PUBLIC_FORM, { token: formToken }, null)).open).toBe(false);
    await call(SAVE_FORM, { input: { id: formId, seasonId, title: 'Iscrizioni Under 12', status: 'aperto', groupId, questions: [{ id: 'taglia', label: 'Taglia della maglia', kind: 'scelta', options: ['S', 'M', 'L'], required: true }, { id: 'allergie', label: 'Allergie note?', kind: 'si_no', required: true }], documents: [{ kind: 'certificato_medico', level: 'richiesto' }], consents: ['dati_salute', 'foto_video'] } });
  });

  it('five wrong codes use up the code; a new one is mailed on request', async () => {
    const input = parentSubmission(1);
    const submitted = await call(SUBMIT, { token: formToken, input }, null);
    const a = submitted.data.accessToken;
    await upload(a, 0, 'certificato_medico', pdf());
    const code = codeOf(await mailTo(input.registrant.email, 0));
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) await call(SIGN, { a, n: `Maria ${input.registrant.lastname}`, c: wrongCode }, null);
    expect((await call(SIGN, { a, n: `Maria ${input.registrant.lastname}`, c: code }, null)).fields).toEqual([{ field: 'code', message: MSG.registrationCodeExpired }]);
    const resent = await call('mutation($a: String!) { resendRegistrationCode(accessToken: $a) { __typename } }', { a }, null);
    expect(resent.__typename).toBe('MutationResendRegistrationCodeSuccess');
    const fresh = codeOf(await mailTo(input.registrant.email, 1));
    expect((await call(SIGN, { a, n: `Maria ${input.registrant.lastname}`, c: fresh }, null)).__typename).toBe('MutationSignRegistrationSuccess');
  });

  it('without a session, files go only to the public upload', async () => {
    const body = graphqlMultipart('mutation($file: Upload) { addMedicalCertificate(personId: "00000000-0000-0000-0000-000000000000", input: { type: non_agonistico, issuedOn: "2026-01-01", expiresOn: "2026-12-01" }, file: $file) { __typename } }', { file: null }, [{ path: 'file', filename: 'c.pdf', contentType: 'application/pdf', content: pdf() }]);
    const res = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': body.contentType }, payload: body.payload });
    expect(res.statusCode).toBe(401);
  });
});

describe('unsigned submissions', () => {
  it('are dropped with their documents two days on, and their documents are capped per form', async () => {
    const input = parentSubmission(1);
    const submitted = await call(SUBMIT, { token: formToken, input }, null);
    const a = submitted.data.accessToken;
    await upload(a, 0, 'certificato_medico', pdf());
    const db = t.deps.systemDb;
    const row = await db.registrationSubmission.findFirstOrThrow({ where: { accessHash: createHash('sha256').update(a).digest('hex') }, include: { documents: true } });
    expect(row.documents).toHaveLength(1);
    // The cap: a file that would take the form's unsigned documents past it is refused, nothing stored.
    const full = await db.storedFile.update({ where: { id: row.documents[0].fileId }, data: { size: 500 * 1024 * 1024 } });
    const refused = await upload(a, 0, 'certificato_medico', pdf());
    expect(refused.body.data.uploadRegistrationDocument).toMatchObject({ __typename: 'ConflictError', message: MSG.registrationDocumentsFull });
    expect(await db.registrationDocument.count({ where: { submissionId: row.id } })).toBe(1);
    // Two days later the draft goes at the next submission, its files with it.
    await db.registrationSubmission.update({ where: { id: row.id }, data: { createdAt: new Date(Date.now() - 49 * 3_600_000) } });
    await call(SUBMIT, { token: formToken, input: parentSubmission(1) }, null);
    expect(await db.registrationSubmission.count({ where: { id: row.id } })).toBe(0);
    expect(await db.storedFile.count({ where: { id: full.id } })).toBe(0);
  });
});

describe('the public upload door', () => {
  it('takes fragments describing the answer, never a second root field', async () => {
    const { isPublicUpload } = await import('../../../server/modules/files/graphql-multipart');
    const upload = 'uploadRegistrationDocument(accessToken: "a", personIndex: 0, kind: certificato_medico, file: $f) { ...E }';
    expect(isPublicUpload(JSON.stringify({ query: `mutation($f: Upload) { ${upload} } fragment E on BaseError { message }` }))).toBe(true);
    expect(isPublicUpload(JSON.stringify({ query: `mutation($f: Upload) { ${upload} ...M } fragment M on Mutation { importPeople { __typename } }` }))).toBe(false);
    expect(isPublicUpload(JSON.stringify({ query: `mutation($f: Upload) { ${upload} addMedicalCertificate { __typename } }` }))).toBe(false);
    expect(isPublicUpload(JSON.stringify({ query: `query { ${upload} }` }))).toBe(false);
    expect(isPublicUpload(JSON.stringify([{ query: `mutation($f: Upload) { ${upload} }` }]))).toBe(false);
    expect(isPublicUpload('not json')).toBe(false);
  });

  it('without a file, the field says so', async () => {
    const submitted = await call(SUBMIT, { token: formToken, input: parentSubmission(1) }, null);
    const answer = await call(UPLOAD, { a: submitted.data.accessToken, i: 0, k: 'certificato_medico', file: null }, null);
    expect(answer.fields).toEqual([{ field: 'file', message: MSG.fileMissing }]);
  });
});
