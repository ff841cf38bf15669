// Builds the schema builder only; types live with their domain modules (server/modules/*/*.graphql.ts).
// Who may call each root field is the operation table's (access/operation-rules.ts), applied by one plugin
// (access-plugin.ts); the services keep row-level narrowing and conditional rules.
import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import type { FileUpload } from 'graphql-upload-minimal';
import type PrismaTypes from '../generated/pothos-types';
import { getDatamodel } from '../generated/pothos-types';
import type { RequestContext } from '../context';
import { fieldCost } from './limits';
import { clubDb } from '../access/request-db';
import { GRAPHQL_RULES } from '../access/operation-rules';
import OperationAccessPlugin from './access-plugin';

export const builder = new SchemaBuilder<{
  Context: RequestContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  DefaultEdgesNullability: { list: false; items: false };
  DefaultNodeNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Upload: { Input: Promise<FileUpload>; Output: never };
  };
}>({
  // OperationAccessPlugin after ErrorsPlugin: its refusals become a mutation's typed errors like a service's.
  plugins: [ErrorsPlugin, RelayPlugin, PrismaPlugin, ComplexityPlugin, OperationAccessPlugin],
  operationRules: GRAPHQL_RULES,
  // Each field's cost, for the cost limit checked before execution (limits.ts); no limit here, so the plugin
  // computes nothing while resolving.
  complexity: { fieldComplexity: fieldCost },
  // Lists are Relay connections with plain (not global) ids: the legacy REST face and the client share them.
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    edgesFieldOptions: { nullable: { list: false, items: false } },
    nodeFieldOptions: { nullable: false },
  },
  defaultFieldNullability: false,
  errors: { defaultTypes: [] },
  prisma: {
    // The request's club-scoped client (access/request-db.ts): relation loads carry the club like the services'.
    client: (ctx) => clubDb(ctx),
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'error',
  },
});

builder.queryType({});
builder.mutationType({});
