// The club's affiliations through GraphQL (issue 13 point 2's club face): apply with an organisation's code, list
// with the organisation and history, change the consent, revoke; another club's id is not found; roles without
// affiliations.manage are refused (also covered by the operation sweep). On both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { acceptApplication, AFFILIATION_MSG, consentedScopes } from '../../../server/modules/organisations/affiliations.service';
import { createOrganisation } from '../../../server/modules/organisations/organisations.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';
import { staffOf } from '../../support/organisation-factories';

let t: TestApp;
let orgAdmin: TestClub;
let club: ClubWithRoles;
let organisation: { id: string; code: string };
beforeAll(async () => {
  t = await startTestApp();
  orgAdmin = await createClub(t.deps);
  organisation = await createOrganisation(t.deps.systemDb, { name: 'Federazione GraphQL', kind: 'federation', adminEmail: orgAdmin.email });
  club = await clubWithEveryRole(t.deps, 'ASD Consenso');
});
afterAll(() => t.close());

const wrap = (field: string) => `... on Mutation${field[0].toUpperCase()}${field.slice(1)}Success { data { id status scopes minorsContacts } } ... on BaseError { message }`;
const APPLY = `mutation($code: String!, $consent: AffiliationConsentInput!) { applyToOrganisation(code: $code, consent: $consent) { __typename ${wrap('applyToOrganisation')} } }`;
const CHANGE = `mutation($id: ID!, $consent: AffiliationConsentInput!) { changeAffiliationConsent(id: $id, consent: $consent) { __typename ${wrap('changeAffiliationConsent')} } }`;
const REVOKE = `mutation($id: ID!) { revokeAffiliation(id: $id) { __typename ${wrap('revokeAffiliation')} } }`;
const LIST = `query { affiliations { id status requestedBy scopes minorsContacts organisation { name code kind } history { action scopes } } }`;

describe('affiliations through GraphQL', () => {
  it('applies, lists with the history, changes the consent, and another club cannot touch it', async () => {
    const owner = as(club.members.owner);
    const applied = await gql(t.app, APPLY, { code: organisation.code.toLowerCase(), consent: { scopes: ['PEOPLE_REGISTRY', 'CLUB_PROFILE'], minorsContacts: false } }, owner);
    const affiliation = applied.body.data!.applyToOrganisation.data;
    expect(affiliation).toMatchObject({ status: 'pending', scopes: ['CLUB_PROFILE', 'PEOPLE_REGISTRY'], minorsContacts: false });
    await acceptApplication(await staffOf(t.deps, orgAdmin.accountId, organisation.id), affiliation.id);

    const changed = await gql(t.app, CHANGE, { id: affiliation.id, consent: { scopes: ['CLUB_PROFILE'] } }, owner);
    expect(changed.body.data!.changeAffiliationConsent.data).toMatchObject({ status: 'active', scopes: ['CLUB_PROFILE'] });
    expect(await consentedScopes(t.deps.systemDb, organisation.id, club.clubId)).toEqual(['club.profile']);

    const listed = (await gql(t.app, LIST, {}, owner)).body.data!.affiliations;
    expect(listed).toEqual([
      {
        id: affiliation.id,
        status: 'active',
        requestedBy: 'club',
        scopes: ['CLUB_PROFILE'],
        minorsContacts: false,
        organisation: { name: 'Federazione GraphQL', code: organisation.code, kind: 'federation' },
        history: [
          { action: 'consent_changed', scopes: ['CLUB_PROFILE'] },
          { action: 'accepted', scopes: ['CLUB_PROFILE', 'PEOPLE_REGISTRY'] },
          { action: 'applied', scopes: ['CLUB_PROFILE', 'PEOPLE_REGISTRY'] },
        ],
      },
    ]);

    // another club's owner: not found, nothing changed; and it lists none of this club's affiliations
    const foreign = await gql(t.app, REVOKE, { id: affiliation.id }, as(club.stranger));
    expect(foreign.body.data!.revokeAffiliation).toMatchObject({ __typename: 'NotFoundError', message: AFFILIATION_MSG.notFound });
    expect((await gql(t.app, LIST, {}, as(club.stranger))).body.data!.affiliations).toEqual([]);
    expect(await consentedScopes(t.deps.systemDb, organisation.id, club.clubId)).toEqual(['club.profile']);

    // segreteria lacks affiliations.manage
    const segreteria = await gql(t.app, REVOKE, { id: affiliation.id }, as(club.members.segreteria));
    expect(segreteria.body.data!.revokeAffiliation).toMatchObject({ __typename: 'ForbiddenError', message: MSG.permissionDenied });

    const revoked = await gql(t.app, REVOKE, { id: affiliation.id }, owner);
    expect(revoked.body.data!.revokeAffiliation.data).toMatchObject({ status: 'revoked', scopes: [] });
    expect(await consentedScopes(t.deps.systemDb, organisation.id, club.clubId)).toEqual([]);
  });

  it('bad input: no scope, an unknown code, an unknown enum value', async () => {
    const owner = as(club.members.owner);
    const none = await gql(t.app, APPLY, { code: organisation.code, consent: { scopes: [] } }, owner);
    expect(none.body.data!.applyToOrganisation).toMatchObject({ __typename: 'ValidationError', message: AFFILIATION_MSG.scopesRequired });
    const unknown = await gql(t.app, APPLY, { code: 'LEG-NESSUNA', consent: { scopes: ['CLUB_PROFILE'] } }, owner);
    expect(unknown.body.data!.applyToOrganisation).toMatchObject({ __typename: 'NotFoundError', message: AFFILIATION_MSG.organisationUnknown('LEG-NESSUNA') });
    const badEnum = await gql(t.app, APPLY, { code: organisation.code, consent: { scopes: ['club.profile'] } }, owner);
    expect(badEnum.body.errors?.length).toBeGreaterThan(0);
  });
});
