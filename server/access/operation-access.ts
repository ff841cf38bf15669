// Applies the operation table (operation-rules.ts) to a call: the one gate in front of every GraphQL root field
// (graphql/access-plugin.ts) and every legacy REST route (compat/router.ts). Services keep only what the table cannot
// say: row-level narrowing (a coach's groups, the kinds a role may see) and conditional rules (health fields, a coach
// registers nobody, the kind of a record read from the database).
import { PERSON_KINDS, type PersonKindKey } from '../../schema/constants';
import { MSG } from '../../schema/messages';
import { FAMILY_MSG } from '../../schema/messages-family';
import { requireClub, requireSession } from '../auth/policy';
import type { RequestContext } from '../context';
import { ForbiddenError, UnauthenticatedError } from '../lib/errors';
import { memberActor } from './actor';
import { familyReach } from './cross-club';
import { familyRelationAllows } from './permissions';
import { can } from './authorize';
import { resolvePermission, type OperationRule } from './operation-rules';
import { admitStaff } from './staff-scope';

const isPersonKind = (value: unknown): value is PersonKindKey => PERSON_KINDS.includes(value as PersonKindKey);

/** Whether the rule's permission names the call's kind (`people.{kind}.x`): the kind comes from the arguments. */
export const ruleTakesKind = (rule: OperationRule): boolean => rule.who === 'member' && !!rule.permission?.includes('{kind}');

/**
 * Refuses the call unless `rule` admits the request's caller, with the errors the services answered before the table
 * was enforced here: no session UNAUTHENTICATED (MSG.notAuthenticated), no club FORBIDDEN (MSG.clubHeaderMissing),
 * the role FORBIDDEN (MSG.permissionDenied), not an operator MSG.operatorsOnly, not a key MSG.apiKeyRequired, not
 * the organisation's staff with the permission FORBIDDEN with the rule's refusal (an unknown record NotFound).
 * `kind`: the call's person kind for a `{kind}` rule; when it is not a kind (absent, or a REST body's bad `type`)
 * only membership is checked here and the handler refuses the kind itself. `args`: the call's arguments, for a
 * rule's `ownMembership`.
 */
export async function enforceOperationRule(ctx: RequestContext, rule: OperationRule, kind?: unknown, args: Record<string, unknown> = {}): Promise<void> {
  switch (rule.who) {
    case 'anyone':
      return;
    case 'account':
      requireSession(ctx);
      return;
    case 'operator': {
      const { accountId } = requireSession(ctx);
      // Read on every call, not cached in the session: a revoke takes effect at once.
      const account = await ctx.deps.db.account.findUnique({ where: { id: accountId }, select: { isOperator: true, isActive: true } });
      if (!account?.isActive || !account.isOperator) throw new ForbiddenError(MSG.operatorsOnly);
      return;
    }
    case 'apiKey':
      if (!ctx.apiKey) throw new UnauthenticatedError(MSG.apiKeyRequired);
      return;
    case 'staff':
      await admitStaff(ctx, requireSession(ctx).accountId, rule, args);
      return;
    case 'family': {
      requireSession(ctx);
      const { permission } = rule;
      const reach = await familyReach(ctx);
      if (!reach.length) throw new ForbiddenError(FAMILY_MSG.familyNoAccess);
      // A minor's own account, say, reaching nobody it may do this for.
      if (!reach.some((m) => familyRelationAllows(m.relation, permission))) throw new ForbiddenError(FAMILY_MSG.familyGuardianOnly);
      return;
    }
    case 'member': {
      const membership = requireClub(ctx);
      if (!rule.permission) return;
      if (rule.ownMembership && args[rule.ownMembership] === membership.id) return;
      if (rule.permission.includes('{kind}') && !isPersonKind(kind)) return;
      const actor = memberActor(ctx)!;
      const needed = resolvePermission(rule.permission, isPersonKind(kind) ? kind : undefined);
      const holds = 'permission' in needed ? can(actor, needed.permission) : PERSON_KINDS.some((k) => can(actor, `people.${k}.${needed.anyKind}`));
      if (!holds) throw new ForbiddenError(MSG.permissionDenied);
      return;
    }
  }
}

/** The person kind a GraphQL call names: its `kind` argument, or its input's (savePerson). */
export function kindOfArgs(args: Record<string, unknown>): unknown {
  if ('kind' in args) return args.kind;
  const input = args.input;
  return input && typeof input === 'object' && 'kind' in input ? input.kind : undefined;
}
