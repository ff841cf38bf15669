// Reading an invitation link needs no session, so its token could be guessed by brute force: the reads are capped
// per address (rate-limits.ts invitationRead, 60 per 15 minutes), answered in Italian with RATE_LIMITED, never a 5xx.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { gql } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';

const READ = `query($token: String!) { invitation(token: $token) { state } }`;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('answers the first 60 reads from one address, then refuses with the rate-limit message', async () => {
  for (let i = 0; i < 60; i++) {
    const res = await gql(t.app, READ, { token: `guess-${i}` });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.invitation).toBeNull();
  }
  const limited = await gql(t.app, READ, { token: 'guess-60' });
  expect(limited.statusCode).toBeLessThan(500);
  expect(limited.body.errors?.[0]).toMatchObject({ message: MSG.rateLimited(15), extensions: { code: 'RATE_LIMITED' } });
  expect(limited.body.data?.invitation ?? null).toBeNull();
});
