// Limits every caller of /graphql meets before any resolver runs: the document's size (tokens), shape (depth,
// aliases, directives) and cost (how many objects the answer may hold, list sizes multiplied through nesting).
// Introspection is for signed-in sessions only, and no error suggests field names. A refusal is a GraphQL error
// with an Italian message, an `extensions.code` and HTTP 400. The numbers are documented in docs/api/graphql.md.
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { createComplexityRule, type FieldComplexityValue } from '@pothos/plugin-complexity';
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isIntrospectionType,
  isListType,
  isObjectType,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLField,
  type GraphQLSchema,
  type GraphQLNamedType,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Plugin, YogaInitialContext } from 'graphql-yoga';
import { MSG } from '../../schema/messages';

export const QUERY_LIMITS = {
  /** Lexical tokens in the whole document (names, punctuation, values): parsing stops past this. */
  tokens: 1000,
  /** Nested field levels in one operation (fragments are flattened: they add no level of their own). */
  depth: 12,
  /** Aliased fields in one operation (`__typename` aliases are free). */
  aliases: 15,
  /** Directives (@include, @skip, ...) in one operation. */
  directives: 20,
  /** Estimated objects and fields in the answer; see fieldCost. */
  cost: 20_000,
} as const;

/** Rows a connection returns without first/last (Pothos' default; every connection's own default is at most this). */
export const CONNECTION_DEFAULT_SIZE = 20;
/** Rows a connection returns at most, whatever first/last ask (Pothos clamps to each connection's maxSize, 100 here). */
export const CONNECTION_MAX_SIZE = 100;
/** Rows assumed for a plain list field (a role's groups, its documents) unless the field declares its own bound. */
export const DEFAULT_LIST_SIZE = 10;

const LIMIT_CODES = [
  'QUERY_TOO_LONG',
  'QUERY_TOO_DEEP',
  'QUERY_TOO_MANY_ALIASES',
  'QUERY_TOO_MANY_DIRECTIVES',
  'QUERY_TOO_COMPLEX',
  'INTROSPECTION_DISABLED',
] as const;
export type QueryLimitCode = (typeof LIMIT_CODES)[number];
const isLimitCode = (code: unknown): code is QueryLimitCode => LIMIT_CODES.includes(code as QueryLimitCode);

/** The HTTP status is set once for every refusal, in onResultProcess below. */
function refusal(code: QueryLimitCode, message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extensions } });
}

// --- cost ------------------------------------------------------------------------------------------------------

const hasFields = (type: GraphQLNamedType, ...names: string[]) =>
  isObjectType(type) && names.every((name) => name in type.getFields());
const pageSize = (requested: unknown, fallback: number) =>
  Math.min(Math.max(typeof requested === 'number' ? requested : fallback, 0), CONNECTION_MAX_SIZE);

/**
 * The cost of a field, for @pothos/plugin-complexity (builder.ts): 1 per field, and what a field selects costs
 * once per row it can return. A Relay connection multiplies what it selects by the page it asks for (first/last,
 * else the default size: `edges` has no access to those arguments, so totalCount and pageInfo are counted per row
 * too, an over-estimate), and its `edges` list by 1 (the page is already counted: the plugin's default would
 * multiply it by 10 again); any other list by its `first` argument when it has one, else DEFAULT_LIST_SIZE. A field
 * may declare its own `complexity` instead (Person.roles: at most one role per kind).
 */
export function fieldCost<Context>(args: Record<string, unknown>, _ctx: Context, field: GraphQLField<unknown, Context>): FieldComplexityValue {
  const type = getNamedType(field.type);
  if (hasFields(type, 'edges', 'pageInfo')) return { field: 1, multiplier: pageSize(args.first ?? args.last, CONNECTION_DEFAULT_SIZE) };
  if (!isListType(getNullableType(field.type))) return 1;
  if (hasFields(type, 'node', 'cursor')) return { field: 1, multiplier: 1 };
  return { field: 1, multiplier: 'first' in args ? pageSize(args.first, DEFAULT_LIST_SIZE) : DEFAULT_LIST_SIZE };
}

// --- introspection and suggestions -----------------------------------------------------------------------------

/** graphql's NoSchemaIntrospectionCustomRule with the product's refusal: `__schema` and `__type` (not `__typename`). */
const introspectionRefused: ValidationRule = (context) => {
  let reported = false;
  return {
    Field() {
      const type = context.getType();
      if (reported || !type || !isIntrospectionType(getNamedType(type))) return;
      reported = true;
      context.reportError(refusal('INTROSPECTION_DISABLED', MSG.introspectionSignedInOnly));
    },
  };
};

/**
 * graphql-js names the fields, arguments, types and enum values it thinks were meant ("Did you mean ...?"), which
 * would reveal the schema with introspection off. Its English messages otherwise stay as they are.
 */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean [^?]*\?/g, '');
}

// --- the cost of a request --------------------------------------------------------------------------------------

/**
 * Costs already measured, by document (Yoga's parse cache hands every request of the same text the same document
 * object) and by operation name and variables: measuring walks the whole document with the schema (~0.25 ms for the
 * people list page), the answer is the same every time. Field costs never depend on the request's context.
 */
const knownCosts = new WeakMap<DocumentNode, Map<string, number | undefined>>();
/** Variable sets remembered per document (searches vary them): the oldest goes first. */
const COSTS_PER_DOCUMENT = 200;
/** Longer variables (a long text, an import) are measured every time rather than kept as a key. */
const KEY_MAX_LENGTH = 1000;

/** The operation's estimated cost (fieldCost), or undefined when the operation was not found (execution reports it). */
function costOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  context: unknown,
  variableValues: ExecutionArgs['variableValues'],
  operationName: ExecutionArgs['operationName'],
): number | undefined {
  let key: string | undefined;
  try {
    key = `${operationName ?? ''}\u0000${JSON.stringify(variableValues ?? {})}`;
  } catch {
    // variables JSON cannot hold: measured every time
  }
  if (key !== undefined && key.length > KEY_MAX_LENGTH) key = undefined;
  const known = key === undefined ? undefined : knownCosts.get(document);
  if (key !== undefined && known?.has(key)) return known.get(key);
  let cost: number | undefined;
  validate(schema, document, [
    createComplexityRule({ context: context as object, variableValues: variableValues ?? {}, operationName, validate: ({ complexity }) => void (cost = complexity) }),
  ]);
  if (key !== undefined) {
    const costs = known ?? new Map<string, number | undefined>();
    if (!known) knownCosts.set(document, costs);
    if (costs.size >= COSTS_PER_DOCUMENT) costs.delete(costs.keys().next().value!);
    costs.set(key, cost);
  }
  return cost;
}

// --- the plugin --------------------------------------------------------------------------------------------------

/** What a document measured, for tests and figures (each reported when the check ran and passed). */
export interface QueryMeasure {
  tokens?: number;
  depth?: number;
  aliases?: number;
  directives?: number;
  cost?: number;
}

export interface QueryLimitsOptions {
  /** Whether this request comes from a signed-in session (which may introspect the schema). */
  signedIn: (context: Record<string, unknown>) => boolean;
  onMeasure?: (measure: QueryMeasure) => void;
  /**
   * Called with each admitted operation's cost before it runs (an API key's budget): an error answered instead of
   * running it, or nothing to go on.
   */
  charge?: (context: unknown, cost: number) => Promise<GraphQLError | undefined>;
}

/** The plugins to give Yoga (or any envelop): graphql-armor's checks, then the product's own. */
export function useQueryLimits({ signedIn, onMeasure, charge }: QueryLimitsOptions): Plugin[] {
  const measured = (key: keyof QueryMeasure) => [(_ctx: unknown, details: { n: number }) => onMeasure?.({ [key]: details.n })];
  // Armor reports through these instead of throwing its own English "Syntax Error": a parse-time refusal (tokens)
  // has no validation context and is thrown, a validation one is reported like any validation error.
  const refuse = (code: QueryLimitCode, message: string) => [
    (ctx: ValidationContext | null) => {
      if (!ctx) throw refusal(code, message);
      ctx.reportError(refusal(code, message));
    },
  ];
  const armor = (key: keyof QueryMeasure & keyof typeof QUERY_LIMITS, code: QueryLimitCode, message: string) => ({
    n: QUERY_LIMITS[key],
    propagateOnRejection: false,
    onReject: refuse(code, message),
    onAccept: onMeasure ? measured(key) : [],
  });
  const armorPlugin = EnvelopArmorPlugin<YogaInitialContext>({
    maxTokens: armor('tokens', 'QUERY_TOO_LONG', MSG.queryTooLong(QUERY_LIMITS.tokens)),
    maxDepth: { ...armor('depth', 'QUERY_TOO_DEEP', MSG.queryTooDeep(QUERY_LIMITS.depth)), flattenFragments: true },
    maxAliases: armor('aliases', 'QUERY_TOO_MANY_ALIASES', MSG.queryTooManyAliases(QUERY_LIMITS.aliases)),
    maxDirectives: armor('directives', 'QUERY_TOO_MANY_DIRECTIVES', MSG.queryTooManyDirectives(QUERY_LIMITS.directives)),
    // Armor's cost model knows nothing of list sizes: the cost is Pothos' (fieldCost), checked at onExecute below.
    costLimit: { enabled: false },
    // Armor only hides `Did you mean "x"?`, not enum suggestions: withoutSuggestions below covers every message.
    blockFieldSuggestion: { enabled: false },
  });

  const limits: Plugin = {
    onValidate({ addValidationRule, context }) {
      // Yoga caches validation by document and rule names: anonymous and signed-in requests get separate entries.
      if (!signedIn(context)) addValidationRule(introspectionRefused);
    },
    // The cost depends on the variables (`first: $first`), so it is checked per request here, not in the cached
    // validation: the same rule, run alone, before execution starts (once per document and variables: costOf).
    async onExecute({ args, setResultAndStopExecution }) {
      const { schema, document, contextValue, variableValues, operationName } = args as ExecutionArgs;
      let refused: GraphQLError | undefined;
      let cost = 0;
      const complexity = costOf(schema, document, contextValue, variableValues, operationName);
      if (complexity !== undefined && complexity > QUERY_LIMITS.cost) {
        refused = refusal('QUERY_TOO_COMPLEX', MSG.queryTooComplex(complexity, QUERY_LIMITS.cost), { cost: complexity, maxCost: QUERY_LIMITS.cost });
      } else if (complexity !== undefined) {
        cost = complexity;
        onMeasure?.({ cost: complexity });
      }
      // Other errors of this pass (invalid variables) are left to execution, which reports them as usual.
      if (!refused && charge) refused = await charge(contextValue, cost);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
    onResultProcess({ result }) {
      if (Symbol.asyncIterator in result) return;
      for (const one of Array.isArray(result) ? result : [result]) {
        for (const error of one.errors ?? []) {
          const message = withoutSuggestions(error.message);
          if (message !== error.message) (error as { message: string }).message = message;
          // Yoga marks parse and validation errors as the GraphQL-over-HTTP spec's (`http.spec`), which plain
          // `application/json` requests get with 200; a refusal is a 400 for every client.
          if (isLimitCode(error.extensions?.code)) Object.assign(error.extensions, { http: { status: 400, spec: false } });
        }
      }
    },
  };
  return [armorPlugin, limits];
}
