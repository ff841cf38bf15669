// "Lascia un feedback" from the user menu: stored first (with the club and the account), then emailed to
// FEEDBACK_EMAIL. A failing mail server never loses the feedback nor bothers the user: the mail waits in the mail
// outbox, which retries it (emailedAt: when the mail was recorded there). A mail that could not even be recorded
// (e.g. throttled) is logged, and emailedAt stays empty so the unsent ones can be found.
import type { Feedback } from '../../generated/prisma/client.js';
import { MSG } from '../../../schema/messages';
import { FEEDBACK_TOPICS, feedbackInput } from '../../../schema/validation/feedback';
import { parseInput } from '../../lib/validate';
import type { RequestContext } from '../../context';
import { formatRomeTime } from '../leads/submit-lead.service';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';

export async function sendFeedback(ctx: RequestContext, raw: unknown): Promise<{ message: string; feedback: Feedback }> {
  const membership = clubMember(ctx);
  const input = parseInput(feedbackInput, raw);
  // Each feedback is a mail to the product team: limited per account and IP before anything is stored.
  await ctx.deps.limits.consume('feedback', { ip: ctx.meta.ip, account: ctx.viewer!.accountId });
  const { log } = ctx.deps;
  const db = clubDb(ctx);
  const feedback = await db.feedback.create({
    data: { clubId: membership.clubId, accountId: ctx.viewer!.accountId, topic: input.topic, message: input.message, page: input.page ?? null },
  });
  log.info({ feedbackId: feedback.id, topic: feedback.topic }, 'feedback stored');
  return { message: MSG.feedbackSent, feedback: await mailFeedback(ctx, feedback) };
}

async function mailFeedback(ctx: RequestContext, feedback: Feedback): Promise<Feedback> {
  const { mailer, config, log } = ctx.deps;
  const db = clubDb(ctx);
  try {
    const sender = await db.feedback.findUniqueOrThrow({
      where: { id: feedback.id },
      select: { club: { select: { fullName: true } }, account: { select: { email: true, profile: { select: { firstname: true, lastname: true } } } } },
    });
    const topic = topicLabel(feedback.topic);
    await mailer.send({
      to: config.feedbackEmail,
      subject: `Feedback (${topic.toLowerCase()}) da ${sender.club.fullName}`,
      text: feedbackMailText(feedback, {
        club: sender.club.fullName,
        name: [sender.account?.profile?.firstname, sender.account?.profile?.lastname].filter(Boolean).join(' '),
        email: sender.account?.email ?? 'non disponibile',
      }),
    }, { account: feedback.accountId ?? undefined, ip: ctx.meta.ip }); // to the team: not the club's mail allowance
    return await db.feedback.update({ where: { id: feedback.id }, data: { emailedAt: new Date() } });
  } catch (err) {
    log.error({ err, feedbackId: feedback.id }, 'feedback stored but the email to FEEDBACK_EMAIL failed');
    return feedback;
  }
}

export function topicLabel(topic: string): string {
  return FEEDBACK_TOPICS.find((t) => t.value === topic)?.label ?? topic;
}

function feedbackMailText(feedback: Feedback, sender: { club: string; name: string; email: string }): string {
  const rows: Array<[string, string]> = [
    ['Tipo', topicLabel(feedback.topic)],
    ['Società', sender.club],
    ['Scritto da', sender.name ? `${sender.name} <${sender.email}>` : sender.email],
    ['Pagina', feedback.page ?? 'non indicata'],
    ['Ricevuto il', formatRomeTime(feedback.createdAt)],
  ];
  return (
    'Un utente di CampoBase ha lasciato un feedback.\n\n' +
    rows.map(([label, value]) => `${label}: ${value}`).join('\n') +
    `\n\nMessaggio:\n${feedback.message}\n\nPer rispondere scrivi all'indirizzo indicato sopra.\n`
  );
}
