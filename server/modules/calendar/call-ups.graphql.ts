// GraphQL face of call-ups (issue 38 point 2): the staff's (candidates with their checks, sending, the answers,
// reminders, withdrawing), the family's (their call-ups and answers in the personal area) and the mail link's (no
// session: the token). Thin adapters over call-ups.service.ts; who may call each field is the operation table's.
import { CALL_UP_RESPONSES, EVENT_KIND_LABELS, minutesToTime } from '../../../schema/validation/calendar';
import { builder } from '../../graphql/builder';
import { dayOf } from '../../lib/date-columns';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { answerCallUpByToken, answerMyCallUp, callUpByToken, callUpCandidates, callUpList, myCallUps, remindCallUps, sendCallUps, withdrawCallUp, type CallUpRow, type CallUpView, type CheckedAthlete } from './call-ups.service';

const writeErrors = [ValidationError, ConflictError, NotFoundError, ForbiddenError, UnauthenticatedError];
const ResponseEnum = builder.enumType('CallUpResponse', { description: 'si, no, forse', values: CALL_UP_RESPONSES });

const CandidateRef = builder.objectRef<CheckedAthlete>('CallUpCandidate').implement({
  description: 'An athlete of the event\'s groups with what blocks a call-up (empty: eligible).',
  fields: (t) => ({ personId: t.exposeID('personId'), name: t.exposeString('name'), blockers: t.exposeStringList('blockers') }),
});

const EntryRef = builder.objectRef<CallUpRow>('CallUpEntry').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => r.callUp.id }),
    personId: t.id({ resolve: (r) => r.callUp.personId }),
    name: t.exposeString('name'),
    response: t.field({ type: ResponseEnum, nullable: true, resolve: (r) => r.callUp.response }),
    responseNote: t.string({ nullable: true, resolve: (r) => r.callUp.responseNote }),
    respondedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.callUp.respondedAt }),
    deadline: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.callUp.deadline }),
    remindedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.callUp.remindedAt }),
    blockersAtCallUp: t.stringList({ description: 'What blocked the athlete when called up (overridden).', resolve: (r) => r.callUp.blockers }),
    overrideReason: t.string({ nullable: true, resolve: (r) => r.callUp.overrideReason }),
    blockersNow: t.stringList({ description: 'The checks as they stand now, for the day.', resolve: (r) => r.blockersNow }),
    minor: t.exposeBoolean('minor', { description: 'Under 18 on the day: a school-absence letter concerns them.' }),
    school: t.exposeString('school', { nullable: true, description: 'The school the athlete attends, if the club knows it.' }),
  }),
});

const ViewRef = builder.objectRef<CallUpView>('CallUpView').implement({
  description: 'A call-up as the athlete or a guardian sees it.',
  fields: (t) => ({
    id: t.id({ resolve: (v) => v.callUp.id }),
    personName: t.exposeString('personName'),
    clubName: t.exposeString('clubName'),
    kind: t.string({ resolve: (v) => EVENT_KIND_LABELS[v.event.kind] }),
    title: t.string({ resolve: (v) => v.event.title }),
    opponent: t.string({ nullable: true, resolve: (v) => v.event.opponent }),
    home: t.boolean({ nullable: true, resolve: (v) => v.event.home }),
    date: t.exposeString('date'),
    startTime: t.string({ resolve: (v) => minutesToTime(v.startMinute) }),
    venue: t.exposeString('venue', { nullable: true }),
    meetingTime: t.string({ nullable: true, resolve: (v) => (v.event.meetingMinute === null ? null : minutesToTime(v.event.meetingMinute)) }),
    meetingPlace: t.string({ nullable: true, resolve: (v) => v.event.meetingPlace }),
    occursOn: t.string({ resolve: (v) => dayOf(v.callUp.occursOn)! }),
    deadline: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.callUp.deadline }),
    response: t.field({ type: ResponseEnum, nullable: true, resolve: (v) => v.callUp.response }),
    responseNote: t.string({ nullable: true, resolve: (v) => v.callUp.responseNote }),
    open: t.exposeBoolean('open', { description: 'Answers are still taken (before the deadline, not withdrawn or cancelled).' }),
  }),
});

const AnswerInput = builder.inputType('CallUpAnswerInput', { fields: (t) => ({ response: t.field({ type: ResponseEnum, required: true }), note: t.string() }) });
const AnswerPayload = builder.objectRef<{ message: string; view: CallUpView }>('CallUpAnswerPayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), callUp: t.field({ type: ViewRef, resolve: (p) => p.view }) }),
});

builder.queryFields((t) => ({
  callUpCandidates: t.field({
    type: [CandidateRef],
    description: "The athletes of an event's day with their checks (certificate today and on the day, membership, card).",
    args: { eventId: t.arg.id({ required: true }), occursOn: t.arg.string({ required: true }) },
    errors: { types: [ValidationError, NotFoundError, ForbiddenError, UnauthenticatedError] },
    resolve: (_r, { eventId, occursOn }, ctx) => callUpCandidates(ctx, eventId, occursOn),
  }),
  callUps: t.field({
    type: [EntryRef],
    description: "An event's day's call-ups with the answers and the checks as they stand.",
    args: { eventId: t.arg.id({ required: true }), occursOn: t.arg.string({ required: true }) },
    errors: { types: [ValidationError, NotFoundError, ForbiddenError, UnauthenticatedError] },
    resolve: (_r, { eventId, occursOn }, ctx) => callUpList(ctx, eventId, occursOn),
  }),
  callUpByToken: t.field({ type: ViewRef, nullable: true, description: "The call-up a mail's link names; null when unknown.", args: { token: t.arg.string({ required: true }) }, resolve: (_r, { token }, ctx) => callUpByToken(ctx, token) }),
  myCallUps: t.field({ type: [ViewRef], description: "The call-ups of the account's family from yesterday on.", resolve: (_r, _a, ctx) => myCallUps(ctx) }),
}));

builder.mutationFields((t) => ({
  sendCallUps: t.field({
    type: builder.objectRef<{ sent: number; blocked: CheckedAthlete[]; message: string }>('SendCallUpsPayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), sent: f.exposeInt('sent'), blocked: f.field({ type: [CandidateRef], description: 'Left out: the checks block them and no override was given.', resolve: (p) => p.blocked }) }),
    }),
    args: {
      input: t.arg({
        type: builder.inputType('SendCallUpsInput', {
          fields: (f) => ({
            eventId: f.id({ required: true }),
            occursOn: f.string({ required: true }),
            personIds: f.idList({ required: true }),
            deadline: f.string({ description: 'ISO instant; default: the event\'s start.' }),
            overrides: f.field({ type: [builder.inputType('CallUpOverrideInput', { fields: (g) => ({ personId: g.id({ required: true }), reason: g.string({ required: true }) }) })] }),
          }),
        }),
        required: true,
      }),
    },
    errors: { types: writeErrors },
    resolve: (_r, { input }, ctx) => sendCallUps(ctx, input),
  }),
  remindCallUps: t.field({
    type: builder.objectRef<{ reminded: number; message: string }>('RemindCallUpsPayload').implement({ fields: (f) => ({ message: f.exposeString('message'), reminded: f.exposeInt('reminded') }) }),
    args: { eventId: t.arg.id({ required: true }), occursOn: t.arg.string({ required: true }) },
    errors: { types: writeErrors },
    resolve: (_r, { eventId, occursOn }, ctx) => remindCallUps(ctx, eventId, occursOn),
  }),
  withdrawCallUp: t.field({
    type: builder.objectRef<{ message: string; id: string }>('WithdrawCallUpPayload').implement({ fields: (f) => ({ message: f.exposeString('message'), id: f.exposeID('id') }) }),
    args: { id: t.arg.id({ required: true }) },
    errors: { types: writeErrors },
    resolve: (_r, { id }, ctx) => withdrawCallUp(ctx, id),
  }),
  answerCallUpByToken: t.field({
    type: AnswerPayload,
    args: { token: t.arg.string({ required: true }), input: t.arg({ type: AnswerInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, NotFoundError] },
    resolve: (_r, { token, input }, ctx) => answerCallUpByToken(ctx, token, input),
  }),
  answerMyCallUp: t.field({
    type: AnswerPayload,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: AnswerInput, required: true }) },
    errors: { types: writeErrors },
    resolve: (_r, { id, input }, ctx) => answerMyCallUp(ctx, id, input),
  }),
}));
