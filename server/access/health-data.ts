// Health data (schema/health-data.ts) is shown only to roles with `health.read` and changed only with
// `health.write`: one place that both faces (GraphQL fields, REST records) and the save service ask.
import { HEALTH_DETAIL_FIELDS } from '../../schema/health-data';
import type { PersonKindKey } from '../../schema/constants';
import type { RequestContext } from '../context';
import { memberActor } from './actor';
import { can } from './authorize';
import type { Permission } from './permissions';

const memberCan = (ctx: RequestContext, permission: Permission) => {
  const actor = memberActor(ctx);
  return actor !== null && can(actor, permission);
};

export const canReadHealth = (ctx: RequestContext): boolean => memberCan(ctx, 'health.read');
export const canWriteHealth = (ctx: RequestContext): boolean => memberCan(ctx, 'health.write');

/** `fields` (a kind's details, camelCase) with its health fields set to null: what a role without health.read gets. */
export function withoutHealth<T extends Record<string, unknown>>(kind: PersonKindKey, fields: T): T {
  const redacted: Record<string, unknown> = { ...fields };
  for (const field of HEALTH_DETAIL_FIELDS[kind] ?? []) if (field in redacted) redacted[field] = null;
  return redacted as T;
}
