// GraphQL face of leads: the public `submitLead` mutation and the operators' `leads` connection.
// Thin adapters over the services, which the REST routes (/api/lead, /api/leads/export.csv) call too.
import { LEAD_ROLES, MEMBER_BRACKETS } from '../../../schema/constants';
import { builder } from '../../graphql/builder';
import { RateLimitError, ValidationError } from '../../lib/errors';
import { LEAD_ORDER, leadListWhere } from './list-leads.service';
import { submitLead } from './submit-lead.service';
import { MSG } from '../../../schema/messages';

builder.prismaObject('Lead', {
  description: 'A contact request from the public site. Readable by CampoBase operators only.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone', { description: 'Digits with an optional leading + (normalised on input).' }),
    clubName: t.exposeString('clubName'),
    role: t.exposeString('role', { description: LEAD_ROLES.join(', ') }),
    region: t.exposeString('region', { nullable: true }),
    members: t.exposeString('members', { description: MEMBER_BRACKETS.join(', ') }),
    funnelName: t.exposeString('funnelName', { description: 'The `fn` query parameter of the page it came from; `direct` without one.' }),
    ip: t.exposeString('ip', { nullable: true }),
    userAgent: t.exposeString('userAgent', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const SubmitLeadInput = builder.inputType('SubmitLeadInput', {
  description: 'Fields are optional in the schema so that missing ones come back as ValidationError with Italian messages.',
  fields: (t) => ({
    name: t.string({ description: 'Nome e cognome.' }),
    email: t.string(),
    phone: t.string(),
    clubName: t.string(),
    role: t.string({ description: LEAD_ROLES.join(', ') }),
    region: t.string({ description: 'Optional: one of the 20 Italian regions.' }),
    members: t.string({ description: MEMBER_BRACKETS.join(', ') }),
    funnelName: t.string({ description: 'The funnel (the page\'s `fn` query parameter); `direct` when absent.' }),
  }),
});

const SubmitLeadPayload = builder.objectRef<{ message: string; funnelName: string }>('SubmitLeadPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message', { description: `Italian confirmation for the visitor ('${MSG.leadSent}').` }),
    funnelName: t.exposeString('funnelName', { description: 'The funnel the lead was recorded under.' }),
  }),
});

builder.mutationField('submitLead', (t) =>
  t.field({
    type: SubmitLeadPayload,
    description: 'Public (no session): stores a contact request and emails it to the sales address.',
    args: { input: t.arg({ type: SubmitLeadInput, required: true }) },
    errors: { types: [ValidationError, RateLimitError] },
    resolve: async (_root, { input }, ctx) => {
      const lead = await submitLead(ctx, input);
      return { message: MSG.leadSent, funnelName: lead.funnelName };
    },
  }),
);

builder.queryField('leads', (t) =>
  t.prismaConnection(
    {
      type: 'Lead',
      cursor: 'id',
      description: 'Contact requests, newest first. Operators only: UNAUTHENTICATED without a session, FORBIDDEN for anyone else.',
      args: {
        search: t.arg.string({ description: 'Every word must occur in the name, email, phone or club name; case ignored.' }),
        funnel: t.arg.string({ description: 'Only this funnel (e.g. direct, volantino-2026).' }),
      },
      resolve: async (query, _root, args, ctx) => {
        const selection = { ...query };
        return ctx.deps.db.lead.findMany({ ...selection, where: await leadListWhere(ctx, args), orderBy: LEAD_ORDER });
      },
      totalCount: async (_connection, args, ctx) => ctx.deps.db.lead.count({ where: await leadListWhere(ctx, args) }),
    },
    { name: 'LeadConnection' },
    { name: 'LeadEdge' },
  ),
);
