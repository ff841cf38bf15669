// Builds the schema builder only; types live with their domain modules (server/modules/*/*.graphql.ts).
// Permissions are checked inside the services (one place for GraphQL and REST), not by a schema plugin.
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
  plugins: [ErrorsPlugin, RelayPlugin, PrismaPlugin, ComplexityPlugin],
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
