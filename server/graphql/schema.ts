// Imports every module's GraphQL file (each registers its types on the builder), then builds the schema.
import { builder } from './builder';
import './errors';
import './scalars';
import '../modules/clubs/clubs.graphql';
import '../modules/accounts/accounts.graphql';

export const schema = builder.toSchema({ sortSchema: true });
