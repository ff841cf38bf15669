// Legacy REST multipart/form-data: bracket names nested, files as UploadedFile values, limits (413) and malformed
// bodies (400) in the envelope, JSON unchanged; then the legacy manager save with two documents end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { ok } from '../../../server/compat/envelope';
import { registerLegacyRoutes, tableRoutes, type LegacyBody } from '../../../server/compat/router';
import { isUploadedFile } from '../../../server/modules/files/files.service';
import { createClub, type TestClub } from '../../support/factories';
import { rest } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';
import { fakePdf, jpeg, multipart, oversizePng, pdf, png, type Part } from './fixtures';

/** Files replaced by a summary, so the echo shows what the handler received. */
function summarise(value: unknown): unknown {
  if (isUploadedFile(value)) return { file: value.filename, claimed: value.mimeType, bytes: value.content.length };
  if (Array.isArray(value)) return value.map(summarise);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, summarise(v)]));
  return value;
}

let t: TestApp;
let club: TestClub;
let other: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  // A test-only legacy route, registered like the real ones (same scope, parser and envelope).
  registerLegacyRoutes(t.app, t.deps, tableRoutes([{ path: '/test/echo', handler: async (_ctx, body: LegacyBody) => ok(summarise(body)) }], { '/test/echo': { who: 'member', permission: null } }));
  [club, other] = [await createClub(t.deps), await createClub(t.deps)];
});
afterAll(() => t.close());

async function post(path: string, parts: Part[], creds: Partial<TestClub> = club) {
  const body = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      'content-type': body.contentType,
      ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}),
      ...(creds.clubToken ? { 'x-club': creds.clubToken } : {}),
    },
    payload: body.payload,
  });
  return { statusCode: res.statusCode, body: res.json() };
}

const file = (name: string, filename: string, content: Buffer, contentType = 'application/pdf'): Part => ({ name, filename, contentType, content });

describe('legacy multipart bodies', () => {
  it('nests bracket names and turns files into UploadedFile values', async () => {
    const { statusCode, body } = await post('/test/echo', [
      { name: 'profile[firstname]', value: 'Luca' },
      { name: 'profile[address][city]', value: 'Bologna' },
      { name: 'address[city]', value: 'Modena' },
      { name: 'groups[]', value: 'a' },
      { name: 'groups[]', value: 'b' },
      { name: 'tags', value: 'x' },
      { name: 'tags', value: 'y' },
      { name: 'manager_role', value: 'Segretario' },
      file('documents[]', 'uno.pdf', pdf()),
      file('documents[]', 'due.png', png(), 'image/png'),
      file('attachments', 'a.pdf', pdf()),
      file('attachments', 'b.jpg', jpeg(), 'image/jpeg'),
      file('medical_examination_document', 'certificato.pdf', pdf()),
      // an empty file input of a browser form: no file
      file('blsd_file', '', Buffer.alloc(0), 'application/octet-stream'),
    ]);
    expect(statusCode).toBe(200);
    expect(body).toEqual({
      status: true,
      message: '',
      context: {
        profile: { firstname: 'Luca', address: { city: 'Bologna' } },
        address: { city: 'Modena' },
        groups: ['a', 'b'],
        tags: ['x', 'y'],
        manager_role: 'Segretario',
        documents: [
          { file: 'uno.pdf', claimed: 'application/pdf', bytes: pdf().length },
          { file: 'due.png', claimed: 'image/png', bytes: png().length },
        ],
        attachments: [
          { file: 'a.pdf', claimed: 'application/pdf', bytes: pdf().length },
          { file: 'b.jpg', claimed: 'image/jpeg', bytes: jpeg().length },
        ],
        medical_examination_document: { file: 'certificato.pdf', claimed: 'application/pdf', bytes: pdf().length },
      },
    });
  });

  it('keeps indexed lists dense and refuses prototype keys', async () => {
    const { body } = await post('/test/echo', [
      { name: 'groups[0]', value: 'a' },
      { name: 'groups[5]', value: 'b' },
      { name: 'rows[][name]', value: 'r1' },
      { name: 'rows[][name]', value: 'r2' },
    ]);
    expect(body.context).toEqual({ groups: ['a', 'b'], rows: [{ name: 'r1' }, { name: 'r2' }] });
    const polluted = await post('/test/echo', [{ name: 'profile[__proto__][admin]', value: '1' }]);
    expect(polluted).toEqual({ statusCode: 400, body: { status: false, context: null, message: MSG.malformedMultipart } });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('accepts a file of exactly the limit and refuses one byte more with 413', async () => {
    const exact = Buffer.concat([png(), Buffer.alloc(UPLOAD_MAX_BYTES - png().length)]);
    const accepted = await post('/test/echo', [file('documents[]', 'limite.png', exact, 'image/png')]);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body.context.documents[0].bytes).toBe(UPLOAD_MAX_BYTES);
    const refused = await post('/test/echo', [file('documents[]', 'enorme.png', oversizePng(UPLOAD_MAX_BYTES), 'image/png')]);
    expect(refused).toEqual({ statusCode: 413, body: { status: false, context: null, message: MSG.fileTooLarge } });
  });

  it('refuses more than 10 files with 413', async () => {
    const parts = Array.from({ length: 11 }, (_, i) => file('documents[]', `d${i}.pdf`, pdf()));
    expect(await post('/test/echo', parts)).toEqual({ statusCode: 413, body: { status: false, context: null, message: MSG.tooManyFiles } });
  });

  it('answers a malformed body with 400 and an Italian message', async () => {
    for (const [payload, contentType] of [
      [Buffer.from('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'), 'multipart/form-data; boundary=xyz'],
      [Buffer.from('anything'), 'multipart/form-data'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': contentType, authorization: `Bearer ${club.token}`, 'x-club': club.clubToken },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, context: null, message: MSG.malformedMultipart });
    }
  });

  it('refuses a multipart request without a session before reading it', async () => {
    const res = await post('/test/echo', [{ name: 'a', value: '1' }], {});
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ status: false, message: MSG.notAuthenticated });
  });

  it('keeps JSON requests working unchanged', async () => {
    const res = await rest(t.app, '/test/echo', { profile: { firstname: 'Anna' }, groups: ['x'] }, { token: club.token, club: club.clubToken });
    expect(res).toMatchObject({ statusCode: 200, body: { status: true, context: { profile: { firstname: 'Anna' }, groups: ['x'] } } });
  });
});

describe('legacy manager save with documents (multipart)', () => {
  const managerParts = (taxIdCode: string, documents: Part[]): Part[] => [
    { name: 'firstname', value: 'Paolo' },
    { name: 'lastname', value: 'Verdi' },
    { name: 'tax_id_code', value: taxIdCode },
    { name: 'manager_role', value: 'Segretario' },
    ...documents,
  ];

  it('stores two documents with the role, served to the club and to nobody else', async () => {
    const { statusCode, body } = await post('/manager/save', managerParts('VRDPLA70A01H501N', [
      file('documents[]', 'statuto.pdf', pdf()),
      file('documents[]', 'tessera.png', png(), 'image/png'),
    ]));
    expect(statusCode).toBe(200);
    expect(body.status).toBe(true);
    const documents = body.context.documents as Array<{ id: string; filename: string; mime_type: string; size: number; url: string }>;
    expect(documents.map((d) => [d.filename, d.mime_type, d.size])).toEqual([
      ['statuto.pdf', 'application/pdf', pdf().length],
      ['tessera.png', 'image/png', png().length],
    ]);
    for (const [doc, bytes] of [[documents[0], pdf()], [documents[1], png()]] as const) {
      const mine = await t.app.inject({ method: 'GET', url: `/api${doc.url}`, headers: { authorization: `Bearer ${club.token}`, 'x-club': club.clubToken } });
      expect(mine.statusCode).toBe(200);
      expect(mine.rawPayload.equals(bytes)).toBe(true);
      const theirs = await t.app.inject({ method: 'GET', url: doc.url, headers: { authorization: `Bearer ${other.token}`, 'x-club': other.clubToken } });
      expect(theirs.statusCode).toBe(404);
    }
  });

  it('refuses the whole save when one document is not an accepted type, leaving nothing behind', async () => {
    const count = () => Promise.all([t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId } }), t.deps.systemDb.personRole.count({ where: { clubId: club.clubId } })]);
    const before = await count();
    const { statusCode, body } = await post('/manager/save', managerParts('VRDPLA70A02H501S', [
      file('documents[]', 'statuto.pdf', pdf()),
      file('documents[]', 'finto.pdf', fakePdf()),
    ]));
    expect(statusCode).toBe(200);
    expect(body).toMatchObject({ status: false, context: { errors: { documents: MSG.fileTypeNotAllowed } } });
    expect(await count()).toEqual(before);
  });

  it('refuses an oversize document with 413 and stores nothing', async () => {
    const before = await t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId } });
    const res = await post('/manager/save', managerParts('VRDPLA70A03H501U', [file('documents[]', 'enorme.png', oversizePng(UPLOAD_MAX_BYTES), 'image/png')]));
    expect(res).toEqual({ statusCode: 413, body: { status: false, context: null, message: MSG.fileTooLarge } });
    expect(await t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId } })).toBe(before);
  });
});
