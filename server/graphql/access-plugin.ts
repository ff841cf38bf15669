// The operation table applied to GraphQL in one place: a Pothos plugin that wraps every Query and Mutation field's
// resolver with the field's rule (access/operation-access.ts), and refuses to build a schema with a root field the
// table does not name, or a rule naming no field: a new operation without a table entry fails at `toSchema()` (the
// app's start, `npm run schema:print`, every test).
// Registered after ErrorsPlugin in the builder's list so its refusals land in a mutation's typed error union exactly
// as a service's did (Pothos wraps resolvers from the last plugin outwards).
import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';
import type { RequestContext } from '../context';
import { enforceOperationRule, kindOfArgs } from '../access/operation-access';
import type { OperationRule } from '../access/operation-rules';

// Pothos' own extension point for plugin options is this global namespace.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      operationAccess: OperationAccessPlugin<Types>;
    }
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the interface is merged with Pothos', same parameters
    interface SchemaBuilderOptions<Types extends SchemaTypes> {
      /** Who may call each root field, by `Query.x` / `Mutation.y` (server/access/operation-rules.ts). */
      operationRules?: Readonly<Record<string, OperationRule>>;
    }
  }
}

const ROOT_KINDS = new Set(['Query', 'Mutation', 'Subscription']);

export class OperationAccessPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  private rules(): Readonly<Record<string, OperationRule>> {
    const rules = this.builder.options.operationRules;
    if (!rules) throw new Error('The operationAccess plugin needs the builder option `operationRules`.');
    return rules;
  }

  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    if (ROOT_KINDS.has(fieldConfig.kind) && !this.rules()[`${fieldConfig.parentType}.${fieldConfig.name}`]) {
      throw new Error(
        `${fieldConfig.parentType}.${fieldConfig.name} has no entry in the operation table (server/access/operation-rules.ts GRAPHQL_RULES): say who may call it there.`,
      );
    }
    return fieldConfig;
  }

  override afterBuild(schema: GraphQLSchema): GraphQLSchema {
    const fields = new Set(
      [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
        type ? Object.keys(type.getFields()).map((name) => `${type.name}.${name}`) : [],
      ),
    );
    const stale = Object.keys(this.rules()).filter((key) => !fields.has(key));
    if (stale.length) throw new Error(`The operation table names fields the schema does not have: ${stale.join(', ')}.`);
    return schema;
  }

  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    if (!ROOT_KINDS.has(fieldConfig.kind)) return resolver;
    const rule = this.rules()[`${fieldConfig.parentType}.${fieldConfig.name}`];
    return async (parent, args, context, info) => {
      await enforceOperationRule(context as RequestContext, rule, kindOfArgs(args as Record<string, unknown>), args as Record<string, unknown>);
      return resolver(parent, args, context, info);
    };
  }
}

SchemaBuilder.registerPlugin('operationAccess', OperationAccessPlugin);

export default 'operationAccess' as const;
