// Notifications of channel messages (issue 39 point 4), by web push like notices (notice-push.ts): each message's
// push goes once its pushAfter has come (at once, or at the end of the club's quiet hours), to every device of every
// account that sits in the channel today (the staff who read it, the families: channel-seats.ts says who, and this
// statement follows the same rules), except the author's and those who muted the channel. Hidden before its time,
// a message is never pushed. Best effort, like every push: the channel itself is what is sure.
import { roleAllows, CLUB_ROLES } from '../../access/permissions';
import type { AppDeps } from '../../context';
import { pushBody, sendPushes, type PushSubscriptionRow } from '../notices/notice-push';

interface DueChannelPush extends PushSubscriptionRow {
  message_id: string;
  group_id: string;
  group_name: string;
  club_name: string;
  author_name: string;
  body: string;
  /** The account reads the channel as staff (the admin's page) rather than in the personal area. */
  staff: boolean;
}

/** The roles that read every channel; a coach reads their groups' only. */
const STAFF_ROLES = CLUB_ROLES.filter((r) => r !== 'allenatore' && roleAllows(r, 'channels.read'));

/** Pushes the messages due at `now` (at most `limit` messages); answers the notifications delivered. */
export async function pushChannelMessages(deps: AppDeps, now: Date, limit: number): Promise<number> {
  const due = await deps.systemDb.$queryRaw<DueChannelPush[]>`
    WITH next AS (
      SELECT id FROM group_messages WHERE push_after IS NOT NULL AND push_after <= ${now} AND hidden_at IS NULL
      ORDER BY push_after, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ), taken AS (
      UPDATE group_messages m SET push_after = NULL FROM next WHERE m.id = next.id
      RETURNING m.id, m.club_id, m.group_id, m.author_account_id, m.author_name, m.body
    ), minors AS (
      SELECT p.id, p.account_id, t.id AS message_id FROM taken t
        JOIN group_members gm ON gm.group_id = t.group_id JOIN person_roles r ON r.id = gm.role_id AND r.archived_at IS NULL
        JOIN people p ON p.id = r.person_id
      WHERE p.birthday IS NOT NULL AND p.birthday > (${now}::date - interval '18 years')::date
    ), readers AS (
      -- the staff
      SELECT t.id AS message_id, ms.account_id, true AS staff FROM taken t JOIN memberships ms ON ms.club_id = t.club_id
      WHERE ms.role::text = ANY(${STAFF_ROLES}::text[]) OR (ms.role = 'allenatore' AND t.group_id = ANY(ms.group_ids))
      UNION
      -- the group's people of age with an account
      SELECT t.id, p.account_id, false FROM taken t
        JOIN group_members gm ON gm.group_id = t.group_id JOIN person_roles r ON r.id = gm.role_id AND r.archived_at IS NULL
        JOIN people p ON p.id = r.person_id
      WHERE p.account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM minors mi WHERE mi.id = p.id AND mi.message_id = t.id)
      UNION
      -- the guardians of its minors
      SELECT mi.message_id, g.account_id, false FROM minors mi JOIN guardianships gs ON gs.minor_id = mi.id JOIN people g ON g.id = gs.guardian_id
      WHERE g.account_id IS NOT NULL
      UNION
      -- its minors with an account, when a guardian of theirs has one too
      SELECT mi.message_id, mi.account_id, false FROM minors mi
      WHERE mi.account_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM guardianships gs JOIN people g ON g.id = gs.guardian_id WHERE gs.minor_id = mi.id AND g.account_id IS NOT NULL)
    ), accounts AS (
      SELECT message_id, account_id, bool_or(staff) AS staff FROM readers GROUP BY message_id, account_id
    )
    SELECT t.id::text AS message_id, t.group_id::text, g.name AS group_name, c.full_name AS club_name, t.author_name, t.body, a.staff,
           s.id::text AS subscription_id, s.endpoint, s.p256dh, s.auth
    FROM taken t JOIN accounts a ON a.message_id = t.id JOIN groups g ON g.id = t.group_id JOIN clubs c ON c.id = t.club_id
      JOIN push_subscriptions s ON s.account_id = a.account_id
    WHERE a.account_id IS DISTINCT FROM t.author_account_id
      AND NOT EXISTS (SELECT 1 FROM group_channel_states st WHERE st.group_id = t.group_id AND st.account_id = a.account_id AND st.muted_at IS NOT NULL)`;
  const base = deps.config.publicUrl.replace(/\/$/, '');
  return sendPushes(
    deps,
    due.map((p) => ({
      device: p,
      payload: {
        title: `${p.group_name}: ${p.author_name}`,
        body: pushBody(`${p.club_name}: ${p.body}`),
        url: p.staff ? `${base}/canali/${p.group_id}` : `${base}/area/canali/${p.group_id}`,
        tag: `canale-${p.group_id}`,
        urgent: false,
      },
    })),
  );
}
