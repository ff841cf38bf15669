// How /graphql serves an organisation's API key (issue 13 points 4 and 6): only the organisation fields
// (operation-rules.ts API_KEY_FIELDS) and never a mutation, each request charged its cost to the key's points
// budget (429 with Retry-After when spent), and every answer telling its cost and the budget left in `extensions`.
import { GraphQLError, Kind, OperationTypeNode, type DocumentNode, type ExecutionArgs, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { MSG } from '../../../schema/messages';
import { API_KEY_FIELDS } from '../../access/operation-rules';
import type { RequestContext } from '../../context';

const refusal = (message: string, code: string, extensions: Record<string, unknown> = {}) =>
  new GraphQLError(message, { extensions: { code, ...extensions } });

function operationOf(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
}

/** Root fields the operation selects (fragments included), without __typename and introspection. */
function rootFields(document: DocumentNode, operation: OperationDefinitionNode): string[] {
  const names: string[] = [];
  const visit = (selections: OperationDefinitionNode['selectionSet']['selections']) => {
    for (const s of selections) {
      if (s.kind === Kind.FIELD) names.push(s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) visit(s.selectionSet.selections);
      else {
        const fragment = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === s.name.value);
        if (fragment?.kind === Kind.FRAGMENT_DEFINITION) visit(fragment.selectionSet.selections);
      }
    }
  };
  visit(operation.selectionSet.selections);
  return names.filter((n) => !n.startsWith('__'));
}

/** Refuses what a key may not call, before the cost is even counted. */
export function useApiKeyRequests(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const { contextValue, document, operationName } = args as ExecutionArgs;
      const ctx = contextValue as RequestContext;
      const usage = ctx.apiUsage;
      if (!ctx.apiKey || !usage) return;
      const operation = operationOf(document, operationName);
      usage.operation = operation?.name?.value ?? (operation ? rootFields(document, operation).join(',') || operation.operation : null);
      if (!operation) return;
      const refused =
        operation.operation !== OperationTypeNode.QUERY
          ? refusal(MSG.apiKeyReadOnly, 'FORBIDDEN')
          : rootFields(document, operation).some((name) => !API_KEY_FIELDS.has(name))
            ? refusal(MSG.apiKeyClubOnly, 'FORBIDDEN')
            : undefined;
      if (refused) {
        usage.refused = true;
        setResultAndStopExecution({ errors: [Object.assign(refused, { extensions: { ...refused.extensions, http: { status: 403 } } })] });
        return;
      }
      return {
        onExecuteDone({ result, setResult }) {
          if (Symbol.asyncIterator in result) return;
          setResult({ ...result, extensions: { ...result.extensions, cost: costExtensions(ctx) } });
        },
      };
    },
  };
}

/** The budget charge for useQueryLimits: a key's request pays its cost, or is refused with 429. */
export async function chargeApiKey(context: unknown, cost: number): Promise<GraphQLError | undefined> {
  const ctx = context as RequestContext;
  const usage = ctx.apiUsage;
  if (!ctx.apiKey || !usage || usage.refused) return undefined;
  usage.cost = cost;
  const charged = await ctx.deps.apiBudget.charge(ctx.apiKey.keyId, cost);
  usage.budget = charged.state;
  if (charged.ok) return undefined;
  usage.refused = true;
  return refusal(MSG.apiBudgetExhausted(charged.retryAfterSeconds), 'RATE_LIMITED', {
    retryAfter: charged.retryAfterSeconds,
    http: { status: 429, headers: { 'Retry-After': String(charged.retryAfterSeconds) } },
  });
}

/** What every key's answer carries in `extensions.cost`. */
export function costExtensions(ctx: RequestContext) {
  const usage = ctx.apiUsage;
  if (!usage) return undefined;
  return {
    requested: usage.cost,
    ...(usage.budget ? { budget: { limit: usage.budget.limit, remaining: usage.budget.remaining, resetSeconds: usage.budget.resetSeconds } } : {}),
  };
}

/** The rate-limit headers of a key's answer (draft-ietf-httpapi-ratelimit-headers' RateLimit-* and the X- forms). */
export function rateLimitHeaders(ctx: RequestContext): Record<string, string> {
  const budget = ctx.apiUsage?.budget;
  if (!budget) return {};
  return {
    'x-ratelimit-limit': String(budget.limit),
    'x-ratelimit-remaining': String(budget.remaining),
    'x-ratelimit-reset': String(budget.resetSeconds),
    'x-query-cost': String(ctx.apiUsage!.cost),
  };
}
