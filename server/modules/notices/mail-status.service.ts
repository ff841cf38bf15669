// How mail reaches a person (issue 39 points 2-3): whether they take notices by e-mail (one-click unsubscribe from a
// mail, or their area; required and urgent notices go all the same) and whether their address is failing (bounces:
// three permanent failures block it, see mail-bounces.ts). The secretary sees it on the person's page and clears a
// block; the person sees and clears it in their area, where they also turn notices by e-mail off and on again.
import { NOTICE_MSG } from '../../../schema/messages-notices';
import { authorizePeopleKinds } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { familyClubs, noticeDoor } from '../../access/cross-club';
import { clubDb } from '../../access/request-db';
import type { RequestContext, Scope } from '../../context';
import type { PersonMailStatus, PrismaClient } from '../../generated/prisma/client.js';
import { isUuid, type Db } from '../../lib/club-rows';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';
import { myMailSettingsInput } from '../../../schema/validation/notices';
import { findClubRole } from '../people/people.policy';

export interface MailStatusView {
  personId: string;
  email: string | null;
  /** Notices by e-mail (false: only required and urgent ones are mailed). */
  noticesByEmail: boolean;
  /** The current address is blocked: no mail goes to it until cleared or changed. */
  blocked: boolean;
  blockedAt: Date | null;
  /** Permanent failures of the current address. */
  failures: number;
  lastFailure: string | null;
  lastFailureAt: Date | null;
  lastFailurePermanent: boolean | null;
  complainedAt: Date | null;
}

const sameAddress = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** A person's status as it bears on their current address (failures of an old address are not theirs any more). */
export function mailStatusView(person: { id: string; emailPrimary: string | null }, status: PersonMailStatus | null): MailStatusView {
  const current = status && sameAddress(status.email, person.emailPrimary) ? status : null;
  return {
    personId: person.id,
    email: person.emailPrimary,
    noticesByEmail: !status?.noticesEmailOffAt,
    blocked: !!current?.blockedAt,
    blockedAt: current?.blockedAt ?? null,
    failures: current?.failures ?? 0,
    lastFailure: current?.lastFailure ?? null,
    lastFailureAt: current?.lastFailureAt ?? null,
    lastFailurePermanent: current?.lastFailurePermanent ?? null,
    complainedAt: status?.complainedAt ?? null,
  };
}

async function statusOf(db: Db, clubId: string, person: { id: string; emailPrimary: string | null }): Promise<MailStatusView> {
  return mailStatusView(person, await db.personMailStatus.findFirst({ where: { clubId, personId: person.id } }));
}

/** Clears the block and the failures of a person's address (in the caller's transaction). */
async function clearBlock(db: Db, clubId: string, personId: string): Promise<void> {
  await db.personMailStatus.updateMany({
    where: { clubId, personId },
    data: { failures: 0, blockedAt: null, lastFailure: null, lastFailureAt: null, lastFailurePermanent: null },
  });
}

// ---- The club's staff: the person's page ----

/** The mail status of the person of role `roleId` (a role the viewer may read; any other is unknown). */
export async function personMailStatus(ctx: RequestContext, roleId: unknown): Promise<MailStatusView> {
  const { clubId, kinds } = authorizePeopleKinds(ctx, 'read');
  const db = clubDb(ctx);
  const role = await findClubRole(db, clubId, roleId, kinds);
  return statusOf(db, clubId, role.person);
}

/** Unblocks the address of the person of role `roleId` (a role the viewer may write), e.g. after checking it with them. */
export async function clearEmailBlock(ctx: RequestContext, roleId: unknown): Promise<{ message: string; status: MailStatusView }> {
  const { clubId, kinds } = authorizePeopleKinds(ctx, 'write');
  const db = clubDb(ctx);
  const role = await findClubRole(db, clubId, roleId, kinds);
  const before = await statusOf(db, clubId, role.person);
  if (!before.blocked && !before.failures) throw new ValidationError({ roleId: NOTICE_MSG.notBlocked }, NOTICE_MSG.notBlocked);
  await db.$transaction(async (tx) => {
    await clearBlock(tx, clubId, role.person.id);
    describeChange(tx, {
      action: 'update',
      entityType: 'person',
      entityId: role.person.id,
      personId: role.person.id,
      entityLabel: `${role.person.firstname} ${role.person.lastname}`,
      detail: `Indirizzo e-mail sbloccato (${role.person.emailPrimary ?? ''})`,
    });
  });
  return { message: NOTICE_MSG.blockCleared, status: await statusOf(db, clubId, role.person) };
}

// ---- A mail's link: one-click unsubscribe (RFC 8058) and its undo, no session ----

async function linkRecipient(scope: Pick<Scope, 'deps'>, token: unknown): Promise<{ db: PrismaClient; clubId: string; personId: string; clubName: string }> {
  if (typeof token !== 'string' || !/^[\w-]{20,100}$/.test(token)) throw new NotFoundError();
  const door = await noticeDoor(scope, hashToken(token));
  if (!door) throw new NotFoundError();
  const { clubId } = door.recipient;
  const row = await door.db.noticeRecipient.findFirstOrThrow({ where: { id: door.recipient.id, clubId }, select: { personId: true, club: { select: { fullName: true } } } });
  return { db: door.db, clubId, personId: row.personId, clubName: row.club.fullName };
}

async function setNoticesByEmail(db: Db, clubId: string, personId: string, on: boolean, now: Date): Promise<void> {
  const person = await db.person.findFirstOrThrow({ where: { clubId, id: personId }, select: { emailPrimary: true } });
  await db.personMailStatus.upsert({
    where: { personId },
    create: { personId, clubId, email: person.emailPrimary, noticesEmailOffAt: on ? null : now },
    update: on ? { noticesEmailOffAt: null, complainedAt: null } : { noticesEmailOffAt: now },
  });
}

/** Turns notices by e-mail off for the recipient a mail's link names (the mail client's one-click, or the link's page). */
export async function unsubscribeByToken(scope: Pick<Scope, 'deps'>, token: unknown): Promise<{ message: string }> {
  const { db, clubId, personId, clubName } = await linkRecipient(scope, token);
  await setNoticesByEmail(db, clubId, personId, false, scope.deps.now());
  return { message: NOTICE_MSG.unsubscribed(clubName) };
}

/** Turns them on again from the same link (an unsubscribe by mistake). */
export async function resubscribeByToken(scope: Pick<Scope, 'deps'>, token: unknown): Promise<{ message: string }> {
  const { db, clubId, personId, clubName } = await linkRecipient(scope, token);
  await setNoticesByEmail(db, clubId, personId, true, scope.deps.now());
  return { message: NOTICE_MSG.resubscribed(clubName) };
}

// ---- The personal area: the account's own person in each club of its family ----

export interface MyMailSettings extends MailStatusView {
  clubName: string;
}

/** The account's own people (one per club of its family): how mail reaches each. */
export async function myMailSettings(ctx: RequestContext): Promise<MyMailSettings[]> {
  const all: MyMailSettings[] = [];
  for (const { clubId, members, db } of await familyClubs(ctx)) {
    const own = [...new Set(members.map((m) => m.actingPersonId))];
    const people = await db.person.findMany({ where: { clubId, id: { in: own } }, select: { id: true, emailPrimary: true, club: { select: { fullName: true } } } });
    const statuses = new Map((await db.personMailStatus.findMany({ where: { clubId, personId: { in: own } } })).map((s) => [s.personId, s]));
    for (const p of people) all.push({ ...mailStatusView(p, statuses.get(p.id) ?? null), clubName: p.club.fullName });
  }
  return all.sort((a, b) => a.clubName.localeCompare(b.clubName, 'it'));
}

/** The account's own person `personId` and its club's client; NotFound for anyone else (their children included). */
async function ownPerson(ctx: RequestContext, personId: unknown) {
  if (!isUuid(personId)) throw new NotFoundError();
  for (const { clubId, members, db } of await familyClubs(ctx)) {
    if (members.some((m) => m.actingPersonId === personId)) return { clubId, db };
  }
  throw new NotFoundError();
}

export async function saveMyMailSettings(ctx: RequestContext, raw: unknown): Promise<{ message: string; settings: MyMailSettings }> {
  const input = parseInput(myMailSettingsInput, raw);
  const { clubId, db } = await ownPerson(ctx, input.personId);
  await db.$transaction((tx) => setNoticesByEmail(tx, clubId, input.personId, input.noticesByEmail, ctx.deps.now()));
  return { message: NOTICE_MSG.mailSettingsSaved, settings: (await myMailSettings(ctx)).find((s) => s.personId === input.personId)! };
}

/** The person clears their own address's block (they know it works again, or fixed their mailbox). */
export async function clearMyEmailBlock(ctx: RequestContext, personId: unknown): Promise<{ message: string; settings: MyMailSettings }> {
  const { clubId, db } = await ownPerson(ctx, personId);
  const id = personId as string;
  const before = (await myMailSettings(ctx)).find((s) => s.personId === id)!;
  if (!before.blocked && !before.failures) throw new ValidationError({ personId: NOTICE_MSG.notBlocked }, NOTICE_MSG.notBlocked);
  await db.$transaction((tx) => clearBlock(tx, clubId, id));
  return { message: NOTICE_MSG.blockCleared, settings: (await myMailSettings(ctx)).find((s) => s.personId === id)! };
}
