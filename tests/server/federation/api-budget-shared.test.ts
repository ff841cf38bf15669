// An API key's points budget is one budget however many instances serve it: on PostgreSQL it is counted in the
// database (the rate_limits table, like the rate limits: lib/rate-limit-store.ts), so two instances on one database
// behind a load balancer spend the same points and refuse together once they are spent. Real HTTP servers on
// 127.0.0.1. On the embedded PGlite there is one process, hence one budget (in memory): nothing to share.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub } from '../../support/factories';
import { affiliate, keyOf, organisationOf } from '../../support/organisation-factories';
import { startSecondInstance, startTestApp, usingPostgres, type TestApp } from '../../support/test-app';

const POINTS = 400;
const QUERY = `{ organisationPeople(first: 10) { edges { node { id registry { firstname } } } } }`;

describe.runIf(usingPostgres())('the API-key budget on two instances sharing a PostgreSQL database', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startSecondInstance>>;
  const urls: string[] = [];
  let secret: string;

  beforeAll(async () => {
    a = await startTestApp({ apiKeyPointsHourly: POINTS });
    b = await startSecondInstance(a);
    for (const app of [a.app, b.app]) {
      await app.listen({ host: '127.0.0.1', port: 0 });
      urls.push(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
    }
    const [orgAdmin, club] = [await createClub(a.deps), await createClub(a.deps)];
    const org = await organisationOf(a.deps, orgAdmin);
    await affiliate(a.deps, org.id, club.clubId, ['people.registry']);
    secret = (await keyOf(a.deps, orgAdmin, org.id, ['people.registry'])).secret;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const ask = async (url: string) => {
    const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ query: QUERY }) });
    const body = (await res.json()) as { extensions?: { cost: { requested: number; budget: { remaining: number } } }; errors?: Array<{ extensions: { code: string } }> };
    return { status: res.status, remaining: Number(res.headers.get('x-ratelimit-remaining')), cost: body.extensions?.cost.requested, code: body.errors?.[0]?.extensions.code };
  };

  it('each request, on either instance, spends the same budget; once spent, both refuse with 429', async () => {
    const first = await ask(urls[0]);
    expect(first.status).toBe(200);
    const cost = first.cost!;
    expect(cost).toBeGreaterThan(10);
    expect(first.remaining).toBe(POINTS - cost);
    // The second instance sees what the first spent.
    const second = await ask(urls[1]);
    expect([second.status, second.remaining]).toEqual([200, POINTS - 2 * cost]);

    const answers = [];
    for (let i = 0; answers.at(-1)?.status !== 429 && i < 40; i++) answers.push(await ask(urls[i % 2]));
    const served = 2 + answers.filter((r) => r.status === 200).length;
    // One budget for both: as many requests as it holds, not twice as many.
    expect(served).toBe(Math.floor(POINTS / cost));
    for (const url of urls) expect(await ask(url)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });
});
