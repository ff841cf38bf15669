// GraphQL face of two-factor sign-in: the account's own setting (Security page), the club's requirement (settings
// page) and login's second-step answer. Thin adapters over the services; the second step itself
// (completeTwoFactorLogin) sits beside login in accounts.graphql.ts.
import { BaseErrorRef } from '../../graphql/errors';
import { builder } from '../../graphql/builder';
import { clubDb } from '../../access/request-db';
import { ConflictError, ForbiddenError, RateLimitError, TwoFactorChallengeError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { setClubTwoFactorRequirement } from './club-requirement.service';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
  type RecoveryCodesResult,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from './two-factor.service';

builder.objectType(TwoFactorChallengeError, {
  name: 'TwoFactorChallengeError',
  description:
    'login: the password is right and the account signs in with a second factor. No session yet: send `challenge` with the code to completeTwoFactorLogin before `expiresAt` (5 minutes, single use).',
  interfaces: [BaseErrorRef],
  fields: (t) => ({
    challenge: t.exposeString('challenge'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

const TwoFactorStatusRef = builder.objectRef<TwoFactorStatus>('TwoFactorStatus').implement({
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled', { description: 'Two-factor sign-in is on (set up and confirmed).' }),
    enabledAt: t.expose('enabledAt', { type: 'DateTime', nullable: true }),
    recoveryCodesLeft: t.exposeInt('recoveryCodesLeft', { description: 'Recovery codes not used yet.' }),
    sessionVerified: t.exposeBoolean('sessionVerified', {
      description: 'The session making the request passed the second factor (at sign-in, or by turning it on).',
    }),
  }),
});

const TwoFactorSetupRef = builder.objectRef<TwoFactorSetup>('TwoFactorSetup').implement({
  description: 'A new secret for the authenticator app, not active until confirmTwoFactorSetup; never shown again once confirmed.',
  fields: (t) => ({
    secret: t.exposeString('secret', { description: 'Base32, for typing into the app by hand.' }),
    otpauthUri: t.exposeString('otpauthUri', { description: 'otpauth://totp/CampoBase:<email>?secret=...: what the QR code carries.' }),
    qrCodeSvg: t.exposeString('qrCodeSvg', { description: 'The QR code as an SVG document.' }),
  }),
});

const RecoveryCodesPayload = builder.objectRef<RecoveryCodesResult>('RecoveryCodesPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    recoveryCodes: t.exposeStringList('recoveryCodes', { description: 'Shown this once (12 characters each; dashes and case are ignored when typed).' }),
  }),
});

const TwoFactorMessagePayload = builder.objectRef<{ message: string }>('TwoFactorMessagePayload').implement({
  fields: (t) => ({ message: t.exposeString('message') }),
});

const ClubTwoFactorRequirementPayload = builder.objectRef<{ message: string; clubId: string }>('ClubTwoFactorRequirementPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    club: t.prismaField({
      type: 'Club',
      resolve: (query, payload, _args, ctx) => clubDb(ctx).club.findUniqueOrThrow({ ...query, where: { id: payload.clubId } }),
    }),
  }),
});

const ConfirmTwoFactorInput = builder.inputType('ConfirmTwoFactorInput', {
  fields: (t) => ({ code: t.string({ description: "The app's current 6-digit code." }) }),
});

const TwoFactorProofInput = builder.inputType('TwoFactorProofInput', {
  description: 'The password, or a current code (6 digits from the app, or a recovery code): one of the two.',
  fields: (t) => ({ password: t.string(), code: t.string() }),
});

builder.prismaObjectField('Club', 'requireTwoFactorForHealth', (t) =>
  t.exposeBoolean('requireTwoFactorForHealth', {
    description: 'Roles that read health data must sign in with the second factor to act in this club.',
  }),
);

builder.queryField('myTwoFactor', (t) =>
  t.field({
    type: TwoFactorStatusRef,
    description: "The signed-in account's two-factor sign-in.",
    resolve: (_root, _args, ctx) => twoFactorStatus(ctx),
  }),
);

const accountRefusals = [ValidationError, ConflictError, RateLimitError, UnauthenticatedError];

builder.mutationFields((t) => ({
  startTwoFactorSetup: t.field({
    type: TwoFactorSetupRef,
    description: 'A new TOTP secret for the signed-in account (replaces an unconfirmed one). ConflictError when two-factor sign-in is already on.',
    errors: { types: [ConflictError, UnauthenticatedError] },
    resolve: (_root, _args, ctx) => startTwoFactorSetup(ctx),
  }),
  confirmTwoFactorSetup: t.field({
    type: RecoveryCodesPayload,
    description: "Turns two-factor sign-in on with the app's first code; this session counts as verified. Answers 10 recovery codes.",
    args: { input: t.arg({ type: ConfirmTwoFactorInput, required: true }) },
    errors: { types: accountRefusals },
    resolve: (_root, { input }, ctx) => confirmTwoFactorSetup(ctx, input),
  }),
  disableTwoFactor: t.field({
    type: TwoFactorMessagePayload,
    description: 'Turns two-factor sign-in off (password or a current code). Clubs that require it refuse the account until it is on again.',
    args: { input: t.arg({ type: TwoFactorProofInput, required: true }) },
    errors: { types: accountRefusals },
    resolve: (_root, { input }, ctx) => disableTwoFactor(ctx, input),
  }),
  regenerateRecoveryCodes: t.field({
    type: RecoveryCodesPayload,
    description: 'New recovery codes (password or a current code); the previous ones stop working.',
    args: { input: t.arg({ type: TwoFactorProofInput, required: true }) },
    errors: { types: accountRefusals },
    resolve: (_root, { input }, ctx) => regenerateRecoveryCodes(ctx, input),
  }),
  setClubTwoFactorRequirement: t.field({
    type: ClubTwoFactorRequirementPayload,
    description:
      'Owner and admin (club.write): require the second factor of the roles that read health data in the X-Club club. Turning it on needs a session that passed the second factor (ConflictError otherwise).',
    args: { required: t.arg.boolean({ required: true }) },
    errors: { types: [ValidationError, ConflictError, ForbiddenError, UnauthenticatedError] },
    resolve: (_root, { required }, ctx) => setClubTwoFactorRequirement(ctx, { required }),
  }),
}));
