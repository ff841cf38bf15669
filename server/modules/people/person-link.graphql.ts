// GraphQL face of linking a person record to the person's own account (no legacy REST route: the legacy clients
// had no such flow). Thin adapters over person-link.service.ts.
import { builder } from '../../graphql/builder';
import { ForbiddenError, NotFoundError, RateLimitError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { acceptPersonLink, invitePersonLink } from './person-link.service';

const InvitePersonLinkPayload = builder.objectRef<{ message: string; email: string }>('InvitePersonLinkPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    email: t.exposeString('email', { description: "The address the link was sent to: the person's email on the club's record." }),
  }),
});

const AcceptPersonLinkPayload = builder.objectRef<{ message: string; clubName: string }>('AcceptPersonLinkPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    clubName: t.exposeString('clubName', { description: 'The club whose record is now linked to the account.' }),
  }),
});

builder.mutationFields((t) => ({
  invitePersonLink: t.field({
    type: InvitePersonLinkPayload,
    description:
      "Emails the person (at the email on the X-Club club's record) a single-use link, valid 7 days, to link the record to their own account; the club's notifications about the record then reach that account. Replaces any pending invitation for the person.",
    args: { personId: t.arg.id({ required: true, description: 'Person.id (not a role id).' }) },
    errors: { types: [ValidationError, NotFoundError, RateLimitError, ForbiddenError, UnauthenticatedError] },
    resolve: (_root, { personId }, ctx) => invitePersonLink(ctx, personId),
  }),
  acceptPersonLink: t.field({
    type: AcceptPersonLinkPayload,
    description: 'The signed-in account confirms the link it received by email (the token from /collega-profilo?token=...). Needs a session, not a club.',
    args: { token: t.arg.string({ required: true }) },
    errors: { types: [ValidationError, RateLimitError, UnauthenticatedError] },
    resolve: (_root, { token }, ctx) => acceptPersonLink(ctx, token),
  }),
}));
