// GraphQL face of the account's own pages (user menu: Profilo, Sicurezza): profile update, password change, the
// active sessions and ending them. They need a session, not a club. Thin adapters over the services.
import { builder } from '../../graphql/builder';
import { NotFoundError, RateLimitError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { changePassword } from './change-password.service';
import { mySessionsArgs, revokeMySession, revokeOtherSessions } from './account-sessions.service';
import { deviceLabel } from './device-label';
import { updateMyProfile } from './update-profile.service';

builder.prismaObject('Session', {
  name: 'AccountSession',
  description: 'A signed-in device of the account (the token itself is never shown).',
  fields: (t) => ({
    id: t.exposeID('id'),
    userAgent: t.exposeString('userAgent', { nullable: true }),
    deviceLabel: t.string({
      description: 'Readable browser and system, e.g. "Chrome su Windows".',
      select: { userAgent: true },
      resolve: (s) => deviceLabel(s.userAgent),
    }),
    ip: t.exposeString('ip', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Sign-in time.' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', description: 'Last request, to within 5 minutes.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    current: t.boolean({
      description: 'The session making this request ("Questo dispositivo").',
      resolve: (s, _args, ctx) => s.id === ctx.viewer?.sessionId,
    }),
  }),
});

const UpdateMyProfileInput = builder.inputType('UpdateMyProfileInput', {
  description: 'Fields are optional in the schema so that missing ones come back as ValidationError with Italian messages.',
  fields: (t) => ({
    firstname: t.string(),
    lastname: t.string(),
    nickname: t.string({ description: 'Blank clears it.' }),
    birthday: t.string({ description: 'YYYY-MM-DD; blank clears it.' }),
    taxIdCode: t.string(),
  }),
});

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  fields: (t) => ({
    currentPassword: t.string(),
    newPassword: t.string({ description: 'At least 8 characters.' }),
    newPasswordConfirmation: t.string(),
  }),
});

const UpdateMyProfilePayload = builder.objectRef<{ message: string; accountId: string }>('UpdateMyProfilePayload').implement({
  fields: (t) => ({
    message: t.exposeString('message', { description: "'Modifiche salvate'" }),
    account: t.prismaField({
      type: 'Account',
      resolve: (query, payload, _args, ctx) => ctx.deps.db.account.findUniqueOrThrow({ ...query, where: { id: payload.accountId } }),
    }),
  }),
});

const ChangePasswordPayload = builder.objectRef<{ message: string; revokedSessions: number }>('ChangePasswordPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message', { description: "'Password aggiornata con successo'" }),
    revokedSessions: t.exposeInt('revokedSessions', { description: 'Other sessions of the account ended by the change.' }),
  }),
});

const RevokeSessionPayload = builder.objectRef<{ message: string; current: boolean }>('RevokeSessionPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    current: t.exposeBoolean('current', { description: 'The ended session was the one making the request (a logout).' }),
  }),
});

const RevokeOtherSessionsPayload = builder.objectRef<{ message: string; count: number }>('RevokeOtherSessionsPayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), count: t.exposeInt('count') }),
});

builder.queryField('mySessions', (t) =>
  t.prismaField({
    type: ['Session'],
    description: "The signed-in account's active sessions (not revoked, not expired), most recently used first.",
    resolve: (query, _root, _args, ctx) => ctx.deps.db.session.findMany({ ...query, ...mySessionsArgs(ctx) }),
  }),
);

builder.mutationFields((t) => ({
  updateMyProfile: t.field({
    type: UpdateMyProfilePayload,
    description: "Saves the signed-in account's profile (the email is the login and is not changed here).",
    args: { input: t.arg({ type: UpdateMyProfileInput, required: true }) },
    errors: { types: [ValidationError, UnauthenticatedError] },
    resolve: (_root, { input }, ctx) => updateMyProfile(ctx, input),
  }),
  changePassword: t.field({
    type: ChangePasswordPayload,
    description: 'Checks the current password, sets the new one and ends every other session of the account.',
    args: { input: t.arg({ type: ChangePasswordInput, required: true }) },
    errors: { types: [ValidationError, RateLimitError, UnauthenticatedError] },
    resolve: (_root, { input }, ctx) => changePassword(ctx, input),
  }),
  revokeSession: t.field({
    type: RevokeSessionPayload,
    description: "Ends one of the account's own active sessions; any other id is NotFoundError.",
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError, UnauthenticatedError] },
    resolve: (_root, { id }, ctx) => revokeMySession(ctx, id),
  }),
  revokeOtherSessions: t.field({
    type: RevokeOtherSessionsPayload,
    description: 'Ends every active session of the account except the current one.',
    errors: { types: [UnauthenticatedError] },
    resolve: (_root, _args, ctx) => revokeOtherSessions(ctx),
  }),
}));
