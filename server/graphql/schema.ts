// Imports every module's GraphQL file (each registers its types on the builder), then builds the schema.
import { builder } from './builder';
import './errors';
import './scalars';
import '../modules/clubs/clubs.graphql';
import '../modules/accounts/accounts.graphql';
import '../modules/files/files.graphql';
import '../modules/people/people.graphql';
import '../modules/groups/groups.graphql';
import '../modules/posts/posts.graphql';
import '../modules/notifications/notifications.graphql';
import '../modules/leads/leads.graphql';

export const schema = builder.toSchema({ sortSchema: true });
