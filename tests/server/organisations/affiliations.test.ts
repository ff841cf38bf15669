// Affiliation with consent (issue 13 point 2, the services): an organisation's request approved by the club with
// the scopes it chooses, a club's application accepted by the organisation, consent narrowed and revoked with
// immediate effect, the history, and the refusals (non-admins, other clubs, roles without affiliations.manage, bad
// scopes, steps out of order). On both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../server/lib/errors';
import {
  acceptApplication,
  AFFILIATION_MSG,
  applyToOrganisation,
  approveAffiliation,
  changeConsent,
  clubAffiliations,
  consentedScopes,
  requestAffiliation,
  revokeAffiliation,
} from '../../../server/modules/organisations/affiliations.service';
import { createOrganisation } from '../../../server/modules/organisations/organisations.service';
import { createClub, type TestClub } from '../../support/factories';
import { staffOf } from '../../support/organisation-factories';
import { clubContext } from '../../support/people-factories';
import { clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let orgAdmin: TestClub;
let orgReader: TestClub;
let club: ClubWithRoles;
let owner: RequestContext;
let stranger: RequestContext;
let organisation: { id: string; code: string };
let vatNumber: string;
let sharedVat: string;
beforeAll(async () => {
  t = await startTestApp();
  orgAdmin = await createClub(t.deps);
  orgReader = await createClub(t.deps);
  organisation = await createOrganisation(t.deps.systemDb, { name: 'Federazione Consensi', kind: 'federation', adminEmail: orgAdmin.email });
  await t.deps.systemDb.organisationStaff.create({ data: { organisationId: organisation.id, accountId: orgReader.accountId, role: 'reader' } });
  club = await clubWithEveryRole(t.deps, 'ASD Affiliata');
  owner = await clubContext(t.deps, club.members.owner);
  stranger = await clubContext(t.deps, club.stranger);
  // a number of its own (test clubs share the sign-up default, which the ambiguity test uses)
  vatNumber = `9${String(Date.now()).slice(-10)}`;
  await t.deps.systemDb.club.update({ where: { id: club.clubId }, data: { vatNumber } });
  sharedVat = (await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.stranger.clubId } })).vatNumber!;
});
afterAll(() => t.close());

const events = async (id: string) =>
  (await t.deps.systemDb.affiliationEvent.findMany({ where: { affiliationId: id }, orderBy: { createdAt: 'asc' } })).map((e) => [e.action, e.scopes]);

describe('affiliation asked by the organisation', () => {
  let id: string;
  it('pending until the club approves with its scopes; narrowed and revoked at once; the history kept', async () => {
    const asked = await requestAffiliation(await staffOf(t.deps, orgAdmin.accountId, organisation.id), ` ${vatNumber.toLowerCase()} `);
    id = asked.id;
    expect(asked).toMatchObject({ clubId: club.clubId, status: 'pending', requestedBy: 'organisation', scopes: [] });
    expect(await consentedScopes(t.deps.systemDb, organisation.id, club.clubId)).toEqual([]);

    const approved = await approveAffiliation(owner, id, { scopes: ['people.registry', 'club.profile', 'people.contacts'], minorsContacts: false });
    expect(approved).toMatchObject({ status: 'active', scopes: ['club.profile', 'people.registry', 'people.contacts'], minorsContacts: false });
    expect(await consentedScopes(t.deps.systemDb, organisation.id, club.clubId)).toEqual(['club.profile', 'people.registry', 'people.contacts']);

    await changeConsent(owner, id, { scopes: ['club.profile'] });
    expect(await consentedScopes(t.deps.systemDb, organisation.id, club.clubId)).toEqual(['club.profile']);
    await revokeAffiliation(owner, id);
    expect(await consentedScopes(t.deps.systemDb, organisation.id, club.clubId)).toEqual([]);
    expect(await events(id)).toEqual([
      ['requested', []],
      ['approved', ['club.profile', 'people.registry', 'people.contacts']],
      ['consent_changed', ['club.profile']],
      ['revoked', []],
    ]);
    const listed = await clubAffiliations(owner);
    expect(listed).toMatchObject([{ id, status: 'revoked', organisation: { name: 'Federazione Consensi', code: organisation.code } }]);
    expect(listed[0].events.map((e) => e.action)).toEqual(['revoked', 'consent_changed', 'approved', 'requested']);
    // ended: no more changes; the organisation may ask again (the same affiliation, pending, history kept), once
    await expect(changeConsent(owner, id, { scopes: ['club.profile'] })).rejects.toMatchObject({ message: AFFILIATION_MSG.notActive });
    await expect(revokeAffiliation(owner, id)).rejects.toBeInstanceOf(ValidationError);
    expect(await requestAffiliation(await staffOf(t.deps, orgAdmin.accountId, organisation.id), vatNumber)).toMatchObject({ id, status: 'pending', scopes: [] });
    await expect(requestAffiliation(await staffOf(t.deps, orgAdmin.accountId, organisation.id), vatNumber)).rejects.toBeInstanceOf(ConflictError);
  });

  it('refusals: a reader of the organisation, an unknown club number, another club, roles without affiliations.manage, bad scopes', async () => {
    // the organisation's reader is not admitted (the gate's answer to its GraphQL call: organisation-portal.test.ts)
    await expect(staffOf(t.deps, orgReader.accountId, organisation.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(requestAffiliation(await staffOf(t.deps, orgAdmin.accountId, organisation.id), '00000000000')).rejects.toBeInstanceOf(NotFoundError);
    // a number two clubs share is never guessed
    await t.deps.systemDb.club.update({ where: { id: orgAdmin.clubId }, data: { vatNumber: sharedVat } });
    await expect(requestAffiliation(await staffOf(t.deps, orgAdmin.accountId, organisation.id), sharedVat)).rejects.toMatchObject({ message: AFFILIATION_MSG.clubAmbiguous });
    const other = await createOrganisation(t.deps.systemDb, { name: 'Lega Rifiutata', kind: 'league', adminEmail: orgAdmin.email });
    const asked = await requestAffiliation(await staffOf(t.deps, orgAdmin.accountId, other.id), vatNumber);
    // another club's owner: the id is unknown to them, and nothing changes
    await expect(approveAffiliation(stranger, asked.id, { scopes: ['club.profile'] })).rejects.toBeInstanceOf(NotFoundError);
    await expect(revokeAffiliation(stranger, asked.id)).rejects.toBeInstanceOf(NotFoundError);
    for (const role of ['segreteria', 'allenatore', 'lettura'] as const) {
      const ctx = await clubContext(t.deps, club.members[role]);
      await expect(approveAffiliation(ctx, asked.id, { scopes: ['club.profile'] }), role).rejects.toMatchObject({ message: MSG.permissionDenied });
      await expect(clubAffiliations(ctx), role).rejects.toBeInstanceOf(ForbiddenError);
    }
    await expect(approveAffiliation(owner, asked.id, { scopes: [] })).rejects.toMatchObject({ message: AFFILIATION_MSG.scopesRequired });
    await expect(approveAffiliation(owner, asked.id, { scopes: ['tutto'] })).rejects.toMatchObject({ message: AFFILIATION_MSG.scopeInvalid });
    expect((await t.deps.systemDb.affiliation.findUniqueOrThrow({ where: { id: asked.id } })).status).toBe('pending');
    // the admin (not only the owner) may decide: refusing a request leaves it rejected
    const admin = await clubContext(t.deps, club.members.admin);
    expect((await revokeAffiliation(admin, asked.id)).status).toBe('rejected');
  });
});

describe('affiliation asked by the club', () => {
  it('applied with the organisation\'s code and its consent; in force once the organisation accepts', async () => {
    const org = await createOrganisation(t.deps.systemDb, { name: 'Ente Candidature', kind: 'eps', adminEmail: orgAdmin.email });
    const applied = await applyToOrganisation(owner, org.code.toLowerCase(), { scopes: ['people.certificates'], minorsContacts: true });
    expect(applied).toMatchObject({ status: 'pending', requestedBy: 'club', scopes: ['people.certificates'], minorsContacts: true });
    expect(await consentedScopes(t.deps.systemDb, org.id, club.clubId)).toEqual([]);
    // the club's own approval is not what it waits for; the organisation's reader cannot accept
    await expect(approveAffiliation(owner, applied.id, { scopes: ['club.profile'] })).rejects.toMatchObject({ message: AFFILIATION_MSG.notPending });
    await expect(staffOf(t.deps, orgReader.accountId, org.id)).rejects.toBeInstanceOf(ForbiddenError);
    // another organisation's admin reaches no affiliation of this one
    await expect(acceptApplication(await staffOf(t.deps, orgAdmin.accountId, organisation.id), applied.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await acceptApplication(await staffOf(t.deps, orgAdmin.accountId, org.id), applied.id)).status).toBe('active');
    expect(await consentedScopes(t.deps.systemDb, org.id, club.clubId)).toEqual(['people.certificates']);
    await expect(acceptApplication(await staffOf(t.deps, orgAdmin.accountId, org.id), applied.id)).rejects.toMatchObject({ message: AFFILIATION_MSG.notPending });
    await expect(applyToOrganisation(owner, org.code, { scopes: ['club.profile'] })).rejects.toBeInstanceOf(ConflictError);
    await expect(applyToOrganisation(owner, 'FED-NESSUNA', { scopes: ['club.profile'] })).rejects.toMatchObject({ message: AFFILIATION_MSG.organisationUnknown('FED-NESSUNA') });
  });
});
