// GraphQL face of the bulk actions on the people lists (issue 15): archivePeople here, assignPeopleToGroup and
// unassignPeopleFromGroup in groups.graphql.ts; all answer a BulkPeoplePayload (server/graphql/bulk-payload.ts).
// Thin: the rules live in the services.
import { builder } from '../../graphql/builder';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { archivePeople } from './archive-people.service';
import { BulkPeoplePayload } from '../../graphql/bulk-payload';

builder.mutationField('archivePeople', (t) =>
  t.field({
    type: BulkPeoplePayload,
    description: `Archives every role of the selection (1 to 500 ids) in one transaction, or none: an unknown id, another club's, an archived role or one of a kind the viewer may not archive refuses the whole call.`,
    args: { roleIds: t.arg.idList({ required: true }) },
    errors: { types: [ValidationError, ConflictError, NotFoundError, ForbiddenError, UnauthenticatedError] },
    resolve: (_root, { roleIds }, ctx) => archivePeople(ctx, roleIds),
  }),
);
