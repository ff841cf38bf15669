// Benchmark (not a test): approving online registrations in bulk (issue 36 point 3), on embedded PGlite and on
// PostgreSQL. For each database: a fresh database and the real app (createApp, no job queue), a club with a privacy
// notice, a group and an open form asking a question, the certificate and three consents. Then --submissions
// families, over HTTP without a session as the public form sends them: each submits two children, uploads both
// certificates (multipart) and signs (the one-time code is set to a known value in the database, the only shortcut:
// the mail itself is not what is measured). Timed: one approveRegistrations of all of them (each submission in its own
// transaction: two children, the guardian, register numbers, season, group, certificates, consents, the mail).
// Checks: every submission approved, 2 people each with their guardianship, register entry and certificate.
//   npm run bench:registrations [-- [--db pglite,postgres] [--submissions 200]]
// Target (issue 36 point 6): the approval of 200 submissions in bulk < 10 s.
// Results: a table on stdout and bench/results/registrations.json.
import { createHash } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { log, logTargets, writeResults, type Target } from './throwaway-database';
import { openBenchClub } from './support/bench-club';
import { taxCodeBornOn, taxCodeFor } from '../tests/support/tax-code-factories';
import { graphqlMultipart, pdf } from '../tests/server/files/fixtures';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'pglite,postgres' }, submissions: { type: 'string', default: '200' } } });
const SUBMISSIONS = Number(args.submissions);
const DATABASES = args.db.split(',').map((s) => s.trim()) as Array<'pglite' | 'postgres'>;
const TARGET_SECONDS = 10;
const CODE = '246810';
const round = (n: number) => Math.round(n * 100) / 100;

interface DatabaseResult {
  database: string;
  submissions: number;
  people: number;
  seedSeconds: number;
  approveSeconds: number;
  perSubmissionMs: number;
}

const SUBMIT = `mutation($token: String!, $input: RegistrationSubmissionInput!) { submitRegistration(token: $token, input: $input) { __typename ... on MutationSubmitRegistrationSuccess { data { accessToken } } ... on BaseError { message } } }`;
const UPLOAD = `mutation($a: String!, $i: Int!, $k: RegistrationDocumentKind!, $file: Upload) { uploadRegistrationDocument(accessToken: $a, personIndex: $i, kind: $k, file: $file) { __typename ... on BaseError { message } } }`;
const SIGN = `mutation($a: String!, $n: String!, $c: String!) { signRegistration(accessToken: $a, signerName: $n, code: $c) { __typename ... on BaseError { message } } }`;

/** Three letters distinct for every n below 26^3: the children's codes never meet. */
const letters = (n: number) => [2, 1, 0].map((p) => String.fromCharCode(65 + (Math.floor(n / 26 ** p) % 26))).join('');

function family(n: number) {
  const surname = `Bench${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}`;
  const today = new Date().toISOString().slice(0, 10);
  const certificate = { type: 'non_agonistico', issuedOn: today, expiresOn: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}` };
  return {
    registrant: { firstname: 'Maria', lastname: surname, taxIdCode: taxCodeFor(10_000 + n, surname, { female: true }), email: `famiglia${n}@example.it`, phonePrimary: '3331112222' },
    people: [0, 1].map((i) => ({
      firstname: i ? 'Anna' : 'Luca',
      lastname: surname,
      taxIdCode: taxCodeBornOn(`201${2 + i}-0${1 + (n % 9)}-1${i}`, surname, { name: letters(n), female: i === 1 }),
      answers: [{ questionId: 'taglia', text: 'M' }],
      certificate,
    })),
    consents: [
      { purpose: 'trattamento_dati', granted: true },
      { purpose: 'dati_salute', granted: true },
      { purpose: 'foto_video', granted: n % 2 === 0 },
    ],
    acceptNotice: true,
  };
}

async function benchDatabase(database: 'pglite' | 'postgres'): Promise<DatabaseResult | null> {
  const club = await openBenchClub(database, 'registrations', 'ASD Bench Iscrizioni');
  if (!club) return null;
  const { app, db, clubId } = club;
  try {
    const inject = async (payload: { payload: Buffer | string; contentType: string }, headers: Record<string, string> = {}) => {
      const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': payload.contentType, ...headers }, payload: payload.payload });
      const body = res.json<{ data?: Record<string, any>; errors?: Array<{ message: string }> }>();
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return Object.values(body.data!)[0];
    };
    const ask = (query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) => inject({ payload: JSON.stringify({ query, variables }), contentType: 'application/json' }, headers);
    const staff = (query: string, variables: Record<string, unknown> = {}) => ask(query, variables, club.headers);

    const season = await staff('{ currentSeason { id } }');
    const group = await db.group.create({ data: { clubId, type: 'athlete', name: 'Under 14' } });
    await staff('mutation($i: PublishPrivacyNoticeInput!) { publishPrivacyNotice(input: $i) { __typename } }', { i: { title: 'Informativa', text: 'Testo della informativa.' } });
    const form = await staff(`mutation($input: SaveRegistrationFormInput!) { saveRegistrationForm(input: $input) { ... on MutationSaveRegistrationFormSuccess { data { form { path } } } } }`, {
      input: {
        seasonId: season.id,
        title: 'Iscrizioni bench',
        status: 'aperto',
        groupId: group.id,
        questions: [{ id: 'taglia', label: 'Taglia', kind: 'scelta', options: ['S', 'M', 'L'], required: true }],
        documents: [{ kind: 'certificato_medico', level: 'richiesto' }],
        consents: ['dati_salute', 'foto_video'],
      },
    });
    const token = (form.data.form.path as string).split('/').pop()!;

    log(`[${database}] ${SUBMISSIONS} families submit, upload and sign...`);
    const t0 = performance.now();
    const certificate = pdf();
    for (let n = 0; n < SUBMISSIONS; n++) {
      const input = family(n);
      const submitted = await ask(SUBMIT, { token, input });
      if (submitted.__typename !== 'MutationSubmitRegistrationSuccess') throw new Error(JSON.stringify(submitted));
      const accessToken = submitted.data.accessToken as string;
      for (const i of [0, 1]) {
        const uploaded = await inject(graphqlMultipart(UPLOAD, { a: accessToken, i, k: 'certificato_medico', file: null }, [{ path: 'file', filename: `certificato-${i}.pdf`, contentType: 'application/pdf', content: certificate }]));
        if (uploaded.__typename !== 'MutationUploadRegistrationDocumentSuccess') throw new Error(JSON.stringify(uploaded));
      }
      const accessHash = createHash('sha256').update(accessToken).digest('hex');
      await db.registrationSubmission.update({ where: { accessHash }, data: { codeHash: createHash('sha256').update(CODE).digest('hex') } });
      const signed = await ask(SIGN, { a: accessToken, n: `Maria ${input.registrant.lastname}`, c: CODE });
      if (signed.__typename !== 'MutationSignRegistrationSuccess') throw new Error(JSON.stringify(signed));
    }
    const seedSeconds = round((performance.now() - t0) / 1000);
    log(`[${database}] seeded in ${seedSeconds} s`);

    const ids: string[] = [];
    for (let offset = 0; offset < SUBMISSIONS; offset += 100) {
      const page = await staff('query($offset: Int) { registrationSubmissions(status: in_attesa, offset: $offset, first: 100) { items { id } } }', { offset });
      ids.push(...(page.items as Array<{ id: string }>).map((s) => s.id));
    }
    if (ids.length !== SUBMISSIONS) throw new Error(`queue holds ${ids.length}, expected ${SUBMISSIONS}`);
    const t1 = performance.now();
    const approved = await staff('mutation($ids: [ID!]!) { approveRegistrations(ids: $ids) { __typename ... on MutationApproveRegistrationsSuccess { data { approved refused { message } } } ... on BaseError { message } } }', { ids });
    const approveSeconds = round((performance.now() - t1) / 1000);
    if (approved.data.approved.length !== SUBMISSIONS) throw new Error(JSON.stringify(approved.data.refused.slice(0, 3)));
    const people = await db.person.count({ where: { clubId, roles: { some: { kind: 'athlete' } } } });
    const guardianships = await db.guardianship.count({ where: { clubId } });
    const certificates = await db.medicalCertificate.count({ where: { clubId } });
    const register = await db.registerMember.count({ where: { clubId } });
    if (people !== 2 * SUBMISSIONS || guardianships !== 2 * SUBMISSIONS || certificates !== 2 * SUBMISSIONS || register !== 2 * SUBMISSIONS) {
      throw new Error(`people ${people}, guardianships ${guardianships}, certificates ${certificates}, register ${register}`);
    }
    log(`[${database}] approved ${SUBMISSIONS} submissions (${people} children) in ${approveSeconds} s`);
    return { database, submissions: SUBMISSIONS, people, seedSeconds, approveSeconds, perSubmissionMs: round((approveSeconds * 1000) / SUBMISSIONS) };
  } finally {
    await club.close();
  }
}

const startedAt = new Date();
const loadAtStart = os.loadavg();
const results: DatabaseResult[] = [];
for (const database of DATABASES) {
  const result = await benchDatabase(database);
  if (result) results.push(result);
}
const targets: Target[] = results.map((r) => ({
  target: `[${r.database}] approval of ${r.submissions} submissions in bulk < ${TARGET_SECONDS} s`,
  value: `${r.approveSeconds} s (${r.perSubmissionMs} ms each, ${r.people} children)`,
  met: r.approveSeconds < TARGET_SECONDS,
}));
logTargets('Targets', targets);
await writeResults('registrations', startedAt, loadAtStart, { submissions: SUBMISSIONS, targets, results });
process.exit(0);
