// Consents that follow the law (issue 36 point 2): the club's privacy notice in versions (never edited: a new text is
// a new version), and consents per purpose recorded against the current version, with who gave them (the person, or
// for a minor a guardian, by consentGiver's rule), when, and their withdrawal (the row stays as evidence). A
// purpose's status is its latest consent: dato, negato, revocato, da rinnovare (given against an older version) or
// mancante. Who may call what is in the operation table (consents.read / consents.write, club.write to publish).
import { MSG } from '../../../schema/messages';
import { clubDate } from '../../../schema/club-time';
import {
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSES,
  consentGiver,
  publishPrivacyNoticeInput,
  recordConsentInput,
  type ConsentPurpose,
} from '../../../schema/validation/consents';
import type { RequestContext } from '../../context';
import type { Consent, PrivacyNotice } from '../../generated/prisma/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { isUniqueViolation } from '../../db/sql-state';
import { CLUB, clubSql } from '../../access/club-sql';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';

export const CONSENT_STATUSES = ['dato', 'negato', 'revocato', 'da_rinnovare', 'mancante'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** The club's latest notice version, or null before the first. */
export function currentNotice(db: Db, clubId: string): Promise<PrivacyNotice | null> {
  return db.privacyNotice.findFirst({ where: { clubId }, orderBy: { version: 'desc' } });
}

/** Publishes the next version of the club's privacy notice. */
export async function publishPrivacyNotice(ctx: RequestContext, raw: unknown): Promise<{ notice: PrivacyNotice; message: string }> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(publishPrivacyNoticeInput, raw);
  // Two publications at once: the second meets the unique version and tries once more with the next number.
  for (let attempt = 0; ; attempt++) {
    try {
      return await clubDb(ctx).$transaction(async (tx) => {
        const latest = await currentNotice(tx, clubId);
        const notice = await tx.privacyNotice.create({ data: { clubId, version: (latest?.version ?? 0) + 1, title: input.title, text: input.text, publishedBy: accountId, publishedAt: ctx.deps.now() } });
        describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: `Informativa privacy versione ${notice.version} pubblicata` });
        return { notice, message: MSG.privacyNoticePublished(notice.version) };
      });
    } catch (e) {
      if (!isUniqueViolation(e) || attempt > 2) throw e;
    }
  }
}

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;
const refusal = (field: string, message: string) => new ValidationError({ [field]: message }, message);

/**
 * Records a consent (given or refused) for a purpose about a person, against the current notice: an adult answers
 * for themselves, a minor under 14 through a recorded guardian, from 14 alone for what the law allows.
 */
export async function recordConsent(ctx: RequestContext, raw: unknown): Promise<{ consent: Consent; message: string }> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(recordConsentInput, raw);
  const today = clubDate(ctx.deps.now());
  const givenOn = input.givenOn ?? today;
  if (givenOn > today) throw refusal('givenOn', MSG.consentGivenOnInvalid);
  return clubDb(ctx).$transaction(async (tx) => {
    const person = await tx.person.findFirst({ where: clubRowWhere(clubId, input.personId) });
    if (!person) throw new NotFoundError();
    const notice = await currentNotice(tx, clubId);
    if (!notice) throw new ConflictError(MSG.privacyNoticeMissing);
    const rule = consentGiver(dayOf(person.birthday), givenOn, input.purpose);
    let giver: { firstname: string; lastname: string } | null = null;
    if (input.givenById) {
      if (rule === 'self') throw refusal('givenById', MSG.consentAdultSelf);
      const link = await tx.guardianship.findFirst({ where: { clubId, minorId: person.id, guardianId: input.givenById }, include: { guardian: true } });
      if (!link) throw refusal('givenById', MSG.consentGiverNotGuardian);
      giver = link.guardian;
    } else if (rule === 'guardian') {
      throw refusal('givenById', consentGiver(dayOf(person.birthday), givenOn, 'trattamento_dati') === 'guardian' ? MSG.consentGuardianRequired : MSG.consentGuardianRequiredForPurpose);
    }
    const consent = await tx.consent.create({
      data: { clubId, personId: person.id, purpose: input.purpose, granted: input.granted, noticeId: notice.id, givenById: input.givenById ?? null, givenOn: dateColumn(givenOn), recordedBy: accountId },
    });
    const by = giver ? ` da ${fullName(giver)}` : '';
    describeChange(tx, {
      action: 'update',
      entityType: 'person',
      entityId: person.id,
      personId: person.id,
      entityLabel: fullName(person),
      detail: `Consenso ${CONSENT_PURPOSE_LABELS[input.purpose].toLowerCase()}: ${input.granted ? 'dato' : 'negato'}${by} (informativa v${notice.version})`,
    });
    return { consent, message: MSG.consentRecorded };
  });
}

/** Withdraws a consent: the row stays, with when and by whom it was withdrawn. */
export async function withdrawConsent(ctx: RequestContext, id: unknown): Promise<{ consent: Consent; message: string }> {
  const { clubId, accountId } = clubMember(ctx);
  if (!isUuid(id)) throw new NotFoundError();
  return clubDb(ctx).$transaction(async (tx) => {
    const found = await tx.consent.findFirst({ where: clubRowWhere(clubId, id), include: { person: true } });
    if (!found) throw new NotFoundError();
    if (found.withdrawnAt) throw new ConflictError(MSG.consentAlreadyWithdrawn);
    const consent = await tx.consent.update({ where: { id: found.id }, data: { withdrawnAt: ctx.deps.now(), withdrawnBy: accountId } });
    describeChange(tx, {
      action: 'update',
      entityType: 'person',
      entityId: found.personId,
      personId: found.personId,
      entityLabel: fullName(found.person),
      detail: `Consenso ${CONSENT_PURPOSE_LABELS[found.purpose].toLowerCase()} revocato`,
    });
    return { consent, message: MSG.consentWithdrawn };
  });
}

/** A purpose's status from its latest consent (null: none) and the current notice version. */
export function consentStatus(latest: (Consent & { notice: { version: number } }) | null, currentVersion: number | null): ConsentStatus {
  if (!latest) return 'mancante';
  if (latest.withdrawnAt) return 'revocato';
  if (!latest.granted) return 'negato';
  return currentVersion !== null && latest.notice.version < currentVersion ? 'da_rinnovare' : 'dato';
}

export interface PurposeState {
  purpose: ConsentPurpose;
  status: ConsentStatus;
  giver: 'self' | 'guardian' | 'either';
  latest: (Consent & { notice: { version: number } }) | null;
}

/** Each purpose's status for a person of the club (null: unknown or of another club), and who answers for it today. */
export async function personConsentStates(ctx: RequestContext, personId: unknown): Promise<{ personId: string; states: PurposeState[] } | null> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const person = isUuid(personId) ? await db.person.findFirst({ where: clubRowWhere(clubId, personId), select: { id: true, birthday: true } }) : null;
  if (!person) return null;
  const [notice, consents] = await Promise.all([
    currentNotice(db, clubId),
    db.consent.findMany({ where: { clubId, personId: person.id }, include: { notice: { select: { version: true } } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  ]);
  const today = clubDate(ctx.deps.now());
  const states = CONSENT_PURPOSES.map((purpose) => {
    const latest = consents.find((c) => c.purpose === purpose) ?? null;
    return { purpose, status: consentStatus(latest, notice?.version ?? null), giver: consentGiver(dayOf(person.birthday), today, purpose), latest };
  });
  return { personId: person.id, states };
}

export interface ConsentGap {
  personId: string;
  /** One of the person's active roles: the person page's address (/persona/:roleId). */
  roleId: string;
  firstname: string;
  lastname: string;
  birthday: string | null;
  status: ConsentStatus;
}

/**
 * The people of the club with an active role whose consent for `purpose` is not given against the current notice
 * (missing, refused, withdrawn or given against an older version), by name; `offset` and `first` page them.
 */
export async function consentGaps(ctx: RequestContext, purpose: ConsentPurpose, offset: number, first: number): Promise<{ totalCount: number; items: ConsentGap[] }> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const notice = await currentNotice(db, clubId);
  const current = notice?.id ?? '00000000-0000-0000-0000-000000000000';
  const rows = await db.$queryRaw<Array<ConsentGap & { birthday: Date | null; total: bigint; granted: boolean | null; withdrawn: boolean | null; noticeId: string | null }>>(clubSql(clubId)`
    SELECT p.id::text AS "personId", r.id::text AS "roleId", p.firstname, p.lastname, p.birthday, l.granted, l.withdrawn, l.notice_id::text AS "noticeId", count(*) OVER () AS total
    FROM people p
    JOIN LATERAL (SELECT r.id FROM person_roles r WHERE r.person_id = p.id AND r.club_id = ${CLUB} AND r.archived_at IS NULL
                  ORDER BY r.created_at, r.id LIMIT 1) r ON true
    LEFT JOIN LATERAL (SELECT c.granted, c.withdrawn_at IS NOT NULL AS withdrawn, c.notice_id FROM consents c
                       WHERE c.club_id = ${CLUB} AND c.person_id = p.id AND c.purpose = ${purpose}::"ConsentPurpose"
                       ORDER BY c.created_at DESC, c.id DESC LIMIT 1) l ON true
    WHERE p.club_id = ${CLUB}
      AND NOT COALESCE(l.granted AND NOT l.withdrawn AND l.notice_id = ${current}::uuid, false)
    ORDER BY p.sort_name, p.id
    OFFSET ${offset} LIMIT ${first}`);
  return {
    totalCount: rows.length ? Number(rows[0].total) : offset > 0 ? (await consentGaps(ctx, purpose, 0, 1)).totalCount : 0,
    items: rows.map((r) => ({
      personId: r.personId,
      roleId: r.roleId,
      firstname: r.firstname,
      lastname: r.lastname,
      birthday: dayOf(r.birthday),
      status: r.granted === null ? 'mancante' : r.withdrawn ? 'revocato' : !r.granted ? 'negato' : 'da_rinnovare',
    })),
  };
}
