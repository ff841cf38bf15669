// GraphQL face of the access log: the Registro accessi page (accessLog, accessLogActors) and a person's
// "Modifiche" (personChanges). Thin adapters over access-log.service.ts; the CSV export is access-log.http.ts.
import { ACCESS_LOG_ACTION_KEYS, ACCESS_LOG_ACTIONS, ACCESS_LOG_PAGE_SIZE, type AccessLogAction } from '../../../schema/access-log';
import { memberActor } from '../../access/actor';
import { can } from '../../access/authorize';
import { clubDb } from '../../access/request-db';
import { builder } from '../../graphql/builder';
import type { RequestContext } from '../../context';
import { ACCESS_LOG_ORDER, accessLogActors, accessLogWhere, PERSON_CHANGES_SHOWN, personChangesWhere } from './access-log.service';

const AccessLogActionEnum = builder.enumType('AccessLogAction', {
  description: 'What an access log line records (the Italian labels are schema/access-log.ts).',
  values: Object.fromEntries(ACCESS_LOG_ACTION_KEYS.map((key) => [key, { description: ACCESS_LOG_ACTIONS[key] }])) as Record<
    AccessLogAction,
    { description: string }
  >,
});

/** Where a line came from is for the log's readers (owner, admin), not for everyone who sees a person's changes. */
const readsLog = (ctx: RequestContext) => {
  const actor = memberActor(ctx);
  return actor !== null && can(actor, 'accessLog.read');
};

builder.prismaObject('AccessLogEntry', {
  description: 'One line of the access log: who (an account, or the system), when, what and from where.',
  fields: (t) => ({
    id: t.id({ resolve: (e) => String(e.id) }),
    at: t.expose('at', { type: 'DateTime' }),
    action: t.field({ type: AccessLogActionEnum, resolve: (e) => e.action as AccessLogAction }),
    actorKind: t.exposeString('actorKind', { description: 'account or system.' }),
    actorAccountId: t.exposeID('actorAccountId', { nullable: true }),
    actorName: t.exposeString('actorName', { nullable: true, description: 'As it was when the line was written.' }),
    actorEmail: t.exposeString('actorEmail', { nullable: true, description: 'As it was when the line was written (or as typed at a failed sign-in).' }),
    entityType: t.exposeString('entityType', { nullable: true, description: 'person, group, post, club, file, collaborator, invitation, account, accessLog...' }),
    entityId: t.exposeString('entityId', { nullable: true }),
    entityLabel: t.exposeString('entityLabel', { nullable: true, description: 'The name of what was touched, when the line was written.' }),
    personId: t.exposeID('personId', { nullable: true }),
    detail: t.exposeString('detail', { nullable: true }),
    ip: t.string({ nullable: true, description: 'Null unless the reader may read the log (accessLog.read).', resolve: (e, _args, ctx) => (readsLog(ctx) ? e.ip : null) }),
    userAgent: t.string({ nullable: true, description: 'Null unless the reader may read the log.', resolve: (e, _args, ctx) => (readsLog(ctx) ? e.userAgent : null) }),
  }),
});

const AccessLogFilter = builder.inputType('AccessLogFilter', {
  fields: (t) => ({
    actions: t.field({ type: [AccessLogActionEnum], description: 'Only these actions (none: all).' }),
    actorAccountId: t.id({ description: 'Only what this account did.' }),
    personId: t.id({ description: 'Only what concerns this person.' }),
    search: t.string({ description: "Every word in the actor's name or email, or in the name of what was touched, or in the detail." }),
    from: t.string({ description: 'YYYY-MM-DD, club time zone, included.' }),
    to: t.string({ description: 'YYYY-MM-DD, club time zone, included.' }),
  }),
});

const AccessLogActor = builder.objectRef<{ accountId: string; name: string; email: string }>('AccessLogActor').implement({
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
  }),
});

builder.queryFields((t) => ({
  accessLog: t.prismaConnection(
    {
      type: 'AccessLogEntry',
      cursor: 'id',
      defaultSize: ACCESS_LOG_PAGE_SIZE,
      maxSize: 100,
      description: "The X-Club club's access log, newest first, with filters. Owners and admins (accessLog.read).",
      args: { filter: t.arg({ type: AccessLogFilter }) },
      resolve: async (query, _root, { filter }, ctx) =>
        clubDb(ctx).accessLogEntry.findMany({ ...query, where: await accessLogWhere(ctx, filter ?? {}), orderBy: ACCESS_LOG_ORDER }),
      totalCount: async (_connection, { filter }, ctx) => clubDb(ctx).accessLogEntry.count({ where: await accessLogWhere(ctx, filter ?? {}) }),
    },
    { name: 'AccessLogConnection' },
    { name: 'AccessLogEdge' },
  ),
  accessLogActors: t.field({
    type: [AccessLogActor],
    description: "The club's collaborators, by name: the access log's who filter. Owners and admins.",
    resolve: (_root, _args, ctx) => accessLogActors(ctx),
  }),
  personChanges: t.prismaField({
    type: ['AccessLogEntry'],
    description: `Who created, changed, archived or restored this person, newest first (at most ${PERSON_CHANGES_SHOWN}). For anyone who may see the person.`,
    args: { personId: t.arg.id({ required: true }) },
    resolve: async (query, _root, { personId }, ctx) =>
      clubDb(ctx).accessLogEntry.findMany({ ...query, where: await personChangesWhere(ctx, personId), orderBy: ACCESS_LOG_ORDER, take: PERSON_CHANGES_SHOWN }),
  }),
}));
