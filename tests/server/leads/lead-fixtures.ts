// Lead payloads and an operator account for the leads tests (server, compat and e2e).
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../../server/context';
import { setOperator } from '../../../scripts/grant-operator';
import { createClub, type TestClub } from '../../support/factories';

/** A valid lead in the service's (camelCase) names; a fresh email each time, so per-email limits do not interfere. */
export function leadPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Giulia Ferrari',
    email: `giulia-${randomBytes(4).toString('hex')}@example.it`,
    phone: '333 123 4567',
    clubName: 'ASD Pallavolo Riviera',
    role: 'Presidente',
    region: 'Liguria',
    members: '51 - 200',
    ...overrides,
  };
}

/** The same lead in the legacy REST names. */
export function legacyLeadPayload(overrides: Record<string, unknown> = {}) {
  const { clubName, ...rest } = leadPayload();
  return { ...rest, club_name: clubName, ...overrides };
}

/** A signed-up club owner promoted with the operator command's own function. */
export async function createOperator(deps: AppDeps): Promise<TestClub> {
  const club = await createClub(deps);
  await setOperator(deps.systemDb, club.email, true);
  return club;
}
