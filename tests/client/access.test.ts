// The client's reading of its rights (features/accounts/access.ts) and the permission each page needs (app/sections.ts):
// what the screens hide or make read-only. The server refuses anyway (tests/server/access/).
import { describe, expect, it } from 'vitest';
import { PERSON_KIND_INFO, PERSON_KINDS } from '../../schema/constants';
import { PERMISSIONS, type Permission } from '../../schema/permissions';
import { ROLE_PERMISSIONS, type ClubRole } from '../../server/access/permissions';
import { accessOf, healthAccessOf } from '../../client/src/lib/access';
import { NAVIGATION, pagePermissions } from '../../client/src/app/sections';

/** A membership as the server sends it for `role` (ClubMembership.permissions). */
const membership = (role: ClubRole, athleteGroupIds: string[] | null = null) => ({ permissions: [...ROLE_PERMISSIONS[role]], athleteGroupIds });

describe('accessOf', () => {
  it('holds exactly the permissions the server sent; nothing without a club', () => {
    const reader = accessOf(membership('lettura'));
    expect(reader.can('people.athlete.read')).toBe(true);
    expect(reader.can('people.athlete.write')).toBe(false);
    expect(reader.canAny(['club.write', 'feed.read'])).toBe(true);
    const none = accessOf(null);
    expect((Object.keys(PERMISSIONS) as Permission[]).some((p) => none.can(p))).toBe(false);
  });

  it('lettura may change nothing: no write, archive, import, export or management permission', () => {
    const reader = accessOf(membership('lettura'));
    const writes = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => !p.endsWith('.read'));
    expect(writes.filter((p) => reader.can(p))).toEqual([]);
    expect(PERSON_KINDS.some((k) => reader.canRegister(k))).toBe(false);
    expect(reader.canChangePost(['g1'])).toBe(false);
  });

  it('a coach edits athletes but registers nobody, and changes only posts to their own groups', () => {
    const coach = accessOf(membership('allenatore', ['g1', 'g2']));
    expect(coach.can('people.athlete.write')).toBe(true);
    expect(coach.canRegister('athlete')).toBe(false);
    expect(coach.canChangePost(['g1'])).toBe(true);
    expect(coach.canChangePost(['g1', 'g3'])).toBe(false);
    expect(coach.canChangePost([])).toBe(false); // a club-wide post
    expect(coach.athleteGroupIds).toEqual(['g1', 'g2']);
  });

  it('the office registers every kind and changes any post', () => {
    const office = accessOf(membership('segreteria'));
    expect(PERSON_KINDS.every((k) => office.canRegister(k))).toBe(true);
    expect(office.canChangePost([])).toBe(true);
  });

  it('health fields: hidden without health.read, read-only without health.write', () => {
    expect(healthAccessOf(accessOf(membership('lettura')))).toBe('hidden');
    expect(healthAccessOf(accessOf(membership('allenatore', [])))).toBe('read');
    expect(healthAccessOf(accessOf(membership('segreteria')))).toBe('write');
  });
});

describe('pagePermissions', () => {
  it('names what each club page needs; the account pages need none', () => {
    expect(pagePermissions('/collaboratori')).toEqual(['collaborators.manage']);
    expect(pagePermissions('/impostazioni')).toEqual(['club.write']);
    expect(pagePermissions('/registro-accessi')).toEqual(['accessLog.read']);
    expect(pagePermissions('/modifica-club')).toEqual(['club.write']);
    expect(pagePermissions('/import/athlete')).toEqual(['import.run']);
    expect(pagePermissions('/club/member')).toEqual(['people.member.read']);
    expect(pagePermissions('/club')).toEqual(['club.read']);
    for (const path of ['/dashboard', '/modifica-utente', '/account/sicurezza', '/aiuto', '/invito', '/collega-profilo', '/area', '/area/7c9e6679-7425-40de-944b-e07fc1f90ae7']) expect(pagePermissions(path)).toBeNull();
  });

  it('guards every people list by its kind, and the archive by any of them', () => {
    for (const kind of PERSON_KINDS) expect(pagePermissions(PERSON_KIND_INFO[kind].route)).toEqual([`people.${kind}.read`]);
    expect(pagePermissions('/archive')).toHaveLength(PERSON_KINDS.length);
  });

  it('only names permissions that exist, and every sidebar entry has its rule', () => {
    for (const item of NAVIGATION.flatMap((g) => g.items)) {
      const needed = pagePermissions(item.path);
      if (item.path === '/dashboard') continue;
      expect(needed, item.path).not.toBeNull();
      for (const p of needed!) expect(Object.hasOwn(PERMISSIONS, p), p).toBe(true);
    }
  });

  it('segreteria: no Collaboratori, no club settings; a coach: no members or volunteers', () => {
    const office = accessOf(membership('segreteria'));
    expect(office.canAny(pagePermissions('/collaboratori')!)).toBe(false);
    expect(office.canAny(pagePermissions('/impostazioni')!)).toBe(false);
    const coach = accessOf(membership('allenatore', []));
    expect(coach.canAny(pagePermissions('/club/member')!)).toBe(false);
    expect(coach.canAny(pagePermissions('/club/voluntary')!)).toBe(false);
    expect(coach.canAny(pagePermissions('/archive')!)).toBe(true);
  });

  it('online registration (/iscrizioni and its queue): owner, admin and segreteria; not a coach or lettura', () => {
    for (const path of ['/iscrizioni', '/iscrizioni/da-approvare']) {
      expect(pagePermissions(path)).toEqual(['registrations.manage']);
      for (const role of ['owner', 'admin', 'segreteria'] as const) expect(accessOf(membership(role)).canAny(pagePermissions(path)!), `${role} ${path}`).toBe(true);
      for (const role of ['allenatore', 'lettura'] as const) expect(accessOf(membership(role, [])).canAny(pagePermissions(path)!), `${role} ${path}`).toBe(false);
    }
  });

  it("the families' requests (/richieste-famiglie): who edits people (their changes) or health data (certificates); not lettura", () => {
    const needed = pagePermissions('/richieste-famiglie')!;
    expect(needed).toContain('health.write');
    expect(needed).toContain('people.athlete.write');
    for (const role of ['owner', 'admin', 'segreteria'] as const) expect(accessOf(membership(role)).canAny(needed), role).toBe(true);
    // a coach edits the athletes of their groups: their change requests
    expect(accessOf(membership('allenatore', [])).canAny(needed)).toBe(true);
    expect(accessOf(membership('lettura', [])).canAny(needed)).toBe(false);
  });

  it("the fees (/quote, the overdue list, a family's statement): the roles with fees.read, the treasurer included; never a coach or lettura", () => {
    for (const path of ['/quote', '/quote/scaduti', '/quote/famiglia/0b7c1f7e-0000-4000-8000-000000000001']) {
      expect(pagePermissions(path)).toEqual(['fees.read']);
      for (const role of ['owner', 'admin', 'segreteria', 'tesoriere'] as const) expect(accessOf(membership(role)).canAny(pagePermissions(path)!), `${role} ${path}`).toBe(true);
      for (const role of ['allenatore', 'lettura'] as const) expect(accessOf(membership(role, [])).canAny(pagePermissions(path)!), `${role} ${path}`).toBe(false);
    }
    const entries = NAVIGATION.flatMap((g) => g.items).filter((i) => i.path === '/quote');
    expect(entries).toHaveLength(1);
    // the treasurer sees money, and no health data: no eligibility page, no certificates to review
    const treasurer = accessOf(membership('tesoriere'));
    expect(healthAccessOf(treasurer)).toBe('hidden');
    expect(treasurer.canAny(pagePermissions('/category/g1/idoneita')!)).toBe(false);
    expect(treasurer.canAny(pagePermissions('/richieste-famiglie')!)).toBe(false);
  });
});
