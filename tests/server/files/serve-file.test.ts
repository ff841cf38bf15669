// GET /files/:id (and /api/files/:id): only members of the owning club get the bytes; another club's user gets the
// very answer of an unknown id; no session is 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { storeFile } from '../../../server/modules/files/files.service';
import { addClubTo, createClub, type TestClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { pdf, png } from './fixtures';

let t: TestApp;
let owner: TestClub;
let other: TestClub;
let pngId: string;
let pdfId: string;
beforeAll(async () => {
  t = await startTestApp();
  [owner, other] = [await createClub(t.deps), await createClub(t.deps)];
  const save = (filename: string, content: Buffer) =>
    t.deps.systemDb.$transaction((tx) => storeFile(tx, { clubId: owner.clubId, purpose: 'blsd' }, { filename, mimeType: 'x/y', content }, 'file'));
  pngId = (await save('foto tessera.png', png())).id;
  pdfId = (await save('certificato è medico.pdf', pdf())).id;
});
afterAll(() => t.close());

const download = (url: string, creds: { token?: string; club?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}), ...(creds.club ? { 'x-club': creds.club } : {}) },
  });

describe('serving stored files', () => {
  it.each(['/files', '/api/files'])('%s/:id serves the owning club with its type, name and no caching', async (prefix) => {
    const res = await download(`${prefix}/${pngId}`, { token: owner.token, club: owner.clubToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`inline; filename="foto tessera.png"; filename*=UTF-8''foto%20tessera.png`);
    expect(res.rawPayload.equals(png())).toBe(true);
  });

  it('names a file with non-ASCII characters in UTF-8', async () => {
    const res = await download(`/files/${pdfId}`, { token: owner.token, club: owner.clubToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''certificato%20%C3%A8%20medico.pdf`);
    expect(res.rawPayload.equals(pdf())).toBe(true);
  });

  it("answers another club's user exactly as for an unknown id", async () => {
    const foreign = await download(`/files/${pngId}`, { token: other.token, club: other.clubToken });
    const unknown = await download(`/files/00000000-0000-4000-8000-000000000000`, { token: other.token, club: other.clubToken });
    const garbage = await download(`/files/not-a-uuid`, { token: other.token, club: other.clubToken });
    for (const res of [foreign, unknown, garbage]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, context: null, message: MSG.notFound });
    }
    expect(foreign.rawPayload.equals(unknown.rawPayload)).toBe(true);
  });

  it("refuses the owner's own account when it names its other club", async () => {
    const second = await addClubTo(t.deps, owner.accountId);
    const res = await download(`/files/${pngId}`, { token: owner.token, club: second.clubToken });
    expect(res.statusCode).toBe(404);
  });

  it('needs a session (401) and a club (403)', async () => {
    const anonymous = await download(`/files/${pngId}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: false, message: MSG.notAuthenticated });
    const wrongToken = await download(`/files/${pngId}`, { token: 'nope', club: owner.clubToken });
    expect(wrongToken.statusCode).toBe(401);
    const noClub = await download(`/files/${pngId}`, { token: owner.token });
    expect(noClub.statusCode).toBe(403);
    expect(noClub.json()).toMatchObject({ status: false, message: MSG.clubHeaderMissing });
    const notMember = await download(`/files/${pngId}`, { token: other.token, club: owner.clubToken });
    expect(notMember.statusCode).toBe(403);
  });
});
