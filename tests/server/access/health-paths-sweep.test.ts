// Health data follows the viewer through every path (issue 33 point 3). The paths are generated from the printed
// schema, not listed by hand: from every root Query field, every chain of fields (bounded depth, no field twice in
// a chain) that ends on a field carrying health data, selecting every scalar along the way; the chains of one root
// field are merged into one document (halved while the request limits refuse it), run with each value of the root's
// required arguments (fixture ids, tax codes, enum values) that the owner gets an answer for. Each document is run as
// every role of the club against a fixture where a person is a coach, a manager and a staff member and also an
// athlete of a group the coach does not coach (the audit's case), beside an athlete of that group only; then:
//   - the coach (allenatore) sees no health value, no role, no certificate, no reminder of an athlete outside their
//     groups, by any path (the nested `Person.roles` of a coach's person, the coach list, personByTaxCode, ...);
//   - a role without health.read (lettura) sees no health value of anyone;
//   - owner, admin and segreteria do reach the out-of-scope values through these same paths (so the sweep is not
//     vacuous), and the coach does reach their own athlete's.
// A new field carrying health data (one named in schema/health-data.ts, or described as health data or certificates)
// is swept as soon as it is in the schema. Beside it: the legacy REST single/load of every kind, exports, the
// person's changes (the access log's view a coach has) and the health reads' log lines.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_DETAIL_FIELDS } from '../../../schema/health-data';
import { CLUB_ROLES, type ClubRole } from '../../../server/access/permissions';
import { addMedicalCertificate } from '../../../server/modules/certificates/certificates.service';
import { LEGACY_ROUTES } from '../../../server/compat/routes';
import { PEOPLE_KIND_LIST } from '../../../server/modules/people/people.kinds';
import { gql, rest } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';

const schema = buildSchema(readFileSync(path.resolve(import.meta.dirname, '../../../schema/schema.graphql'), 'utf8'));

// ---- which fields carry health data, read from the schema ----

/** The details types' health fields (schema/health-data.ts: `athlete` -> AthleteDetails). */
const DETAILS_HEALTH = new Map(Object.entries(HEALTH_DETAIL_FIELDS).map(([kind, fields]) => [`${kind[0].toUpperCase()}${kind.slice(1)}Details`, new Set(fields)]));
/** A field or type described as health data (health.read, certificates): over-matching only adds paths. */
const describedAsHealth = (description?: string | null) => /health|certificat/i.test(description ?? '');
const carriesHealth = (type: string, field: GraphQLField<unknown, unknown>) =>
  !!DETAILS_HEALTH.get(type)?.has(field.name) || describedAsHealth(field.description) || describedAsHealth(getNamedType(field.type).description);

// ---- the paths and their documents ----

/** The chains are bounded: a connection costs two steps (edges, node), and the depth limit is 12. */
const MAX_STEPS = 8;
interface Step {
  /** Set when the step goes through a union or interface member. */
  on?: string;
  type: GraphQLObjectType;
  field: GraphQLField<unknown, unknown>;
}
interface HealthPath {
  root: GraphQLField<unknown, unknown>;
  steps: Step[];
}

const objectTypes = (type: GraphQLNamedType): Array<{ on?: string; type: GraphQLObjectType }> =>
  isObjectType(type) ? [{ type }] : isUnionType(type) || isInterfaceType(type) ? schema.getPossibleTypes(type).map((member) => ({ on: member.name, type: member })) : [];

const callable = (field: GraphQLField<unknown, unknown>) => !field.args.some((a) => isNonNullType(a.type));

function pathsFrom(root: GraphQLField<unknown, unknown>): HealthPath[] {
  const found: HealthPath[] = [];
  const walk = (type: GraphQLNamedType, steps: Step[], used: ReadonlySet<string>) => {
    if (steps.length >= MAX_STEPS) return;
    for (const { on, type: object } of objectTypes(type)) {
      for (const field of Object.values(object.getFields()).filter(callable)) {
        const key = `${object.name}.${field.name}`;
        if (used.has(key)) continue;
        const next = [...steps, { on, type: object, field }];
        if (carriesHealth(object.name, field)) found.push({ root, steps: next });
        else walk(getNamedType(field.type), next, new Set([...used, key]));
      }
    }
  };
  walk(getNamedType(root.type), [], new Set());
  return found;
}

/** Every scalar of `type` (callable without arguments), and with `depth` the objects below it likewise. */
function scalarsOf(type: GraphQLNamedType, depth: number): string {
  const parts = objectTypes(type).map(({ on, type: object }) => {
    const fields = Object.values(object.getFields())
      .filter(callable)
      .flatMap((f) => {
        const inner = getNamedType(f.type);
        if (isScalarType(inner) || isEnumType(inner)) return [f.name];
        return depth > 0 ? [`${f.name} { ${scalarsOf(inner, depth - 1)} }`] : [];
      });
    return on ? `... on ${on} { ${fields.join(' ')} }` : fields.join(' ');
  });
  return `__typename ${parts.join(' ')}`;
}

/** A selection being built: field (or `... on Type`, or a finished piece of selection text) -> what is below it. */
type Selection = Map<string, Selection | true>;

const scalarNames = (type: GraphQLObjectType) =>
  Object.values(type.getFields())
    .filter((f) => callable(f) && (isScalarType(getNamedType(f.type)) || isEnumType(getNamedType(f.type))))
    .map((f) => f.name);

function below(selection: Selection, key: string): Selection {
  let next = selection.get(key);
  if (!(next instanceof Map)) selection.set(key, (next = new Map()));
  return next;
}

/** Adds a path: every scalar at each level, the next step, and the health field with what lies below it. */
function addPath(selection: Selection, { root, steps }: HealthPath): void {
  let at = selection;
  // The root field itself carries health data: all of it (keys are selection text, so this one is too).
  if (!steps.length) at.set(scalarsOf(getNamedType(root.type), 2), true);
  steps.forEach(({ on, type, field }, i) => {
    if (on) at = below(at, `... on ${on}`);
    for (const name of scalarNames(type)) at.set(name, true);
    const inner = getNamedType(field.type);
    if (i < steps.length - 1) at = below(at, field.name);
    else at.set(isScalarType(inner) || isEnumType(inner) ? field.name : `${field.name} { ${scalarsOf(inner, 2)} }`, true);
  });
}

const render = (selection: Selection): string =>
  `{ __typename ${[...selection].map(([key, value]) => (value === true ? key : `${key} ${render(value)}`)).join(' ')} }`;

/** One document for these paths of one root field (their selections merged). */
function documentOf(root: GraphQLField<unknown, unknown>, paths: readonly HealthPath[]): string {
  const required = root.args.filter((a) => isNonNullType(a.type));
  const variables = required.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  const type = getNamedType(root.type);
  let selection = '';
  if (!isScalarType(type) && !isEnumType(type)) {
    const merged: Selection = new Map();
    for (const p of paths) addPath(merged, p);
    selection = render(merged);
  }
  return `query${variables ? `(${variables})` : ''} { ${root.name}${args ? `(${args})` : ''} ${selection} }`;
}

const describePath = ({ root, steps }: HealthPath) => [root.name, ...steps.map((s) => (s.on ? `(${s.on})${s.field.name}` : s.field.name))].join('.');

const ROOTS = Object.values(schema.getQueryType()!.getFields());
const PATHS: HealthPath[] = ROOTS.flatMap((root): HealthPath[] => [...(carriesHealth('Query', root) ? [{ root, steps: [] }] : []), ...pathsFrom(root)]);

// ---- the fixture ----

let t: TestApp;
let club: ClubWithRoles;
/** Values only out-of-scope athletes hold: none may reach the coach. */
const OUTSIDE = 'FUORIGRUPPO';
const OUTSIDE_DATES = ['2031-07-13', '2031-06-14', '2031-05-15'];
/** Ids of what the coach must never meet: the athlete roles outside their groups, their certificates, a person with no visible role. */
const outsideIds: string[] = [];
let mine: { roleId: string; personId: string; taxIdCode: string };
/** The person who is a coach, a manager, staff and an athlete of the other group. */
let doubleId: string;
const fixtureIds: string[] = [];
const taxCodes: string[] = [];

const athleteHealth = (marker: string, dates: string[]) => ({
  medicalExaminationExpirationDate: dates[0],
  medicalExaminationScheduledDate: dates[1],
  typeMedicalExaminationId: 2,
  typeMedicalExaminationAccountableId: 1,
  healthCard: `${marker}-tessera`,
  allergies: `${marker}-allergie`,
  intolerances: `${marker}-intolleranze`,
  athleteCondition: `${marker}-condizione`,
});

beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Percorsi Sanitari');
  const ctx = await clubContext(t.deps, club.members.owner);
  const other = await t.deps.systemDb.group.create({ data: { clubId: club.clubId, name: 'Gruppo non allenato', type: 'athlete' } });
  const join = (groupId: string, roleId: string) => t.deps.systemDb.groupMember.create({ data: { clubId: club.clubId, groupId, roleId } });
  const certificate = (personId: string, marker: string, expiresOn: string) =>
    t.deps.systemDb.medicalCertificate.create({
      data: { clubId: club.clubId, personId, type: 'agonistico', sport: `${marker}-sport`, issuer: `${marker}-medico`, issuedOn: new Date('2030-05-16'), expiresOn: new Date(expiresOn) },
    });

  // Their own athlete, in the group they coach: what the coach may read (and what is logged when they do).
  mine = await createPerson(ctx, 'athlete', { profile: { firstname: 'Mia', lastname: 'Allenata', birthday: '2012-03-04' }, details: athleteHealth('MIA', ['2030-09-01', '2030-08-01']) });
  await join(club.coachedGroupId, mine.roleId);
  // An athlete of another group only: invisible as a whole.
  const theirs = await createPerson(ctx, 'athlete', { profile: { firstname: 'Ugo', lastname: OUTSIDE, birthday: '2011-02-03' }, details: athleteHealth(OUTSIDE, OUTSIDE_DATES) });
  await join(other.id, theirs.roleId);
  const theirCertificate = await certificate(theirs.personId, OUTSIDE, OUTSIDE_DATES[2]);
  outsideIds.push(theirs.roleId, theirs.personId, theirCertificate.id);
  // A reminder sent about it (the reminder log names the person and the expiry).
  await t.deps.systemDb.certificateReminder.create({
    data: { clubId: club.clubId, certificateId: theirCertificate.id, personId: theirs.personId, daysBefore: 30, recipient: null, day: new Date('2031-04-15'), sentAt: new Date() },
  });
  // Both a coach, a manager and a staff member, and an athlete of the other group: the people the audit found.
  const profile = { firstname: 'Dora', lastname: 'Doppia', birthday: '1990-01-02' };
  const asCoach = await createPerson(ctx, 'coach', { profile, details: { healthCard: 'TS-allenatrice' } });
  const again = { profile: { ...profile, taxIdCode: asCoach.taxIdCode } };
  const asManager = await createPerson(ctx, 'manager', again);
  const asStaff = await createPerson(ctx, 'staff', again);
  const asAthlete = await createPerson(ctx, 'athlete', { ...again, details: athleteHealth(OUTSIDE, OUTSIDE_DATES) });
  await join(other.id, asAthlete.roleId);
  outsideIds.push(asAthlete.roleId, (await certificate(asCoach.personId, OUTSIDE, OUTSIDE_DATES[2])).id);
  // A certificate of each added through the service: the person's changes log it with its expiry.
  await addMedicalCertificate(ctx, asCoach.personId, { type: 'agonistico', issuedOn: '2026-02-11', expiresOn: '2027-02-10' });
  await addMedicalCertificate(ctx, mine.personId, { type: 'agonistico', issuedOn: '2026-03-12', expiresOn: '2027-03-11' });
  doubleId = asCoach.personId;
  // A second profile like hers (possibleDuplicates pairs them), a coach only.
  const twin = await createPerson(ctx, 'coach', { profile });
  for (const p of [mine, theirs, asCoach, asManager, asStaff, asAthlete, twin]) fixtureIds.push(p.roleId, p.personId);
  fixtureIds.push(club.coachedGroupId, other.id);
  taxCodes.push(mine.taxIdCode, theirs.taxIdCode, asCoach.taxIdCode);
  // The certificates recorded from the legacy fields on save carry the markers' dates; every certificate id counts.
  for (const c of await t.deps.systemDb.medicalCertificate.findMany({ where: { personId: { in: [theirs.personId, asCoach.personId] } } })) outsideIds.push(c.id);
}, 120_000);
afterAll(() => t.close());

// ---- running them ----

/** Values for a root field's required arguments: each fixture id, tax code, enum value. */
function argumentValues(root: GraphQLField<unknown, unknown>): Array<Record<string, unknown>> {
  let combos: Array<Record<string, unknown>> = [{}];
  for (const arg of root.args.filter((a) => isNonNullType(a.type))) {
    const type = getNamedType(arg.type);
    const values = isEnumType(type)
      ? type.getValues().map((v) => v.name)
      : type.name === 'ID'
        ? fixtureIds
        : type.name === 'String'
          ? taxCodes
          : type.name === 'Int'
            ? [10]
            : type.name === 'Boolean'
              ? [false]
              : [];
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [arg.name]: value })));
  }
  return combos;
}

/** An answer of either face; a GraphQL one read through graphqlBody. */
type Answer = { body: unknown };
const graphqlBody = (answer: Answer) => answer.body as { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: Record<string, unknown> }> };
const text = (answer: Answer) => JSON.stringify(answer.body);

/** Where in an answer (its JSON paths) any of `values` shows. */
function whereShown(answer: Answer, values: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown, at: string) => {
    if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, `${at}.${key}`);
    else if (typeof value === 'string' && values.some((v) => value.includes(v))) found.push(`${at} = ${value}`);
  };
  walk(answer.body, '');
  return found;
}
/** What of the out-of-scope athletes' data an answer shows. */
const outsideIn = (answer: Answer) => whereShown(answer, [OUTSIDE, ...OUTSIDE_DATES, ...outsideIds]);
const HEALTH_MARKERS = ['-tessera', '-allergie', '-intolleranze', '-condizione', '-medico', '-sport', ...OUTSIDE_DATES, '2030-09-01', '2030-08-01'];

/** Runs `tasks` a few at a time (the in-process app on a shared machine). */
async function pool<T>(tasks: Array<() => Promise<T>>, width = 3): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

const refusedByLimits = (answer: Answer) => !!graphqlBody(answer).errors?.some((e) => typeof e.extensions?.code === 'string' && e.extensions.code.startsWith('QUERY_TOO'));

/**
 * The documents for a root field's paths with these arguments: all merged into one, halved while the request
 * limits (depth, cost) refuse it. Field costs do not depend on who asks, so the owner's answer decides.
 */
async function documentsFor(root: GraphQLField<unknown, unknown>, paths: readonly HealthPath[], values: Record<string, unknown>): Promise<Array<{ document: string; answer: Answer }>> {
  const document = documentOf(root, paths);
  const answer = await gql(t.app, document, values, as(club.members.owner));
  if (!refusedByLimits(answer) || paths.length === 1) return [{ document, answer }];
  const half = Math.ceil(paths.length / 2);
  return [...(await documentsFor(root, paths.slice(0, half), values)), ...(await documentsFor(root, paths.slice(half), values))];
}

interface Run {
  name: string;
  answers: Record<ClubRole, Answer>;
}
let runs: Run[] = [];

describe('every path from a root field to health data, as every role', () => {
  it("finds the paths in the schema (the audit's among them)", () => {
    const names = PATHS.map(describePath);
    expect(names).toContain('personRole.person.roles.athlete.allergies');
    expect(names).toContain('personByTaxCode.medicalCertificates');
    expect(names).toContain('people.edges.node.person.roles.athlete.allergies');
    expect(PATHS.length).toBeGreaterThan(50);
  });

  it('runs them with each value of their arguments the owner gets an answer for', async () => {
    const roots = ROOTS.filter((root) => PATHS.some((p) => p.root === root));
    const calls = roots.flatMap((root) => argumentValues(root).map((values) => ({ root, values })));
    const documents = (await pool(calls.map(({ root, values }) => async () => {
      const found = await documentsFor(root, PATHS.filter((p) => p.root === root), values);
      return found.map(({ document, answer }) => ({ root, values, document, answer }));
    }))).flat();
    // Arguments that name nothing for the owner (a role id given to a group lookup) are dropped.
    const answered = documents.filter(({ root, answer }) => graphqlBody(answer).data?.[root.name] != null);
    expect(answered.filter(({ answer }) => refusedByLimits(answer)).map(({ document }) => document)).toEqual([]);
    runs = await pool(
      answered.map(({ root, values, document, answer }) => async (): Promise<Run> => {
        const answers = { owner: answer } as Record<ClubRole, Answer>;
        for (const role of CLUB_ROLES.filter((r) => r !== 'owner')) answers[role] = await gql(t.app, document, values, as(club.members[role]));
        return { name: `${root.name}(${JSON.stringify(values)})`, answers };
      }),
    );
    // Not vacuous: the paths do reach the out-of-scope athletes' health data for the roles that may see it.
    const reaching = runs.filter((r) => outsideIn(r.answers.owner).length > 0);
    expect(reaching.length, 'calls in which the owner reads the out-of-scope data').toBeGreaterThan(10);
    for (const role of ['admin', 'segreteria'] as const) expect(runs.filter((r) => outsideIn(r.answers[role]).length > 0).length, role).toBe(reaching.length);
    // The audit's path, as the owner sees it: a coach's role, their person, the athlete role's allergies.
    expect(reaching.some((r) => r.name.startsWith('personRole(') && outsideIn(r.answers.owner).some((at) => /person\.roles\.\d+\.athlete\.allergies/.test(at)))).toBe(true);
  }, 600_000);

  it('shows a coach nothing of an athlete outside their groups, by any path', () => {
    const leaks = runs.flatMap((r) => outsideIn(r.answers.allenatore).map((at) => `${r.name}: ${at}`));
    expect(leaks).toEqual([]);
    // ...while their own athlete's health data does reach them through the same paths.
    expect(runs.filter((r) => text(r.answers.allenatore).includes('MIA-allergie')).length).toBeGreaterThan(3);
  });

  it('shows a role without health.read no health value of anyone, by any path', () => {
    const leaks = runs.flatMap((r) => whereShown(r.answers.lettura, HEALTH_MARKERS).map((at) => `${r.name}: ${at}`));
    expect(leaks).toEqual([]);
  });
});

describe('the legacy REST face, as a coach', () => {
  it("no read route (single, load) shows anything of an athlete outside their groups", async () => {
    const coach = as(club.members.allenatore);
    // Every read route of the route table: `load` with no filter and with each kind (archive/load takes `type`),
    // `single` with each fixture id.
    const reads = LEGACY_ROUTES.filter((r) => /\/(single|load)$/.test(r.path) && (r.method ?? 'POST') === 'POST');
    expect(reads.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    for (const route of reads) {
      const bodies = route.path.endsWith('/single') ? fixtureIds.map((id) => ({ id })) : [{}, ...PEOPLE_KIND_LIST.map((spec) => ({ type: spec.key }))];
      for (const body of bodies) leaks.push(...outsideIn(await rest(t.app, route.path, body, coach)).map((at) => `${route.path} ${JSON.stringify(body)}: ${at}`));
    }
    expect(leaks).toEqual([]);
    expect(JSON.stringify((await rest(t.app, '/athlete/single', { id: mine.roleId }, coach)).body)).toContain('MIA-allergie');
  });
});

describe('exports', () => {
  it("are refused to a coach (export.run), so no file carries another group's athlete", async () => {
    for (const format of ['csv', 'xlsx']) {
      const answer = await gql(t.app, `{ exportList(list: people, format: ${format}, kind: athlete) { filename base64 } }`, {}, as(club.members.allenatore));
      expect(graphqlBody(answer).errors?.[0]?.extensions?.code, format).toBe('FORBIDDEN');
      expect(outsideIn(answer)).toEqual([]);
    }
  });
});

describe('the access log', () => {
  it("logs a coach's read of their athlete's health data once per request and record, by however many paths it reached them", async () => {
    await t.deps.accessLog.flush();
    const where = { clubId: club.clubId, action: 'health_read', personId: mine.personId, actorAccountId: club.members.allenatore.accountId };
    const before = new Set((await t.deps.systemDb.accessLogEntry.findMany({ where, select: { id: true } })).map((e) => e.id));
    // The role's details by four paths, the certificate history by two.
    const READ = `query($id: ID!, $tax: String!) {
      personRole(id: $id) { athlete { allergies intolerances } person { roles { athlete { allergies healthCard } } medicalCertificates { expiresOn } } }
      personByTaxCode(taxIdCode: $tax) { roles { athlete { athleteCondition } } }
      people(kind: athlete) { edges { node { id athlete { allergies } person { medicalCertificates { expiresOn } } } } }
    }`;
    const answer = await gql(t.app, READ, { id: mine.roleId, tax: mine.taxIdCode }, as(club.members.allenatore));
    expect(answer.body.errors).toBeUndefined();
    expect(text(answer)).toContain('MIA-allergie');
    await t.deps.accessLog.flush();
    const lines = (await t.deps.systemDb.accessLogEntry.findMany({ where })).filter((e) => !before.has(e.id));
    // One line for the athlete record, one for the certificate history (its own detail).
    expect(lines.map((e) => e.detail ?? '').sort()).toEqual(['', 'Storico certificati medici']);
  });

  it("shows the certificate lines of a person's changes only to a viewer who reads that person's health data", async () => {
    const CHANGES = `query($personId: ID!) { personChanges(personId: $personId) { action entityLabel detail } }`;
    const changes = async (role: ClubRole, personId: string) => {
      const answer = await gql<{ personChanges: Array<{ detail: string | null }> }>(t.app, CHANGES, { personId }, as(club.members[role]));
      expect(answer.body.errors, role).toBeUndefined();
      return answer.body.data!.personChanges.map((c) => c.detail ?? '').join('\n');
    };
    expect(await changes('owner', doubleId)).toContain('Certificato medico agonistico aggiunto, scadenza 10/02/2027');
    // A coach sees her as a coach, and her changes, but not her certificate as another group's athlete.
    expect(await changes('allenatore', doubleId)).not.toContain('Certificato medico');
    expect(await changes('allenatore', doubleId)).not.toBe('');
    expect(await changes('allenatore', mine.personId)).toContain('scadenza 11/03/2027');
    expect(await changes('lettura', mine.personId)).not.toContain('Certificato medico');
    expect(await changes('lettura', mine.personId)).not.toBe('');
  });

  it('logs the reminder log as a read of the health data of the people it names', async () => {
    const READ = `{ certificateReminderLog { personId personName expiresOn } }`;
    const where = { clubId: club.clubId, action: 'health_read', actorAccountId: club.members.admin.accountId, detail: 'Promemoria certificati medici' };
    await t.deps.accessLog.flush();
    const before = new Set((await t.deps.systemDb.accessLogEntry.findMany({ where, select: { id: true } })).map((e) => e.id));
    expect(text(await gql(t.app, READ, {}, as(club.members.admin)))).toContain(OUTSIDE);
    await t.deps.accessLog.flush();
    const entries = (await t.deps.systemDb.accessLogEntry.findMany({ where })).filter((e) => !before.has(e.id));
    expect(entries.map((e) => e.personId)).toEqual([outsideIds[1]]);
    // The coach's log holds no reminder about an athlete outside their groups.
    expect((await gql(t.app, READ, {}, as(club.members.allenatore))).body.data.certificateReminderLog).toEqual([]);
  });

  it('holds no read by the coach of anyone outside their groups', async () => {
    await t.deps.accessLog.flush();
    const entries = await t.deps.systemDb.accessLogEntry.findMany({ where: { clubId: club.clubId, action: 'health_read', actorAccountId: club.members.allenatore.accountId } });
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((e) => outsideIds.includes(e.personId ?? '') || outsideIds.includes(e.entityId ?? '') || (e.entityLabel ?? '').includes(OUTSIDE))).toEqual([]);
  });
});
