// Telling a person's linked profile that a club did something to their record: an in-app notification (read through
// myNotifications by the linked account) and, when the person has an email, a message.
import type { AppDeps } from '../../context';
import type { Notification, Person, Prisma } from '../../generated/prisma/client.js';

type Db = Prisma.TransactionClient;

export interface NotifyPerson {
  clubId: string;
  person: Pick<Person, 'id' | 'accountId' | 'taxIdCode' | 'emailPrimary'>;
  title: string;
  body: string;
}

/**
 * The account a person record belongs to: the one linked to it, or else the account whose own profile carries the
 * same tax code (the person signed up themselves). null when nobody uses the product under that tax code.
 */
async function linkedAccountId(db: Db, person: NotifyPerson['person']): Promise<string | null> {
  if (person.accountId) return person.accountId;
  const profile = await db.accountProfile.findFirst({
    where: { taxIdCode: { equals: person.taxIdCode, mode: 'insensitive' } },
    select: { accountId: true },
    orderBy: { createdAt: 'asc' },
  });
  return profile?.accountId ?? null;
}

/** Records the notification; call inside the transaction of the change it reports. */
export async function createPersonNotification(db: Db, { clubId, person, title, body }: NotifyPerson): Promise<Notification> {
  return db.notification.create({
    data: { clubId, personId: person.id, accountId: await linkedAccountId(db, person), title, body },
  });
}

/**
 * Emails the notification to the person, after the change is committed: a mail server that is down must not undo
 * the change, so a failure is logged and the notification simply keeps no `emailedTo`.
 */
export async function emailNotification(deps: AppDeps, notification: Notification, to: string | null): Promise<void> {
  if (!to) return;
  try {
    await deps.mailer.send({ to, subject: notification.title, text: notification.body });
    await deps.db.notification.update({ where: { id: notification.id }, data: { emailedTo: to } });
  } catch (err) {
    deps.log.error({ err, notificationId: notification.id }, 'notification email failed');
  }
}
