// GraphQL face of "Lascia un feedback": one mutation, club-scoped (the feedback names the club it came from).
import { FEEDBACK_TOPIC_VALUES, type FeedbackTopic } from '../../../schema/validation/feedback';
import { builder } from '../../graphql/builder';
import { ForbiddenError, RateLimitError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { sendFeedback } from './send-feedback.service';
import { clubDb } from '../../access/request-db';

const FeedbackTopicEnum = builder.enumType('FeedbackTopic', { values: FEEDBACK_TOPIC_VALUES });

builder.prismaObject('Feedback', {
  fields: (t) => ({
    id: t.exposeID('id'),
    // Stored as text; only the validated values are ever written.
    topic: t.field({ type: FeedbackTopicEnum, select: { topic: true }, resolve: (f) => f.topic as FeedbackTopic }),
    message: t.exposeString('message'),
    page: t.exposeString('page', { nullable: true, description: 'The path the user was on.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const SendFeedbackInput = builder.inputType('SendFeedbackInput', {
  fields: (t) => ({
    topic: t.field({ type: FeedbackTopicEnum }),
    message: t.string({ description: 'At most 4000 characters.' }),
    page: t.string({ description: 'The path inside the app the user was on, e.g. /athlete.' }),
  }),
});

const SendFeedbackPayload = builder.objectRef<{ message: string; feedbackId: string }>('SendFeedbackPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    feedback: t.prismaField({
      type: 'Feedback',
      resolve: (query, payload, _args, ctx) => clubDb(ctx).feedback.findUniqueOrThrow({ ...query, where: { id: payload.feedbackId } }),
    }),
  }),
});

builder.mutationField('sendFeedback', (t) =>
  t.field({
    type: SendFeedbackPayload,
    description: 'Stores the feedback for the X-Club club and emails it to the product team (FEEDBACK_EMAIL). At most 10 per account per hour (RateLimitError).',
    args: { input: t.arg({ type: SendFeedbackInput, required: true }) },
    errors: { types: [ValidationError, RateLimitError, UnauthenticatedError, ForbiddenError] },
    resolve: async (_root, { input }, ctx) => {
      const { message, feedback } = await sendFeedback(ctx, input);
      return { message, feedbackId: feedback.id };
    },
  }),
);
