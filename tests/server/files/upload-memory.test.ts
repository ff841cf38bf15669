// The upload memory budget (UPLOAD_MEMORY_MB, here 1 MB): the bytes every multipart request in progress holds
// count together, on both faces; past the budget a request is refused with 429 in Italian and writes nothing, and
// what a request held returns when it ends, even when its client went away mid-upload.
import net from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MSG } from '../../../schema/messages';
import { uploadBudgetFor } from '../../../server/modules/files/upload-limits';
import { createClub, type TestClub } from '../../support/factories';
import { rawRequest } from '../../support/raw-http';
import { startTestApp, type TestApp } from '../../support/test-app';
import { multipart, png } from './fixtures';

let t: TestApp;
let club: TestClub;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ uploadMemoryBytes: 1024 * 1024 });
  club = await createClub(t.deps);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${club.token}`, 'x-club': club.clubToken });
const held = () => uploadBudgetFor(t.deps.config).used;
const logoUpdate = (content: Buffer) =>
  multipart([
    { name: 'full_name', value: 'ASD Con Logo' },
    { name: 'logo_file', filename: 'logo.png', contentType: 'image/png', content },
  ]);

it('refuses uploads past the budget with 429 while another holds it, and frees it when that client goes away', async () => {
  // A GraphQL upload that stops after 700 KB of its file and stays connected.
  const SAVE = 'mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename } }';
  const input = { kind: 'athlete', profile: { firstname: 'Sara', lastname: 'Neri', taxIdCode: 'NRESRA95A44H501C', typeGenderId: 2 }, athlete: { medicalExaminationDocument: null } };
  const { payload, contentType } = multipart([
    { name: 'operations', value: JSON.stringify({ query: SAVE, variables: { input } }) },
    { name: 'map', value: JSON.stringify({ 0: ['variables.input.athlete.medicalExaminationDocument'] }) },
    { name: '0', filename: 'c.pdf', contentType: 'application/pdf', content: Buffer.alloc(2 * 1024 * 1024) },
  ]);
  const slow = net.connect(port, '127.0.0.1');
  slow.on('error', () => {});
  const head = Object.entries({ host: 'x', ...auth(), 'content-type': contentType, 'content-length': String(payload.length) }).map(([k, v]) => `${k}: ${v}`);
  slow.write(`POST /graphql HTTP/1.1\r\n${head.join('\r\n')}\r\n\r\n`);
  slow.write(payload.subarray(0, 700 * 1024));
  await vi.waitFor(() => expect(held()).toBeGreaterThan(600 * 1024), { timeout: 5000, interval: 20 });

  const before = await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId } });
  const busy = logoUpdate(Buffer.concat([png(), Buffer.alloc(500 * 1024)]));
  const refused = await rawRequest(port, { path: '/api/club/update', headers: { ...auth(), 'content-type': busy.contentType }, body: busy.payload });
  expect(refused?.status).toBe(429);
  expect(JSON.parse(refused!.body)).toEqual({ status: false, context: null, message: MSG.uploadsBusy });
  expect(await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId } })).toEqual(before);

  slow.destroy();
  await vi.waitFor(() => expect(held()).toBe(0), { timeout: 5000, interval: 20 });
  const small = logoUpdate(png());
  const accepted = await rawRequest(port, { path: '/api/club/update', headers: { ...auth(), 'content-type': small.contentType }, body: small.payload });
  expect(accepted?.status).toBe(200);
  expect(JSON.parse(accepted!.body).status).toBe(true);
  expect(held()).toBe(0); // a finished request gives back what it held
});
