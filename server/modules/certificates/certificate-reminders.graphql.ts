// GraphQL face of the certificate reminders: the club's settings, changing them, and the log of what was sent.
import { builder } from '../../graphql/builder';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { clubDb } from '../../access/request-db';
import { certificateReminderLog, updateCertificateReminders } from './reminder-settings.service';

const ReminderSettingsRef = builder.objectRef<{ enabled: boolean; days: number[] }>('CertificateReminderSettings').implement({
  description: 'Medical certificate reminders: sent at each of `days` before expiry (0 = the day itself) while enabled.',
  fields: (t) => ({ enabled: t.exposeBoolean('enabled'), days: t.exposeIntList('days') }),
});

builder.prismaObjectField('Club', 'certificateReminders', (t) =>
  t.field({
    type: ReminderSettingsRef,
    select: { certificateRemindersEnabled: true, certificateReminderDays: true },
    resolve: (club) => ({ enabled: club.certificateRemindersEnabled, days: club.certificateReminderDays }),
  }),
);

const ReminderSettingsInput = builder.inputType('CertificateRemindersInput', {
  fields: (t) => ({
    enabled: t.boolean(),
    days: t.intList({ description: '1 to 6 different days between 0 and 365.' }),
  }),
});

const ReminderSettingsPayload = builder.objectRef<{ message: string; clubId: string }>('CertificateRemindersPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    club: t.prismaField({ type: 'Club', resolve: (query, p, _args, ctx) => clubDb(ctx).club.findUniqueOrThrow({ ...query, where: { id: p.clubId } }) }),
  }),
});

builder.mutationField('updateCertificateReminders', (t) =>
  t.field({
    type: ReminderSettingsPayload,
    description: "Turns the club's certificate reminders on or off and sets their days (club.write).",
    args: { input: t.arg({ type: ReminderSettingsInput, required: true }) },
    errors: { types: [ValidationError, ForbiddenError, UnauthenticatedError, NotFoundError] },
    resolve: (_root, { input }, ctx) => updateCertificateReminders(ctx, input),
  }),
);

type LogRow = Awaited<ReturnType<typeof certificateReminderLog>>[number];

const ReminderEntryRef = builder.objectRef<LogRow>('CertificateReminderEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    day: t.string({ description: "The club's day it was due, YYYY-MM-DD.", resolve: (r) => r.day.toISOString().slice(0, 10) }),
    daysBefore: t.exposeInt('daysBefore'),
    recipient: t.exposeString('recipient', { nullable: true, description: 'Null when the person has no email address (listed in the staff digest).' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
    error: t.exposeString('error', { nullable: true, description: 'Why the last attempt failed (it is retried).' }),
    expiresOn: t.string({ resolve: (r) => r.certificate.expiresOn.toISOString().slice(0, 10) }),
    personId: t.exposeID('personId'),
    personName: t.string({ resolve: (r) => `${r.certificate.person.firstname} ${r.certificate.person.lastname}` }),
  }),
});

builder.queryField('certificateReminderLog', (t) =>
  t.field({
    type: [ReminderEntryRef],
    description: 'The latest certificate reminders of the club, newest first (health.read).',
    args: { first: t.arg.int({ description: '1 to 200, default 50.' }) },
    resolve: (_root, { first }, ctx) => certificateReminderLog(ctx, first),
  }),
);
