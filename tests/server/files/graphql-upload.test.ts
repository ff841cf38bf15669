// GraphQL multipart requests (operations / map / 0...) end to end through savePerson: the file reaches the service
// as a FileUpload promise, is stored by content and served back; oversize or malformed requests get an Italian 4xx
// and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { createClub, type TestClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { taxCodeFor } from '../../support/tax-code-factories';
import { fakePdf, graphqlMultipart, multipart, oversizePng, pdf, png } from './fixtures';

const SAVE = `mutation($input: SavePersonInput!) {
  savePerson(input: $input) {
    __typename
    ... on MutationSavePersonSuccess { data { message role { id athlete { medicalExaminationDocument { id filename mimeType size url createdAt } } } } }
    ... on ValidationError { fields { field message } }
    ... on BaseError { message }
  }
}`;

let t: TestApp;
let club: TestClub;
let other: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  [club, other] = [await createClub(t.deps), await createClub(t.deps)];
});
afterAll(() => t.close());

let taxSeq = 0;
const athleteInput = () => ({
  kind: 'athlete',
  profile: { firstname: 'Giulia', lastname: 'Bianchi', taxIdCode: taxCodeFor(taxSeq++, 'BNC', { female: true }), typeGenderId: 2 },
  athlete: { medicalExaminationDocument: null },
});

async function send(body: { payload: Buffer; contentType: string }, creds: TestClub | null = club) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': body.contentType, ...(creds ? { authorization: `Bearer ${creds.token}`, 'x-club': creds.clubToken } : {}) },
    payload: body.payload,
  });
  return { statusCode: res.statusCode, body: res.json() };
}

const saveWithCertificate = (content: Buffer, filename = 'certificato.pdf', creds?: TestClub) =>
  send(graphqlMultipart(SAVE, { input: athleteInput() }, [{ path: 'input.athlete.medicalExaminationDocument', filename, contentType: 'application/pdf', content }]), creds);

const countFiles = (clubId = club.clubId) => t.deps.systemDb.storedFile.count({ where: { clubId } });

describe('GraphQL multipart uploads', () => {
  it('saves an athlete with a medical certificate, stored by content and served to the club only', async () => {
    const { statusCode, body } = await saveWithCertificate(pdf());
    expect(statusCode).toBe(200);
    const result = body.data.savePerson;
    expect(result.__typename).toBe('MutationSavePersonSuccess');
    const doc = result.data.role.athlete.medicalExaminationDocument;
    expect(doc).toMatchObject({ filename: 'certificato.pdf', mimeType: 'application/pdf', size: pdf().length, url: `/files/${doc.id}` });
    expect(Date.parse(doc.createdAt)).not.toBeNaN();

    const served = await t.app.inject({ method: 'GET', url: doc.url, headers: { authorization: `Bearer ${club.token}`, 'x-club': club.clubToken } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf())).toBe(true);
    const foreign = await t.app.inject({ method: 'GET', url: doc.url, headers: { authorization: `Bearer ${other.token}`, 'x-club': other.clubToken } });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a text file named .pdf with the field error and saves nothing', async () => {
    const [files, roles] = [await countFiles(), await t.deps.systemDb.personRole.count({ where: { clubId: club.clubId } })];
    const { statusCode, body } = await saveWithCertificate(fakePdf());
    expect(statusCode).toBe(200);
    expect(body.data.savePerson).toMatchObject({
      __typename: 'ValidationError',
      fields: [{ field: 'athlete.medicalExaminationDocument', message: MSG.fileTypeNotAllowed }],
    });
    expect(await countFiles()).toBe(files);
    expect(await t.deps.systemDb.personRole.count({ where: { clubId: club.clubId } })).toBe(roles);
  });

  it('answers an oversize file with 413 and the Italian message, before anything runs', async () => {
    const [files, roles] = [await countFiles(), await t.deps.systemDb.personRole.count({ where: { clubId: club.clubId } })];
    const { statusCode, body } = await saveWithCertificate(oversizePng(UPLOAD_MAX_BYTES), 'enorme.png');
    expect(statusCode).toBe(413);
    expect(body).toEqual({ errors: [{ message: MSG.fileTooLarge, extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
    expect(await countFiles()).toBe(files);
    expect(await t.deps.systemDb.personRole.count({ where: { clubId: club.clubId } })).toBe(roles);
  });

  it('accepts a file of exactly the limit as far as size goes', async () => {
    const exact = Buffer.concat([png(), Buffer.alloc(UPLOAD_MAX_BYTES - png().length)]);
    const { statusCode, body } = await saveWithCertificate(exact, 'limite.png');
    expect(statusCode).toBe(200);
    expect(body.data.savePerson.data.role.athlete.medicalExaminationDocument).toMatchObject({ mimeType: 'image/png', size: UPLOAD_MAX_BYTES });
  });

  it('answers malformed multipart requests with 400 and an Italian message', async () => {
    const variants = [
      // operations is not JSON
      multipart([{ name: 'operations', value: '{not json' }, { name: 'map', value: '{}' }]),
      // map before operations
      multipart([{ name: 'map', value: '{}' }, { name: 'operations', value: JSON.stringify({ query: SAVE }) }]),
      // a file the map announces never arrives
      multipart([
        { name: 'operations', value: JSON.stringify({ query: SAVE, variables: { input: athleteInput() } }) },
        { name: 'map', value: JSON.stringify({ 0: ['variables.input.athlete.medicalExaminationDocument'] }) },
      ]),
      // not multipart at all under the multipart content type
      { payload: Buffer.from('hello'), contentType: 'multipart/form-data; boundary=xyz' },
      // no boundary
      { payload: Buffer.from('hello'), contentType: 'multipart/form-data' },
    ];
    for (const variant of variants) {
      const { statusCode, body } = await send(variant);
      expect(statusCode).toBe(400);
      expect(body).toEqual({ errors: [{ message: MSG.malformedMultipart, extensions: { code: 'BAD_REQUEST' } }] });
    }
  });

  it('refuses a multipart request without a session before reading its files', async () => {
    const before = await t.deps.systemDb.storedFile.count();
    const { statusCode, body } = await send(graphqlMultipart(SAVE, { input: athleteInput() }, [
      { path: 'input.athlete.medicalExaminationDocument', filename: 'c.pdf', contentType: 'application/pdf', content: pdf() },
    ]), null);
    expect(statusCode).toBe(401);
    expect(body).toEqual({ errors: [{ message: MSG.notAuthenticated, extensions: { code: 'UNAUTHENTICATED' } }] });
    expect(await t.deps.systemDb.storedFile.count()).toBe(before);
  });

  it('refuses more than 10 files', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ path: `input.manager.documents.${i}`, filename: `d${i}.pdf`, contentType: 'application/pdf', content: pdf() }));
    const input = { kind: 'manager', profile: athleteInput().profile, manager: { documents: files.map(() => null) } };
    const { statusCode, body } = await send(graphqlMultipart(SAVE, { input }, files));
    expect(statusCode).toBe(413);
    expect(body.errors[0].message).toBe(MSG.tooManyFiles);
  });

  it('still answers plain JSON requests as before', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${club.token}`, 'x-club': club.clubToken },
      payload: JSON.stringify({ query: SAVE, variables: { input: athleteInput() } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.savePerson.__typename).toBe('MutationSavePersonSuccess');
  });

  it("does not let another club's upload land in this club", async () => {
    const before = await countFiles(other.clubId);
    const { body } = await saveWithCertificate(pdf(), 'altro.pdf', other);
    const doc = body.data.savePerson.data.role.athlete.medicalExaminationDocument;
    expect(await countFiles(other.clubId)).toBe(before + 1);
    const asClub = await t.app.inject({ method: 'GET', url: doc.url, headers: { authorization: `Bearer ${club.token}`, 'x-club': club.clubToken } });
    expect(asClub.statusCode).toBe(404);
  });

  it('never reads file bytes to answer GraphQL (StoredFile is loaded with a select that omits content)', async () => {
    const saved = await saveWithCertificate(pdf(), 'per-lista.pdf');
    const roleId = saved.body.data.savePerson.data.role.id;
    const managerFiles = [0, 1].map((i) => ({ path: `input.manager.documents.${i}`, filename: `doc${i}.pdf`, contentType: 'application/pdf', content: pdf() }));
    const manager = { kind: 'manager', profile: athleteInput().profile, manager: { documents: [null, null] } };
    expect((await send(graphqlMultipart(SAVE, { input: manager }, managerFiles))).body.data.savePerson.__typename).toBe('MutationSavePersonSuccess');

    // Record every query the app sends while answering, through the same client the resolvers use.
    const original = t.deps.systemDb;
    const seen: Array<{ model?: string; operation: string; args: unknown }> = [];
    t.deps.systemDb = original.$extends({
      query: { $allModels: { $allOperations: ({ model, operation, args, query }) => (seen.push({ model, operation, args }), query(args)) } },
    }) as unknown as typeof original;
    try {
      const FILE = '{ id filename mimeType size url createdAt }';
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${club.token}`, 'x-club': club.clubToken },
        payload: JSON.stringify({
          query: `query($id: ID!) {
            personRole(id: $id) { athlete { medicalExaminationDocument ${FILE} } person { blsdFile ${FILE} } documents ${FILE} }
            people(kind: manager, first: 8) { edges { node { documents ${FILE} person { firstAidFile ${FILE} firePreventionFile ${FILE} } } } }
          }`,
          variables: { id: roleId },
        }),
      });
      expect(res.json().errors).toBeUndefined();
      expect(res.json().data.personRole.athlete.medicalExaminationDocument.filename).toBe('per-lista.pdf');
      expect(res.json().data.people.edges.some((e: any) => e.node.documents.length === 2)).toBe(true);
    } finally {
      t.deps.systemDb = original;
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(fileLoadsReadingContent(seen)).toEqual([]);
  });
});

const FILE_RELATIONS = new Set(['blsdFile', 'firstAidFile', 'firePreventionFile', 'medicalExaminationDocument', 'documents', 'storedFiles', 'files']);

/** Every place a query would load StoredFile columns without a select that leaves `content` out. */
function fileLoadsReadingContent(queries: Array<{ model?: string; args: unknown }>): string[] {
  const bad: string[] = [];
  const readsContent = (load: unknown) => {
    if (!load || typeof load !== 'object') return true; // `true`: every column, content included
    const { select, omit } = load as { select?: Record<string, unknown>; omit?: Record<string, unknown> };
    if (select) return !!select.content;
    return !omit?.content;
  };
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (FILE_RELATIONS.has(key) && value !== false && value !== undefined && readsContent(value)) bad.push(`${where}.${key}`);
      walk(value, `${where}.${key}`);
    }
  };
  for (const q of queries) {
    if (q.model === 'StoredFile' && readsContent(q.args)) bad.push('StoredFile (direct)');
    walk(q.args, q.model ?? '?');
  }
  return bad;
}
