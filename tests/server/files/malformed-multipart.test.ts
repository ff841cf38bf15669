// Malformed multipart bytes over a real socket, on both upload faces (GraphQL savePerson with a certificate, legacy
// REST /api/club/update with a logo): every case answers a 4xx in Italian (or, for a client that went away, nothing),
// the server keeps answering /healthz, and nothing is written. Before the shared reader (multipart-reader.ts) a NUL
// byte or a header line without a colon in a GraphQL part made busboy emit an 'error' nobody handled, ending the
// process (here: an unhandled error that fails the run). Also: bodies the server must refuse before reading them
// (no session, over the limits), shown by the answer arriving while most of the body is still unsent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { createClub, type TestClub } from '../../support/factories';
import { rawRequest, type RawAnswer } from '../../support/raw-http';
import { startTestApp, type TestApp } from '../../support/test-app';
import { requestCeiling } from '../../../server/modules/files/multipart-reader';
import { UPLOAD_LIMITS } from '../../../server/modules/files/upload-limits';
import { png } from './fixtures';
import { taxCodeFor } from '../../support/tax-code-factories';

let t: TestApp;
let club: TestClub;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const BOUNDARY = 'campobase-boundary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const auth = () => ({ authorization: `Bearer ${club.token}`, 'x-club': club.clubToken });
const bytes = (text: string) => Buffer.from(text, 'latin1');
const field = (name: string, value: string) => Buffer.concat([bytes(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), Buffer.from(value), bytes('\r\n')]);
/** A part with raw header lines (each may be malformed on purpose) and its content. */
const part = (headerLines: string[], content: Buffer) => Buffer.concat([bytes(`--${BOUNDARY}\r\n${headerLines.join('\r\n')}\r\n\r\n`), content, bytes('\r\n')]);
const END = bytes(`--${BOUNDARY}--\r\n`);

const SAVE = `mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename } }`;

interface Face {
  path: string;
  /** The valid parts before the file: on their own, with the file, they would write. */
  lead: () => Buffer;
  fileField: string;
  /** The body of a refusal with this status and message. */
  refusal: (status: number, message: string) => unknown;
  /** What a write would change. */
  snapshot: () => Promise<unknown>;
}

let seq = 0;
const faces: Record<'graphql' | 'rest', Face> = {
  graphql: {
    path: '/graphql',
    lead: () => {
      const profile = { firstname: 'Sara', lastname: 'Neri', taxIdCode: taxCodeFor(seq++, 'NRE', { female: true }), typeGenderId: 2 };
      const input = { kind: 'athlete', profile, athlete: { medicalExaminationDocument: null } };
      return Buffer.concat([
        field('operations', JSON.stringify({ query: SAVE, variables: { input } })),
        field('map', JSON.stringify({ 0: ['variables.input.athlete.medicalExaminationDocument'] })),
      ]);
    },
    fileField: '0',
    refusal: (status, message) => ({ errors: [{ message, extensions: { code: { 400: 'BAD_REQUEST', 401: 'UNAUTHENTICATED', 413: 'PAYLOAD_TOO_LARGE' }[status] } }] }),
    snapshot: async () => ({
      roles: await t.deps.systemDb.personRole.count({ where: { clubId: club.clubId } }),
      files: await t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId } }),
    }),
  },
  rest: {
    path: '/api/club/update',
    lead: () => field('full_name', `ASD Cambiata ${seq++}`),
    fileField: 'logo_file',
    refusal: (_status, message) => ({ status: false, context: null, message }),
    snapshot: async () => ({
      club: await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId }, select: { fullName: true, logoFileId: true, updatedAt: true } }),
      files: await t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId } }),
    }),
  },
};

const fileHeaders = (face: Face, filename = 'logo.png') => [`Content-Disposition: form-data; name="${face.fileField}"; filename="${filename}"`, 'Content-Type: image/png'];
const image = png();

interface Case {
  name: string;
  build: (face: Face) => { body: Buffer; contentType?: string; declaredLength?: number | null; abort?: boolean };
}

/** Each answers 400 with the malformed-upload message, except a client that went away (no one to answer). */
const MALFORMED_CASES: Case[] = [
  { name: 'NUL in a field name', build: (f) => ({ body: Buffer.concat([f.lead(), part([`Content-Disposition: form-data; name="${f.fileField}\0"; filename="logo.png"`, 'Content-Type: image/png'], image), END]) }) },
  { name: 'NUL in a file name', build: (f) => ({ body: Buffer.concat([f.lead(), part(fileHeaders(f, 'lo\0go.png'), image), END]) }) },
  {
    name: 'NUL in an encoded file name (filename*)',
    build: (f) => ({ body: Buffer.concat([f.lead(), part([`Content-Disposition: form-data; name="${f.fileField}"; filename*=UTF-8''lo%00go.png`, 'Content-Type: image/png'], image), END]) }),
  },
  { name: 'NUL in a header value', build: (f) => ({ body: Buffer.concat([f.lead(), part([...fileHeaders(f), 'X-Nota: a\0b'], image), END]) }) },
  { name: 'a header line without a colon', build: (f) => ({ body: Buffer.concat([f.lead(), part([...fileHeaders(f), 'questa riga non ha i due punti'], image), END]) }) },
  { name: 'a header line without a colon first', build: (f) => ({ body: Buffer.concat([f.lead(), part(['questa riga non ha i due punti', ...fileHeaders(f)], image), END]) }) },
  { name: 'a part header of 20 KB', build: (f) => ({ body: Buffer.concat([f.lead(), part([...fileHeaders(f), `X-Riempitivo: ${'a'.repeat(20_000)}`], image), END]) }) },
  { name: 'a body that ends inside the file', build: (f) => ({ body: Buffer.concat([f.lead(), part(fileHeaders(f), image).subarray(0, -20)]) }) },
  { name: 'no closing boundary', build: (f) => ({ body: Buffer.concat([f.lead(), part(fileHeaders(f), image)]) }) },
  { name: 'no boundary in the content type', build: (f) => ({ body: Buffer.concat([f.lead(), part(fileHeaders(f), image), END]), contentType: 'multipart/form-data' }) },
  { name: 'garbage without any boundary', build: () => ({ body: bytes('questo non è un modulo multipart\r\n\0\0\0') }) },
  {
    name: 'a client that goes away mid-upload',
    build: (f) => {
      const body = Buffer.concat([f.lead(), part(fileHeaders(f), Buffer.alloc(256 * 1024, 7))]).subarray(0, -1000);
      return { body, declaredLength: body.length + 1_000_000, abort: true };
    },
  },
];

async function send(face: Face, c: ReturnType<Case['build']>, headers: Record<string, string> = auth()): Promise<RawAnswer | null> {
  return rawRequest(port, { path: face.path, headers: { ...headers, 'content-type': c.contentType ?? CONTENT_TYPE }, body: c.body, declaredLength: c.declaredLength, abort: c.abort });
}

async function expectHealthy() {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(res.status).toBe(200);
}

describe.each(['graphql', 'rest'] as const)('malformed multipart on %s', (faceName) => {
  const face = faces[faceName];

  it.each(MALFORMED_CASES)('$name: a 400 in Italian (or no answer), still serving, nothing written', async (c) => {
    const before = await face.snapshot();
    const request = c.build(face);
    const answer = await send(face, request);
    if (request.abort) expect(answer).toBeNull();
    else {
      expect(answer?.status).toBe(400);
      expect(JSON.parse(answer!.body)).toEqual(face.refusal(400, MSG.malformedMultipart));
    }
    await expectHealthy();
    expect(await face.snapshot()).toEqual(before);
  });

  it('the same request well formed does write (the cases above could have)', async () => {
    const before = await face.snapshot();
    const answer = await send(face, { body: Buffer.concat([face.lead(), part(fileHeaders(face), image), END]) });
    expect(answer?.status).toBe(200);
    expect(answer!.body).not.toContain('"errors"');
    expect(await face.snapshot()).not.toEqual(before);
  });
});

describe('bodies refused before they are read', () => {
  const MB = 1024 * 1024;
  /** The start of a large upload: only this much is sent, then the client waits for the answer. */
  const start = (face: Face) => Buffer.concat([face.lead(), bytes(`--${BOUNDARY}\r\n${fileHeaders(face).join('\r\n')}\r\n\r\n`), Buffer.alloc(256 * 1024)]);

  it.each(['graphql', 'rest'] as const)('%s: without a session (none or invalid), 401 while 30 MB are announced and 256 KB sent', async (faceName) => {
    const face = faces[faceName];
    for (const headers of [{}, { authorization: 'Bearer non-valido', 'x-club': club.clubToken }] as Record<string, string>[]) {
      const before = await face.snapshot();
      const answer = await send(face, { body: start(face), declaredLength: 30 * MB }, headers);
      expect(answer?.status).toBe(401);
      expect(JSON.parse(answer!.body)).toEqual(face.refusal(401, MSG.notAuthenticated));
      expect(await face.snapshot()).toEqual(before);
    }
    await expectHealthy();
  });

  it.each(['graphql', 'rest'] as const)('%s: signed in, more than the limits announced is 413 before reading', async (faceName) => {
    const face = faces[faceName];
    const answer = await send(face, { body: start(face), declaredLength: 60 * MB });
    expect(answer?.status).toBe(413);
    expect(JSON.parse(answer!.body)).toEqual(face.refusal(413, MSG.bodyTooLarge));
  });

  it.each(['graphql', 'rest'] as const)('%s: signed in, a chunked body is cut off at the limits, long before its end', async (faceName) => {
    const face = faces[faceName];
    const unsent = async (body: Buffer, message: string, readAtMost: number) => {
      const answer = await send(face, { body, declaredLength: null });
      expect(answer?.status).toBe(413);
      expect(JSON.parse(answer!.body)).toEqual(face.refusal(413, message));
      // Loopback buffers hold a few MB more than the server read.
      expect(answer!.sentBeforeAnswer).toBeLessThan(readAtMost + 16 * MB);
      expect(answer!.sentBeforeAnswer).toBeLessThan(body.length);
    };
    // A 60 MB file without a length: refused as soon as it passes 5 MB.
    await unsent(Buffer.concat([start(face), Buffer.alloc(60 * MB)]), MSG.fileTooLarge, 5 * MB);
    // An 80 MB text field: busboy keeps 1 MB of it and drops the rest; the whole request stops at its ceiling (52 MB).
    const note = Buffer.concat([face.lead(), bytes(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`), Buffer.alloc(80 * MB, 'a')]);
    await unsent(note, MSG.bodyTooLarge, requestCeiling(UPLOAD_LIMITS));
    await expectHealthy();
  });

  it('a route open without a session takes no files and no more than a form', async () => {
    const login = (body: Buffer, declaredLength?: number) =>
      rawRequest(port, { path: '/api/login', headers: { 'content-type': CONTENT_TYPE }, body, declaredLength });
    const withFile = await login(Buffer.concat([field('email', club.email), part(['Content-Disposition: form-data; name="f"; filename="x.bin"'], Buffer.alloc(1024)), END]));
    expect([withFile?.status, JSON.parse(withFile!.body).message]).toEqual([400, MSG.filesNotAccepted]);
    const large = await login(Buffer.concat([field('email', club.email), Buffer.alloc(256 * 1024)]), 30 * MB);
    expect([large?.status, JSON.parse(large!.body).message]).toEqual([413, MSG.bodyTooLarge]);
    // Fields still work as a form: a wrong password is the usual business answer.
    const form = await login(Buffer.concat([field('email', club.email), field('password', 'sbagliata-123'), END]));
    expect(form?.status).toBe(200);
    expect(JSON.parse(form!.body)).toMatchObject({ status: false, message: MSG.loginFailed });
  });
});
