// Uploads over a real socket (fetch + FormData, as a browser sends them): refusals arrive as complete Italian
// answers while the client is still sending, never a reset or a hang; the XSRF check still applies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { createClub, type TestClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { oversizePng, pdf } from './fixtures';

const SAVE = `mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename
  ... on MutationSavePersonSuccess { data { role { athlete { medicalExaminationDocument { url size } } } } } } }`;

let t: TestApp;
let club: TestClub;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${club.token}`, 'x-club': club.clubToken });

function certificateForm(content: Buffer, taxIdCode: string) {
  const form = new FormData();
  const input = { kind: 'athlete', profile: { firstname: 'Sara', lastname: 'Neri', taxIdCode, typeGenderId: 2 }, athlete: { medicalExaminationDocument: null } };
  form.append('operations', JSON.stringify({ query: SAVE, variables: { input } }));
  form.append('map', JSON.stringify({ 0: ['variables.input.athlete.medicalExaminationDocument'] }));
  form.append('0', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), 'certificato.pdf');
  return form;
}

describe('uploads over HTTP', () => {
  it('GraphQL: stores a certificate sent by fetch with FormData', async () => {
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: auth(), body: certificateForm(pdf(), 'NRESRA95A41H501T') });
    expect(res.status).toBe(200);
    const doc = (await res.json()).data.savePerson.data.role.athlete.medicalExaminationDocument;
    expect(doc.size).toBe(pdf().length);
    const served = await fetch(`${base}${doc.url}`, { headers: auth() });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf())).toBe(true);
  });

  it('GraphQL: an oversize file gets a complete 413 answer in Italian', async () => {
    const before = await t.deps.systemDb.storedFile.count();
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: auth(), body: certificateForm(oversizePng(UPLOAD_MAX_BYTES), 'NRESRA95A42H501Y') });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ errors: [{ message: MSG.fileTooLarge, extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
    expect(await t.deps.systemDb.storedFile.count()).toBe(before);
  });

  it('legacy REST: an oversize document gets a complete 413 envelope', async () => {
    const form = new FormData();
    form.append('firstname', 'Paolo');
    form.append('lastname', 'Verdi');
    form.append('tax_id_code', 'VRDPLA70A04H501W');
    form.append('documents[]', new Blob([new Uint8Array(oversizePng(UPLOAD_MAX_BYTES))], { type: 'image/png' }), 'enorme.png');
    const res = await fetch(`${base}/api/manager/save`, { method: 'POST', headers: auth(), body: form });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: false, context: null, message: MSG.fileTooLarge });
  });

  it('a multipart request with a mismatched XSRF header is refused (403)', async () => {
    for (const path of ['/graphql', '/api/manager/save']) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...auth(), 'x-xsrf-token': 'forged', cookie: 'XSRF-TOKEN=real' },
        body: certificateForm(pdf(), 'NRESRA95A43H501A'),
      });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe(MSG.xsrfMismatch);
    }
  });
});
