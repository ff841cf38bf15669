// Telling a person's linked account that a club did something to their record: an in-app notification (read through
// myNotifications by the linked account) and, when the person has an email on the club's record, a message.
// The account is only ever the one linked by an accepted invitation (people/person-link.service.ts): never one
// found by tax code, which anybody can type into their own profile.
import { clubDb } from '../../access/request-db';
import type { Scope } from '../../context';
import type { Notification, Person, Prisma } from '../../generated/prisma/client.js';
import { RateLimitError } from '../../lib/errors';

type Db = Prisma.TransactionClient;

export interface NotifyPerson {
  clubId: string;
  person: Pick<Person, 'id' | 'accountId' | 'emailPrimary'>;
  title: string;
  body: string;
}

/** Records the notification; call inside the transaction of the change it reports. */
export async function createPersonNotification(db: Db, { clubId, person, title, body }: NotifyPerson): Promise<Notification> {
  return db.notification.create({ data: { clubId, personId: person.id, accountId: person.accountId, title, body } });
}

/**
 * Emails the notification to the person's address on the club's own record, after the change is committed: a mail
 * server that is down, or the club's or the recipient's mail allowance used up, must not undo the change, so the
 * mail is skipped (logged) and the notification simply keeps no `emailedTo`.
 */
export async function emailNotification(scope: Scope, notification: Notification, to: string | null): Promise<void> {
  if (!to) return;
  const { deps } = scope;
  try {
    await deps.mailer.send({ to, subject: notification.title, text: notification.body }, { club: notification.clubId });
    // After the commit, through the club's scope: the notification was just created by the club's own action.
    await clubDb(scope).notification.update({ where: { id: notification.id }, data: { emailedTo: to } });
  } catch (err) {
    if (err instanceof RateLimitError) {
      deps.log.warn({ notificationId: notification.id, clubId: notification.clubId }, 'notification email skipped: mail throttle reached');
    } else {
      deps.log.error({ err, notificationId: notification.id }, 'notification email failed');
    }
  }
}
