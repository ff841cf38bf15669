// Refs to the Prisma-backed GraphQL types that another module's types return. Each type is defined once, by its
// own module's *.graphql.ts (`builder.prismaObject(model, ...)`, which registers it under the model's name); a
// module that returns it takes the same ref from here instead of importing that module's GraphQL face.
import { getRefFromModel, type PrismaObjectRef } from '@pothos/plugin-prisma';
import type PrismaTypes from '../generated/pothos-types';
import { builder } from './builder';

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

/** Defined by server/modules/groups/groups.graphql.ts. */
export const GroupRef = getRefFromModel('Group', builder, 'object') as PrismaObjectRef<BuilderTypes, PrismaTypes['Group']>;

/** Defined by server/modules/files/files.graphql.ts. */
export const StoredFileRef = getRefFromModel('StoredFile', builder, 'object') as PrismaObjectRef<BuilderTypes, PrismaTypes['StoredFile']>;

/** Defined by server/modules/people/people.graphql.ts. */
export const PersonRoleRef = getRefFromModel('PersonRole', builder, 'object') as PrismaObjectRef<BuilderTypes, PrismaTypes['PersonRole']>;
