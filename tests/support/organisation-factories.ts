// Organisations, keys and affiliations for the federation API tests: made through the real services (the
// organisation, its key) or a plain row (an affiliation already in force, whose steps affiliations.test.ts covers).
import type { OrganisationScope } from '../../schema/organisation-scopes';
import type { AppDeps } from '../../server/context';
import { organisationStaffAccess } from '../../server/access/staff-scope';
import { createApiKey } from '../../server/modules/organisations/api-keys.service';
import { createOrganisation } from '../../server/modules/organisations/organisations.service';
import type { TestClub } from './factories';

/** An organisation with `admin` as its admin. */
export async function organisationOf(deps: AppDeps, admin: TestClub, name = 'Federazione di Prova') {
  return createOrganisation(deps.systemDb, { name, kind: 'federation', adminEmail: admin.email });
}

/**
 * `accountId` as staff of the organisation holding `organisation.manage`, as the operation table's gate admits them
 * for a call (access/staff-scope.ts): what the portal's services are handed. Refused (ForbiddenError) otherwise.
 */
export function staffOf(deps: AppDeps, accountId: string, organisationId: string) {
  return organisationStaffAccess(deps.systemDb, accountId, organisationId, 'organisation.manage', 'non ammesso');
}

/** A key of the organisation with these scopes (and clubs): its secret and id. */
export async function keyOf(deps: AppDeps, admin: TestClub, organisationId: string, scopes: OrganisationScope[], options: { clubIds?: string[]; expiresInDays?: number } = {}) {
  const { key, secret } = await createApiKey(await staffOf(deps, admin.accountId, organisationId), { organisationId, name: 'Gestionale', scopes, ...options });
  return { keyId: key.id, secret, creds: { token: secret } };
}

/** The club affiliated to the organisation, in force with this consent. */
export async function affiliate(deps: AppDeps, organisationId: string, clubId: string, scopes: OrganisationScope[], minorsContacts = false) {
  return deps.systemDb.affiliation.create({ data: { organisationId, clubId, status: 'active', requestedBy: 'organisation', scopes, minorsContacts } });
}
