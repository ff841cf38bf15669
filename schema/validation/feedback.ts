// "Lascia un feedback" (user menu): a topic, a message and the page it was written from. Shared by the dialog
// and sendFeedback.
import { z } from 'zod';
import { MSG } from '../messages';
import { optionalText, requiredText } from './fields';

export const FEEDBACK_TOPICS = [
  { value: 'suggestion', label: 'Suggerimento' },
  { value: 'problem', label: 'Problema' },
  { value: 'praise', label: 'Apprezzamento' },
] as const;
export type FeedbackTopic = (typeof FEEDBACK_TOPICS)[number]['value'];
export const FEEDBACK_TOPIC_VALUES = FEEDBACK_TOPICS.map((t) => t.value) as [FeedbackTopic, ...FeedbackTopic[]];

export const FEEDBACK_MESSAGE_MAX = 4000;
/** A path inside the app: longer than this is not a path someone was on. */
const FEEDBACK_PAGE_MAX = 500;

export const feedbackInput = z.object({
  topic: z.enum(FEEDBACK_TOPIC_VALUES, { error: MSG.feedbackTopicRequired }),
  message: requiredText(MSG.feedbackMessageRequired).pipe(
    z.string().max(FEEDBACK_MESSAGE_MAX, { error: MSG.feedbackMessageTooLong(FEEDBACK_MESSAGE_MAX) }),
  ),
  page: optionalText.pipe(z.string().max(FEEDBACK_PAGE_MAX, { error: MSG.textTooLong }).optional()),
});
export type FeedbackInput = z.output<typeof feedbackInput>;
