// Imports every module's GraphQL file (each registers its types on the builder), then builds the schema.
import { builder } from './builder';
import './errors';
import './scalars';
import '../modules/clubs/clubs.graphql';
import '../modules/accounts/accounts.graphql';
import '../modules/accounts/my-account.graphql';
import '../modules/two-factor/two-factor.graphql';
import '../modules/feedback/feedback.graphql';
import '../modules/files/files.graphql';
import '../modules/people/people.graphql';
import '../modules/people/person-link.graphql';
import '../modules/certificates/certificates.graphql';
import '../modules/certificates/certificate-reminders.graphql';
import '../modules/collaborators/collaborators.graphql';
import '../modules/organisations/affiliations.graphql';
import '../modules/organisations/organisation-portal.graphql';
import '../modules/federation/federation.graphql';
import '../modules/federation/webhooks.graphql';
import '../modules/groups/groups.graphql';
import '../modules/posts/posts.graphql';
import '../modules/notifications/notifications.graphql';
import '../modules/leads/leads.graphql';
import '../modules/dashboard/dashboard.graphql';
import '../modules/access-log/access-log.graphql';
import '../modules/imports/imports.graphql';
import '../modules/exports/exports.graphql';

export const schema = builder.toSchema({ sortSchema: true });
