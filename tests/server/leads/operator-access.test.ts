// Nobody but operators reads leads: the GraphQL `leads` connection and the CSV export refuse anonymous callers
// (401 / UNAUTHENTICATED) and every other account, club owners included (403 / FORBIDDEN).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { submitLead } from '../../../server/modules/leads/submit-lead.service';
import { csvCell } from '../../../server/modules/leads/export-leads.service';
import { setOperator } from '../../../scripts/grant-operator';
import { createClub, serviceContext, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { startTestApp, type TestApp } from '../../support/test-app';
import { createOperator, leadPayload } from './lead-fixtures';

const LEADS = /* GraphQL */ `
  query Leads($first: Int, $after: String, $search: String, $funnel: String) {
    leads(first: $first, after: $after, search: $search, funnel: $funnel) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { cursor node { id name email phone clubName role region members funnelName ip userAgent createdAt } }
    }
  }`;

let t: TestApp;
let operator: TestClub;
let clubAdmin: TestClub;

async function exportCsv(token?: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/leads/export.csv${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return res;
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await createOperator(t.deps);
  clubAdmin = await createClub(t.deps);
  // Oldest first, so the list (newest first) starts with the last one.
  const leads = [
    leadPayload({ name: 'Anna Rossi', clubName: 'ASD Basket Lecco', funnelName: 'volantino-2026' }),
    leadPayload({ name: 'Marco Bianchi', clubName: 'Polisportiva Nicolò', region: '', funnelName: undefined }),
    leadPayload({ name: '=HYPERLINK("http://esempio.invalid","clic")', clubName: 'SSD "Le Vele"; Vela', members: '201+', funnelName: 'volantino-2026' }),
  ];
  for (const [i, lead] of leads.entries()) {
    await submitLead(serviceContext(t.deps, null, `10.30.0.${i + 1}`), lead);
    await new Promise((r) => setTimeout(r, 5)); // distinct creation instants
  }
});
afterAll(() => t.close());

describe('GraphQL leads', () => {
  it('refuses anonymous callers with UNAUTHENTICATED', async () => {
    const { body } = await gql(t.app, LEADS, {});
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]).toMatchObject({ message: MSG.notAuthenticated, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses a club administrator (with or without the club header) with FORBIDDEN', async () => {
    for (const creds of [{ token: clubAdmin.token }, { token: clubAdmin.token, club: clubAdmin.clubToken }]) {
      const { body } = await gql(t.app, LEADS, {}, creds);
      expect(body.errors?.[0]).toMatchObject({ message: MSG.operatorsOnly, extensions: { code: 'FORBIDDEN' } });
      expect(JSON.stringify(body)).not.toContain('Anna Rossi');
    }
  });

  it('lists every lead for an operator, newest first, with totalCount', async () => {
    const { body } = await gql(t.app, LEADS, {}, { token: operator.token });
    expect(body.errors).toBeUndefined();
    const { totalCount, edges } = body.data.leads;
    expect(totalCount).toBe(3);
    expect(edges.map((e: any) => e.node.name)).toEqual(['=HYPERLINK("http://esempio.invalid","clic")', 'Marco Bianchi', 'Anna Rossi']);
    expect(edges[1].node).toMatchObject({ clubName: 'Polisportiva Nicolò', region: null, funnelName: 'direct', role: 'Presidente', members: '51 - 200', phone: '3331234567', ip: '10.30.0.2', userAgent: 'vitest' });
  });

  it('pages with first/after and filters by funnel and by search words', async () => {
    const first = (await gql(t.app, LEADS, { first: 2 }, { token: operator.token })).body.data.leads;
    expect(first.edges).toHaveLength(2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const next = (await gql(t.app, LEADS, { first: 2, after: first.pageInfo.endCursor }, { token: operator.token })).body.data.leads;
    expect(next.edges.map((e: any) => e.node.name)).toEqual(['Anna Rossi']);
    expect(next.pageInfo.hasNextPage).toBe(false);

    const byFunnel = (await gql(t.app, LEADS, { funnel: 'Volantino 2026' }, { token: operator.token })).body.data.leads;
    expect(byFunnel.totalCount).toBe(2);
    const direct = (await gql(t.app, LEADS, { funnel: 'direct' }, { token: operator.token })).body.data.leads;
    expect(direct.edges.map((e: any) => e.node.name)).toEqual(['Marco Bianchi']);
    const search = (await gql(t.app, LEADS, { search: 'lecco ANNA' }, { token: operator.token })).body.data.leads;
    expect(search.edges.map((e: any) => e.node.name)).toEqual(['Anna Rossi']);
    const literal = (await gql(t.app, LEADS, { search: '100%' }, { token: operator.token })).body.data.leads;
    expect(literal.totalCount).toBe(0);
  });

  it('follows the operator flag at once: revoked operators are refused on their next request', async () => {
    const temporary = await createOperator(t.deps);
    expect((await gql(t.app, LEADS, {}, { token: temporary.token })).body.data.leads.totalCount).toBe(3);
    await setOperator(t.deps.systemDb, temporary.email, false);
    expect((await gql(t.app, LEADS, {}, { token: temporary.token })).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('GET /api/leads/export.csv', () => {
  it('answers 401 in the envelope without a session (or with a revoked one)', async () => {
    for (const token of [undefined, 'token-inventato']) {
      const res = await exportCsv(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: false, context: null, message: MSG.notAuthenticated });
    }
  });

  it('answers 403 to a club administrator', async () => {
    const res = await exportCsv(clubAdmin.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: false, context: null, message: MSG.operatorsOnly });
  });

  it('gives an operator a UTF-8 CSV with BOM, Italian headers, one row per lead, formulas neutralised', async () => {
    const res = await exportCsv(operator.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="richieste-contatto-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.toString('utf8').slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('Data;Nome e cognome;Email;Telefono;Società;Ruolo;Regione;Tesserati;Provenienza');
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2};"'=HYPERLINK\(""http:\/\/esempio\.invalid"",""clic""\)";giulia-\w+@example\.it;3331234567;"SSD ""Le Vele""; Vela";Presidente;Liguria;201\+;volantino-2026$/);
    expect(lines[2]).toContain(';Marco Bianchi;');
    expect(lines[2]).toContain(';Polisportiva Nicolò;Presidente;;51 - 200;direct');
  });

  it('applies the same filters as the list', async () => {
    const res = await exportCsv(operator.token, '?funnel=direct');
    const lines = res.rawPayload.toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Marco Bianchi');
  });
});

describe('csvCell', () => {
  it.each([
    ['semplice', 'semplice'],
    ['con; punto e virgola', '"con; punto e virgola"'],
    ['con, virgola', '"con, virgola"'],
    ['a capo\nqui', '"a capo\nqui"'],
    ['"virgolette"', '"""virgolette"""'],
    ['=1+1', "'=1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['+393331234567', '+393331234567'],
    [' spazi ', '" spazi "'],
  ])('%j -> %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});
