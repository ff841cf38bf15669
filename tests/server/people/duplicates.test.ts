// Possible duplicates (issue 14 point 2): same name and birth date, or tax codes one character apart (omocodia read as
// digits); only the club's people the viewer may see; one person's duplicates through the indexes give the same pairs
// as the club's list. A seeded club is checked against a brute-force comparison of every pair.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { foldText } from '../../../schema/text';
import type { RequestContext } from '../../../server/context';
import { DUPLICATES_SHOWN, possibleDuplicates, type DuplicateReason } from '../../../server/modules/people/duplicates.service';
import { personKeys } from '../../../server/modules/people/save-person.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { withCheckCharacter } from '../../support/tax-code-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const DUPLICATES = /* GraphQL */ `
  query($personId: ID) {
    possibleDuplicates(personId: $personId) {
      totalCount
      pairs { reasons first { id firstname lastname taxIdCode birthday roles { kind } } second { id firstname lastname taxIdCode } }
    }
  }`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The omocodia letter of a digit (0 -> L ... 9 -> V). */
const omocodic = (digit: string) => 'LMNPQRSTUV'[Number(digit)];
/** A code's first 15 characters with its omocodia letters read as digits (the rule the SQL applies). */
const canonical = (code: string) =>
  code.length === 16 ? [...code.slice(0, 15)].map((c, i) => ([6, 7, 9, 10, 12, 13, 14].includes(i) && 'LMNPQRSTUV'.includes(c) ? String('LMNPQRSTUV'.indexOf(c)) : c)).join('') : null;
const similar = (a: string, b: string) => {
  const x = canonical(a);
  const y = canonical(b);
  return !!x && !!y && [...x].filter((c, i) => c !== y[i]).length <= 1;
};

const pairKey = (a: string, b: string) => [a, b].sort().join('|');
const idsOf = (found: Awaited<ReturnType<typeof possibleDuplicates>>) =>
  new Map(found.pairs.map((p) => [pairKey(p.firstId, p.secondId), [...p.reasons].sort()]));

describe('possibleDuplicates', () => {
  let club: TestClub;
  let ctx: RequestContext;
  const made: Record<string, { roleId: string; personId: string; taxIdCode: string }> = {};

  beforeAll(async () => {
    club = await createClub(t.deps, { fullName: 'ASD Doppioni' });
    ctx = await clubContext(t.deps, club);
    const person = async (key: string, kind: 'athlete' | 'coach' | 'member', profile: Record<string, unknown>) => {
      made[key] = await createPerson(ctx, kind, { profile });
    };
    // the same girl registered twice, the second time with her name typed differently (accents, case, spaces)
    await person('giulia', 'athlete', { firstname: 'Giulia', lastname: 'Bianchi', birthday: '2012-05-10', taxIdCode: withCheckCharacter('BNCGLI12E50H501'), typeGenderId: 2 });
    await person('giulia2', 'member', { firstname: ' giùlia ', lastname: 'BIANCHI', birthday: '2012-05-10', taxIdCode: withCheckCharacter('BNCGLI12E50F205'), typeGenderId: 2 });
    // a tax code typed with one wrong digit, then corrected (names spelled differently, no birth date)
    await person('luigi', 'athlete', { firstname: 'Luigi', lastname: 'Verdi', taxIdCode: withCheckCharacter('VRDLGU90A01H501') });
    await person('luigi2', 'coach', { firstname: 'Luigi', lastname: 'Verde', taxIdCode: withCheckCharacter('VRDLGU90A01H502') });
    // an omocodic variant of the same code (the last digit 5 -> R)
    await person('paola', 'athlete', { firstname: 'Paola', lastname: 'Neri', birthday: '1985-08-12', taxIdCode: withCheckCharacter('NREPLA85M52F205'), typeGenderId: 2 });
    await person('paola2', 'member', { firstname: 'Paola', lastname: 'Neri', birthday: '1985-08-12', taxIdCode: withCheckCharacter(`NREPLA85M52F20${omocodic('5')}`), typeGenderId: 2 });
    // a wrong letter in the surname part (found through the prefix variants of the person's own lookup)
    await person('marco', 'athlete', { firstname: 'Marco', lastname: 'Gallo', taxIdCode: withCheckCharacter('GLLMRC95C15L219') });
    await person('marco2', 'athlete', { firstname: 'Marco', lastname: 'Galli', taxIdCode: withCheckCharacter('GLLMRC95C15L219'.replace(/^GLL/, 'GLM')) });
    // not duplicates: same name, another birthday; codes two characters apart
    await person('anna', 'athlete', { firstname: 'Anna', lastname: 'Russo', birthday: '2001-01-01', taxIdCode: withCheckCharacter('RSSNNA01A41H501') });
    await person('anna2', 'athlete', { firstname: 'Anna', lastname: 'Russo', birthday: '2001-01-02', taxIdCode: withCheckCharacter('RSSNNA01A42H501'.replace('H501', 'H601')) });
  });

  it('flags same name and birthday, a corrected code, an omocodic variant; not other people', async () => {
    const found = await possibleDuplicates(ctx);
    const pairs = idsOf(found);
    const key = (a: string, b: string) => pairKey(made[a].personId, made[b].personId);
    expect(pairs.get(key('giulia', 'giulia2'))).toEqual(['SAME_NAME_BIRTHDAY']);
    expect(pairs.get(key('luigi', 'luigi2'))).toEqual(['SIMILAR_TAX_CODE']);
    expect(pairs.get(key('paola', 'paola2'))).toEqual(['SAME_NAME_BIRTHDAY', 'SIMILAR_TAX_CODE']);
    expect(pairs.get(key('marco', 'marco2'))).toEqual(['SIMILAR_TAX_CODE']);
    expect(pairs.has(key('anna', 'anna2'))).toBe(false);
    expect(found.pairs).toHaveLength(4);
    expect(found.totalCount).toBe(4);
    // the older profile first
    const giulia = found.pairs.find((p) => pairKey(p.firstId, p.secondId) === key('giulia', 'giulia2'))!;
    expect(giulia.firstId).toBe(made.giulia.personId);
  });

  it("one person's duplicates are theirs from the club's list, both ways", async () => {
    const all = idsOf(await possibleDuplicates(ctx));
    for (const [key, value] of Object.entries(made)) {
      const own = idsOf(await possibleDuplicates(ctx, value.personId));
      const expected = [...all].filter(([pair]) => pair.split('|').includes(value.personId));
      expect(new Map(expected), key).toEqual(own);
    }
  });

  it('answers through GraphQL with both profiles and their roles', async () => {
    const res = await gql(t.app, DUPLICATES, { personId: made.giulia.personId }, as(club));
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.possibleDuplicates).toEqual({
      totalCount: 1,
      pairs: [
        {
          reasons: ['SAME_NAME_BIRTHDAY'],
          first: { id: made.giulia.personId, firstname: 'Giulia', lastname: 'Bianchi', taxIdCode: made.giulia.taxIdCode, birthday: '2012-05-10', roles: [{ kind: 'athlete' }] },
          second: { id: made.giulia2.personId, firstname: 'giùlia', lastname: 'BIANCHI', taxIdCode: made.giulia2.taxIdCode },
        },
      ],
    });
  });

  it("never pairs people of two clubs; another club's person id is NOT_FOUND like an unknown or malformed one", async () => {
    const other = await createClub(t.deps, { fullName: 'ASD Altra' });
    const otherCtx = await clubContext(t.deps, other);
    // the same name, birthday and an almost identical code as Giulia, in another club
    const twin = await createPerson(otherCtx, 'athlete', {
      profile: { firstname: 'Giulia', lastname: 'Bianchi', birthday: '2012-05-10', taxIdCode: withCheckCharacter('BNCGLI12E50H502'), typeGenderId: 2 },
    });
    expect((await possibleDuplicates(otherCtx)).pairs).toEqual([]);
    expect([...idsOf(await possibleDuplicates(ctx)).keys()].join()).not.toContain(twin.personId);
    expect(idsOf(await possibleDuplicates(ctx, made.giulia.personId)).size).toBe(1);

    for (const personId of [twin.personId, randomUUID(), 'not-a-uuid']) {
      const res = await gql(t.app, DUPLICATES, { personId }, as(club));
      expect(res.body.data?.possibleDuplicates ?? null).toBeNull();
      expect(res.body.errors?.[0]).toMatchObject({ message: MSG.notFound, extensions: { code: 'NOT_FOUND' } });
    }
  });

  it('lists at most DUPLICATES_SHOWN pairs and counts them all', async () => {
    const many = await createClub(t.deps, { fullName: 'ASD Moltissimi' });
    const manyCtx = await clubContext(t.deps, many);
    const birthday = new Date('2000-03-03T00:00:00Z');
    const people = Array.from({ length: 2 * (DUPLICATES_SHOWN + 5) }, (_, i) => {
      const names = { firstname: `Nome${Math.floor(i / 2)}`, lastname: 'Ripetuto' };
      // provisional codes (11 digits): never similar codes, only same names and birthdays
      const taxIdCode = String(10_000_000_000 + i);
      return { id: randomUUID(), clubId: many.clubId, ...names, birthday, taxIdCode, ...personKeys({ ...names, taxIdCode }) };
    });
    await t.deps.systemDb.person.createMany({ data: people });
    await t.deps.systemDb.personRole.createMany({ data: people.map((p) => ({ clubId: many.clubId, personId: p.id, kind: 'member' as const })) });
    const found = await possibleDuplicates(manyCtx);
    expect(found.totalCount).toBe(DUPLICATES_SHOWN + 5);
    expect(found.pairs).toHaveLength(DUPLICATES_SHOWN);
  });
});

describe('who sees which pairs', () => {
  let roles: ClubWithRoles;
  let inGroup: { personId: string };
  let outside: { personId: string };
  let inGroupTwin: { personId: string };

  beforeAll(async () => {
    roles = await clubWithEveryRole(t.deps, 'ASD Doppioni Ruoli');
    const owner = await clubContext(t.deps, roles.members.owner);
    const profile = (code: string) => ({ firstname: 'Sara', lastname: 'Conti', birthday: '2011-02-03', taxIdCode: withCheckCharacter(code), typeGenderId: 2 });
    // an athlete of the coach's group, her duplicate in the same group, and a third profile of her outside it
    inGroup = await createPerson(owner, 'athlete', { profile: profile('CNTSRA11B43H501') });
    inGroupTwin = await createPerson(owner, 'athlete', { profile: profile('CNTSRA11B43H502') });
    outside = await createPerson(owner, 'athlete', { profile: profile('CNTSRA11B43H503') });
    const group = await t.deps.systemDb.groupMember.findMany({ where: { groupId: roles.coachedGroupId } });
    expect(group).toEqual([]);
    const members = await t.deps.systemDb.personRole.findMany({ where: { personId: { in: [inGroup.personId, inGroupTwin.personId] } } });
    await t.deps.systemDb.groupMember.createMany({ data: members.map((m) => ({ clubId: roles.clubId, groupId: roles.coachedGroupId, roleId: m.id })) });
    // a group the coach does not coach
    const other = await t.deps.systemDb.personRole.findFirstOrThrow({ where: { personId: outside.personId } });
    await createGroupWith(t.deps, roles.clubId, 'athlete', 'Altro gruppo', [other.id]);
  });

  const pairsOf = async (who: keyof ClubWithRoles['members'], personId?: string) =>
    gql(t.app, DUPLICATES, personId ? { personId } : {}, as(roles.members[who]));

  it('the office sees every pair', async () => {
    for (const who of ['owner', 'admin', 'segreteria'] as const) {
      const res = await pairsOf(who);
      expect(res.body.data.possibleDuplicates.totalCount, who).toBe(3);
    }
  });

  it("a coach sees only the pairs of their groups' athletes: the third profile outside stays hidden", async () => {
    const res = await pairsOf('allenatore');
    expect(res.body.errors).toBeUndefined();
    const { totalCount, pairs } = res.body.data.possibleDuplicates;
    expect(totalCount).toBe(1);
    expect(pairs.map((p: any) => pairKey(p.first.id, p.second.id))).toEqual([pairKey(inGroup.personId, inGroupTwin.personId)]);
    expect(JSON.stringify(res.body)).not.toContain(outside.personId);

    const own = (await pairsOf('allenatore', inGroup.personId)).body.data.possibleDuplicates;
    expect(own.totalCount).toBe(1);
    expect(JSON.stringify(own)).not.toContain(outside.personId);
    const hidden = await pairsOf('allenatore', outside.personId);
    expect(hidden.body.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
  });

  it('a read-only member is refused', async () => {
    const res = await pairsOf('lettura');
    expect(res.body.errors?.[0]).toMatchObject({ message: MSG.permissionDenied, extensions: { code: 'FORBIDDEN' } });
  });
});

describe('a seeded club against a brute-force comparison of every pair', () => {
  it('finds exactly the pairs the rules name, club-wide and person by person', async () => {
    const club = await createClub(t.deps, { fullName: 'ASD Forza Bruta' });
    const ctx = await clubContext(t.deps, club);
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pick = (s: string) => s[random(s.length)];
    const LETTER = 'ABCDEFGHILMNOPRSTUVZ';
    const DIGIT = '0123456789';
    const LETTER_AT = [0, 1, 2, 3, 4, 5, 8, 11];
    const classOf = (i: number) => (i === 8 ? 'ABCDEHLMPRST' : LETTER_AT.includes(i) ? LETTER : DIGIT);
    const randomCode = () => Array.from({ length: 15 }, (_, i) => pick(classOf(i))).join('');
    const mutate = (code: string, times: number) => {
      const chars = [...code];
      for (let n = 0; n < times; n++) {
        const i = random(15);
        chars[i] = pick(classOf(i));
      }
      return chars.join('');
    };
    // omocodia from the last digit leftwards, as the Agenzia assigns it
    const omocodia = (code: string, level: number) => {
      const chars = [...code];
      for (const i of [14, 13, 12, 10, 9, 7, 6].slice(0, level)) chars[i] = /\d/.test(chars[i]) ? omocodic(chars[i]) : chars[i];
      return chars.join('');
    };
    // bases, and around each: codes one character away, two characters away, omocodic variants and their typos
    const codes = new Set<string>();
    for (let b = 0; b < 12; b++) {
      const code = randomCode();
      codes.add(code);
      for (let k = 0; k < 3; k++) {
        const roll = random(5);
        if (roll === 0) codes.add(mutate(code, 1));
        if (roll === 1) codes.add(mutate(code, 2));
        if (roll === 2) codes.add(omocodia(code, 1 + random(3)));
        if (roll === 3) codes.add(mutate(omocodia(code, 1), 1));
        if (roll === 4) codes.add(mutate(code, 3));
      }
    }
    const names = Array.from({ length: 20 }, (_, i) => [`Cognome${i % 10}`, i < 10 ? 'Mario' : 'Marìo']);
    const days = [...Array.from({ length: 6 }, (_, i) => new Date(Date.UTC(1990, 0, i + 1))), null];
    const people = [...codes].map((first15) => {
      const taxIdCode = withCheckCharacter(first15);
      const [lastname, firstname] = names[random(names.length)];
      return { id: randomUUID(), clubId: club.clubId, firstname, lastname, taxIdCode, birthday: days[random(days.length)], ...personKeys({ firstname, lastname, taxIdCode }) };
    });
    await t.deps.systemDb.person.createMany({ data: people });
    await t.deps.systemDb.personRole.createMany({ data: people.map((p) => ({ clubId: club.clubId, personId: p.id, kind: 'athlete' as const })) });

    const expected = new Map<string, DuplicateReason[]>();
    for (let i = 0; i < people.length; i++) {
      for (let j = i + 1; j < people.length; j++) {
        const [a, b] = [people[i], people[j]];
        const reasons: DuplicateReason[] = [];
        if (foldText(`${a.lastname} ${a.firstname}`) === foldText(`${b.lastname} ${b.firstname}`) && a.birthday && b.birthday && a.birthday.getTime() === b.birthday.getTime()) {
          reasons.push('SAME_NAME_BIRTHDAY');
        }
        if (similar(a.taxIdCode, b.taxIdCode)) reasons.push('SIMILAR_TAX_CODE');
        if (reasons.length) expected.set(pairKey(a.id, b.id), reasons);
      }
    }
    const reasons = [...expected.values()].flat();
    expect(reasons.filter((r) => r === 'SAME_NAME_BIRTHDAY').length).toBeGreaterThan(10);
    expect(reasons.filter((r) => r === 'SIMILAR_TAX_CODE').length).toBeGreaterThan(10);
    expect(expected.size).toBeLessThanOrEqual(DUPLICATES_SHOWN);
    const found = await possibleDuplicates(ctx);
    expect(found.totalCount).toBe(expected.size);
    expect(idsOf(found)).toEqual(expected);

    for (const person of people) {
      const own = idsOf(await possibleDuplicates(ctx, person.id));
      const theirs = new Map([...expected].filter(([pair]) => pair.split('|').includes(person.id)));
      expect(own, person.taxIdCode).toEqual(theirs);
    }
  });
});
