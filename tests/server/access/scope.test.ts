// The Scope (server/access/scope.ts, cross-club.ts, club-sql.ts; issue 34 point 1): the database access follows the
// actor, the unguarded client is a system scope's only, raw SQL binds the club through clubSql, and the lint
// allowlist (eslint.config.js) refuses the unguarded client and hand-written raw SQL anywhere else in server code.
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MissingClubScopeError } from '../../../server/access/club-scope';
import { CLUB, clubSql } from '../../../server/access/club-sql';
import { accountDb, apiKeyDb } from '../../../server/access/cross-club';
import { actorOf, clubDb, NotSystemScopeError, systemDbOf, systemScope } from '../../../server/access/scope';
import { UnauthenticatedError } from '../../../server/lib/errors';
import { createClub, serviceContext, type TestClub } from '../../support/factories';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import type { RequestContext } from '../../../server/context';

let t: TestApp;
let a: TestClub;
let b: TestClub;
let ctxA: RequestContext;

beforeAll(async () => {
  t = await startTestApp();
  a = await createClub(t.deps, { fullName: 'ASD Scope Uno' });
  b = await createClub(t.deps, { fullName: 'ASD Scope Due' });
  ctxA = await clubContext(t.deps, a);
  await createPerson(ctxA, 'athlete');
  await createPerson(await clubContext(t.deps, b), 'athlete');
});
afterAll(() => t.close());

describe('the database access follows the actor', () => {
  it('a member: actor member, the club-scoped client; the unguarded client and the API key access refused', async () => {
    expect(actorOf(ctxA)).toMatchObject({ kind: 'member', clubId: a.clubId, role: 'owner' });
    expect(await clubDb(ctxA).person.count()).toBe(1); // club B's person is not reached
    expect(() => systemDbOf(ctxA)).toThrow(NotSystemScopeError);
    expect(() => apiKeyDb(ctxA)).toThrow(UnauthenticatedError);
    expect(accountDb(ctxA).accountId).toBe(a.accountId);
  });

  it('anonymous: no actor, and no account access', () => {
    const anonymous = serviceContext(t.deps);
    expect(actorOf(anonymous)).toBeNull();
    expect(() => accountDb(anonymous)).toThrow(UnauthenticatedError);
    expect(() => systemDbOf(anonymous)).toThrow(NotSystemScopeError);
  });

  it('a job or script: the system actor, the only scope with the unguarded client', async () => {
    const job = systemScope(t.deps, 'test job');
    expect(actorOf(job)).toEqual({ kind: 'system', reason: 'test job', clubId: undefined });
    expect(await systemDbOf(job).person.count({ where: { clubId: { in: [a.clubId, b.clubId] } } })).toBe(2);
  });
});

describe('raw SQL through clubSql', () => {
  it("binds the request's club, and refuses a statement without ${CLUB} before it runs", async () => {
    const [row] = await clubDb(ctxA).$queryRaw<Array<{ n: number }>>(clubSql(ctxA)`SELECT count(*)::int AS n FROM people WHERE club_id = ${CLUB}`);
    expect(row.n).toBe(1);
    expect(() => clubSql(ctxA)`SELECT count(*) FROM people`).toThrow(MissingClubScopeError);
  });

  it("a statement bound to another club, or one whose parameter merely contains the club id, is refused by the club's client", async () => {
    await expect(clubDb(ctxA).$queryRaw(clubSql(b.clubId)`SELECT count(*) FROM people WHERE club_id = ${CLUB}`)).rejects.toBeInstanceOf(MissingClubScopeError);
    const key = `groups:${a.clubId}:x`;
    await expect(clubDb(ctxA).$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`).rejects.toBeInstanceOf(MissingClubScopeError);
  });
});

// The lint does not depend on the database: run once, in the PGlite project.
describe.skipIf(process.env.CAMPOBASE_TEST_DB === 'postgres')('the lint allowlist (eslint.config.js)', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  /**
   * The messages of no-restricted-syntax for `code` linted as if it were the file at `file`, with the configuration's
   * own access blocks (rules and allowlists) on the TypeScript parser: the type-checked rules are left out, which
   * would build the whole program for a few lines.
   */
  const restricted = async (file: string, code: string) => {
    const { accessBlocks } = (await import(path.join(root, 'eslint.config.js'))) as { accessBlocks: Linter.Config[] };
    const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...accessBlocks] });
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };
  const UNGUARDED = `import type { AppDeps } from '../../context';\nexport const count = (deps: AppDeps) => deps.systemDb.person.count();\n`;
  const DESTRUCTURED = `import type { AppDeps } from '../../context';\nexport const count = ({ systemDb }: AppDeps) => systemDb.person.count();\n`;
  const RAW = `import type { PrismaClient } from '../../generated/prisma/client.js';\nexport const count = (db: PrismaClient, id: string) => db.$queryRaw\`SELECT count(*) FROM people WHERE club_id = \${id}::uuid\`;\n`;
  const BOUND = `import { CLUB, clubSql } from '../../access/club-sql';\nimport type { PrismaClient } from '../../generated/prisma/client.js';\nexport const count = (db: PrismaClient, id: string) => db.$queryRaw(clubSql(id)\`SELECT count(*) FROM people WHERE club_id = \${CLUB}\`);\n`;

  it('refuses the unguarded client in a service, a resolver and a REST face outside the allowlist', async () => {
    expect(await restricted('server/modules/notifications/notify.service.ts', UNGUARDED)).toEqual([expect.stringContaining('unguarded client')]);
    expect(await restricted('server/modules/notifications/notifications.graphql.ts', DESTRUCTURED)).toContainEqual(expect.stringContaining('unguarded client'));
    expect(await restricted('server/modules/people/people.compat.ts', UNGUARDED)).toEqual([expect.stringContaining('unguarded client')]);
    // Nor may it make itself a system scope, whose systemDbOf answers the unguarded client.
    const SYSTEM_SCOPE = `import { systemScope } from '../../access/scope';\nimport type { AppDeps } from '../../context';\nexport const job = (deps: AppDeps) => systemScope(deps, 'x');\n`;
    expect(await restricted('server/modules/people/save-person.service.ts', SYSTEM_SCOPE)).toContainEqual(expect.stringContaining('unguarded client'));
  });

  it('allows it in an allowlisted file and in the jobs', async () => {
    expect(await restricted('server/modules/certificates/certificate-reminders.service.ts', UNGUARDED)).toEqual([]);
    expect(await restricted('server/jobs/periodic.ts', UNGUARDED.replace('../../context', '../context'))).toEqual([]);
  });

  it('refuses hand-written raw SQL outside the allowlist, and takes it through clubSql', async () => {
    expect(await restricted('server/modules/groups/list-groups.service.ts', RAW)).toEqual([expect.stringContaining('clubSql')]);
    expect(await restricted('server/modules/groups/list-groups.service.ts', BOUND)).toEqual([]);
  });
});
