// Cards (tesseramento) and the libro soci brought in by an import (issue 35 point 4): every row may carry a card of
// the import's season and a register entry with that season's quota. Each row is checked with the card and
// admission forms' own rules (schema/validation/seasons.ts: cardValues, admissionValues, registerNumber,
// quotaCents), matched against what the club already holds (read once per 2,000 keys, never per row), and what it
// writes is added to the run's set-based writes (import-write.ts). Numbers for new soci without one are taken from
// the club's sequence only when the run is written (takeRegisterNumbers, the admission form's numbering).
import { newImportRowId } from './import-ids';
import type { PersonKindKey } from '../../../schema/constants';
import { IMPORT_MSG, SEASON_COLUMNS } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import { fieldErrorsOf } from '../../../schema/validation/fields';
import { admissionValues, cardValues, euroToCents, quotaCents, registerNumber } from '../../../schema/validation/seasons';
import { CLUB, clubSql } from '../../access/club-sql';
import type { Prisma } from '../../generated/prisma/client.js';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { isUuid, type Db } from '../../lib/club-rows';
import { dayOf } from '../../lib/date-columns';
import { ValidationError } from '../../lib/errors';
import { assertSeasonWritable, currentSeason } from '../seasons/seasons.service';
import { takeRegisterNumbers } from '../seasons/register.service';
import { fileValue, quoted, type ColumnMapping, type RowError } from './import-rows';
import type { Cell } from './read-import-file';
import { breathe, type ImportWrites } from './import-write';

export interface ImportSeason {
  id: string;
  label: string;
  startsOn: string;
  endsOn: string;
}

/** What the run writes to the season's cards and the register (ImportOutcome.seasonWrites). */
export interface SeasonWrites {
  seasonId: string;
  seasonLabel: string;
  cardsNew: number;
  cardsUpdated: number;
  membersNew: number;
  /** New soci with the number the file gave (kept as is: a paper register's). */
  membersNumbered: number;
  /** The first number the club's sequence would give the others (a preview's estimate; null when none needs one). */
  firstNextNumber: number | null;
  renewalsNew: number;
  renewalsUpdated: number;
  /** The same in Italian, one sentence per table written (the preview shows them). */
  messages: string[];
}

/** Whether the mapping feeds a card or register column (then the run needs its season). */
export const usesSeason = (mapping: ColumnMapping) =>
  [...mapping.columns, ...mapping.fallbacks].some((c) => c.column.field.startsWith('card.') || c.column.field.startsWith('register.'));
const feeds = (mapping: ColumnMapping, prefix: string) => [...mapping.columns, ...mapping.fallbacks].some((c) => c.column.field.startsWith(prefix));

const refusal = (field: string, message: string) => new ValidationError({ [field]: message }, message);

/** The body for every row of the file (the import page's choice, REST card_body): trimmed, up to the card's 100. */
export function parseCardBody(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const body = String(value).trim();
  if (!body) return null;
  if (body.length > 100) throw refusal('cardBody', MSG.textTooLong);
  return body;
}

/**
 * The import's season: the one the request names (another club's id answers like an unknown one), else the
 * current one; a closed season refuses the import with the seasons' own message. Null when the file writes no card
 * or register row and the request named none.
 */
export async function importSeason(ctx: RequestContext, seasonId: unknown, needed: boolean): Promise<ImportSeason | null> {
  const named = seasonId !== undefined && seasonId !== null && seasonId !== '';
  if (!named && !needed) return null;
  let season;
  if (named) {
    season = isUuid(seasonId) ? await clubDb(ctx).clubSeason.findFirst({ where: { id: seasonId } }) : null;
    if (!season) throw refusal('seasonId', IMPORT_MSG.seasonNotFound);
  } else season = await currentSeason(ctx);
  assertSeasonWritable(season);
  return { id: season.id, label: season.label, startsOn: dayOf(season.startsOn)!, endsOn: dayOf(season.endsOn)! };
}

interface StoredCard {
  id: string;
  personId: string;
  body: string;
  holder: string;
  startsOn: string;
  expiresOn: string;
}
interface StoredMember {
  id: string;
  personId: string;
  number: number;
  exited: boolean;
  holder: string;
  renewal: { id: string; quota_cents: number | null } | null;
}

const cardKey = (body: string, number: string) => `${body.toLowerCase()}\u0000${number}`;
/** A cell as the row carries it (text, or a number from a workbook) trimmed; anything else is blank. */
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const blank = (value: unknown) => text(value) === '';

/** The card and register part of a valid row: what it will write once its person is decided. */
export interface SeasonPlan {
  card?: { body: string; number: string; startsOn: string; expiresOn: string; existing: StoredCard | null };
  register?: { memberId: string; created: boolean; number?: number; admittedOn?: string; boardDecision?: string; boardDecisionOn?: string };
  quotaCents?: number;
  renewal?: StoredMember['renewal'];
}

/** Checks and decides a file's cards and register rows against the club's, row by row. */
export class SeasonRows {
  readonly writes: SeasonWrites;
  private cards = new Map<string, StoredCard>();
  private members = new Map<string, StoredMember>();
  private numbers = new Map<number, StoredMember>();
  private seenCards = new Map<string, number>();
  private seenNumbers = new Map<number, number>();
  private nextNumber = 1;

  private constructor(
    private readonly kind: PersonKindKey,
    private readonly mapping: ColumnMapping,
    readonly season: ImportSeason,
    private readonly fileBody: string | null,
  ) {
    this.writes = { seasonId: season.id, seasonLabel: season.label, cardsNew: 0, cardsUpdated: 0, membersNew: 0, membersNumbered: 0, firstNextNumber: null, renewalsNew: 0, renewalsUpdated: 0, messages: [] };
  }

  /**
   * Reads what the club holds for the file's rows: the season's cards with the file's numbers, the register entries
   * of the people already there or with the file's numbers (and their renewal of the season), the sequence's next
   * number. One statement per 2,000 keys, other requests let in between.
   */
  static async read(
    ctx: RequestContext,
    clubId: string,
    kind: PersonKindKey,
    mapping: ColumnMapping,
    season: ImportSeason,
    fileBody: string | null,
    raws: ReadonlyArray<{ raw: Record<string, unknown> }>,
    personIds: readonly string[],
  ): Promise<SeasonRows> {
    const rows = new SeasonRows(kind, mapping, season, fileBody);
    const db = clubDb(ctx);
    if (feeds(mapping, 'card.')) {
      const numbers = [...new Set(raws.map((r) => text((r.raw.card as Record<string, unknown> | undefined)?.number)).filter(Boolean))];
      for (let i = 0; i < numbers.length; i += 2_000) {
        const found = await db.$queryRaw<StoredCard[]>(clubSql(clubId)`
          SELECT k.id, k.person_id AS "personId", k.body, k.number, concat_ws(' ', p.firstname, p.lastname) AS holder,
                 to_char(k.starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(k.expires_on, 'YYYY-MM-DD') AS "expiresOn"
          FROM cards k JOIN people p ON p.id = k.person_id AND p.club_id = ${CLUB}
          WHERE k.club_id = ${CLUB} AND k.season_id = ${season.id}::uuid AND k.number = ANY(${numbers.slice(i, i + 2_000)}::text[])`);
        for (const card of found as Array<StoredCard & { number: string }>) rows.cards.set(cardKey(card.body, card.number), card);
        await breathe();
      }
    }
    if (feeds(mapping, 'register.')) {
      const numbers = [
        ...new Set(
          raws
            .map((r) => registerNumber.safeParse((r.raw.register as Record<string, unknown> | undefined)?.number))
            .flatMap((p) => (p.success && p.data !== undefined ? [p.data] : [])),
        ),
      ];
      const add = (found: StoredMember[]) => {
        for (const m of found) {
          m.number = Number(m.number);
          rows.numbers.set(m.number, m);
          if (!m.exited) rows.members.set(m.personId, m);
        }
      };
      const select = (where: Prisma.Sql) =>
        db.$queryRaw<StoredMember[]>(clubSql(clubId)`
          SELECT m.id, m.person_id AS "personId", m.number, m.exit_on IS NOT NULL AS exited, concat_ws(' ', p.firstname, p.lastname) AS holder,
                 (SELECT jsonb_build_object('id', s.id, 'quota_cents', s.quota_cents) FROM register_member_seasons s
                  WHERE s.member_id = m.id AND s.season_id = ${season.id}::uuid AND s.club_id = ${CLUB}) AS renewal
          FROM register_members m JOIN people p ON p.id = m.person_id AND p.club_id = ${CLUB}
          WHERE ${where}`);
      for (let i = 0; i < personIds.length; i += 2_000) {
        add(await select(clubSql(clubId)`m.club_id = ${CLUB} AND m.person_id = ANY(${personIds.slice(i, i + 2_000)}::uuid[])`));
        await breathe();
      }
      for (let i = 0; i < numbers.length; i += 2_000) {
        add(await select(clubSql(clubId)`m.club_id = ${CLUB} AND m.number = ANY(${numbers.slice(i, i + 2_000)}::int[])`));
        await breathe();
      }
      const [next] = await db.$queryRaw<Array<{ next: number }>>(clubSql(clubId)`
        SELECT GREATEST(COALESCE((SELECT next_number FROM register_counters WHERE club_id = ${CLUB}), 1),
                        COALESCE((SELECT max(number) + 1 FROM register_members WHERE club_id = ${CLUB}), 1)) AS next`);
      rows.nextNumber = Number(next.next);
    }
    return rows;
  }

  private header(field: string): string | null {
    return [...this.mapping.columns, ...this.mapping.fallbacks].find((c) => c.column.field === field)?.header ?? SEASON_COLUMNS.find((c) => c.field === field)?.header ?? null;
  }

  private error(line: number, field: string, message: string, cells?: readonly Cell[], value?: unknown): RowError {
    return { row: line, column: this.header(field), field, message: quoted(message, fileValue(this.mapping, field, cells) ?? value) };
  }

  /**
   * A valid row's card and register values checked (the forms' rules, then against the club's and the file's
   * earlier rows); `personId` is the person already in the club with the row's tax code. Errors, or the plan.
   */
  check(line: number, raw: Record<string, unknown>, personId: string | undefined, cells?: readonly Cell[]): { errors: RowError[]; plan: SeasonPlan | null } {
    const errors: RowError[] = [];
    const plan: SeasonPlan = {};
    const card = (raw.card ?? {}) as Record<string, unknown>;
    // A body alone writes nothing (a list whose Ente column is filled for everyone, some without a card yet).
    if (['number', 'startsOn', 'expiresOn'].some((k) => !blank(card[k]))) {
      const body = text(card.body) || this.fileBody || '';
      const number = text(card.number);
      const held = body && number ? this.cards.get(cardKey(body, number)) : undefined;
      const existing = held && held.personId === personId ? held : null;
      const parsed = cardValues.safeParse({
        body,
        number,
        startsOn: blank(card.startsOn) ? (existing?.startsOn ?? this.season.startsOn) : card.startsOn,
        expiresOn: blank(card.expiresOn) ? (existing?.expiresOn ?? this.season.endsOn) : card.expiresOn,
      });
      if (!parsed.success) {
        for (const [field, message] of Object.entries(fieldErrorsOf(parsed.error))) errors.push(this.error(line, `card.${field}`, message, cells));
      } else {
        const key = cardKey(parsed.data.body, parsed.data.number);
        const first = this.seenCards.get(key);
        if (first !== undefined) errors.push(this.error(line, 'card.number', IMPORT_MSG.cardRepeated(first)));
        else this.seenCards.set(key, line);
        if (held && !existing) errors.push(this.error(line, 'card.number', IMPORT_MSG.cardHeldBy(held.body, parsed.data.number, held.holder)));
        plan.card = { ...parsed.data, body: existing?.body ?? parsed.data.body, existing };
      }
    }

    const register = (raw.register ?? {}) as Record<string, unknown>;
    if (['number', 'admittedOn', 'boardDecision', 'boardDecisionOn', 'quota'].some((k) => !blank(register[k]))) {
      const number = registerNumber.safeParse(register.number);
      if (!number.success) errors.push(this.error(line, 'register.number', MSG.registerNumberInvalid, cells));
      let cents: number | undefined;
      if (!blank(register.quota)) {
        const typed = euroToCents(text(register.quota));
        const checked = quotaCents.safeParse(typed);
        if (Number.isNaN(typed) || !checked.success) errors.push(this.error(line, 'register.quota', MSG.quotaInEuro, cells));
        else cents = checked.data;
      }
      const open = personId ? this.members.get(personId) : undefined;
      const given = number.success ? number.data : undefined;
      if (open) {
        // In the register already: the entry stays as it is, its number above all.
        if (given !== undefined && given !== open.number) errors.push(this.error(line, 'register.number', IMPORT_MSG.registerNumberKept(open.number, given)));
        plan.register = { memberId: open.id, created: false };
        plan.renewal = open.renewal;
      } else if (given === undefined && blank(register.admittedOn) && blank(register.boardDecision) && blank(register.boardDecisionOn)) {
        if (!blank(register.quota)) errors.push(this.error(line, 'register.quota', IMPORT_MSG.quotaWithoutMember));
      } else {
        const admission = admissionValues.safeParse({ admittedOn: register.admittedOn, boardDecision: register.boardDecision, boardDecisionOn: register.boardDecisionOn });
        if (!admission.success) {
          for (const [field, message] of Object.entries(fieldErrorsOf(admission.error))) errors.push(this.error(line, `register.${field}`, message, cells));
        }
        if (given !== undefined) {
          const holder = this.numbers.get(given);
          const first = this.seenNumbers.get(given);
          if (holder) errors.push(this.error(line, 'register.number', IMPORT_MSG.registerNumberHeldBy(given, holder.holder)));
          else if (first !== undefined) errors.push(this.error(line, 'register.number', IMPORT_MSG.registerNumberRepeated(first)));
          else this.seenNumbers.set(given, line);
        }
        if (admission.success) plan.register = { memberId: newImportRowId(), created: true, number: given, ...admission.data };
      }
      if (cents !== undefined) plan.quotaCents = cents;
    }
    return errors.length ? { errors, plan: null } : { errors, plan: plan.card || plan.register ? plan : null };
  }

  /**
   * Adds what `plan` writes for `personId` to the run's writes: field paths of what changes (the row's `changes`)
   * and the ids of rows it updates (the person's undo record keeps them as they were).
   */
  apply(plan: SeasonPlan, personId: string, writes: ImportWrites): { changes: string[]; otherRowIds: string[] } {
    const changes: string[] = [];
    const otherRowIds: string[] = [];
    const { season } = this;
    if (plan.card) {
      const { body, number, startsOn, expiresOn, existing } = plan.card;
      if (!existing) {
        writes.cardInserts.push({ id: newImportRowId(), person_id: personId, season_id: season.id, body, number, starts_on: startsOn, expires_on: expiresOn });
        this.writes.cardsNew++;
        changes.push('card.number');
      } else if (existing.startsOn !== startsOn || existing.expiresOn !== expiresOn) {
        writes.cardUpdates.push({ id: existing.id, person_id: personId, starts_on: startsOn, expires_on: expiresOn });
        otherRowIds.push(existing.id);
        this.writes.cardsUpdated++;
        if (existing.startsOn !== startsOn) changes.push('card.startsOn');
        if (existing.expiresOn !== expiresOn) changes.push('card.expiresOn');
      }
    }
    const register = plan.register;
    if (register?.created) {
      writes.registerInserts.push({
        id: register.memberId,
        person_id: personId,
        number: register.number ?? null,
        admitted_on: register.admittedOn,
        board_decision: register.boardDecision ?? null,
        board_decision_on: register.boardDecisionOn ?? null,
      });
      this.writes.membersNew++;
      if (register.number !== undefined) this.writes.membersNumbered++;
      changes.push('register.number');
    }
    if (register && plan.quotaCents !== undefined) {
      const renewal = register.created ? null : plan.renewal;
      if (!renewal) {
        // Renewed on the season's first day, or on the admission when it came later (a renewal never precedes it).
        const renewedOn = register.admittedOn && register.admittedOn > season.startsOn ? register.admittedOn : season.startsOn;
        writes.renewalInserts.push({ id: newImportRowId(), person_id: personId, member_id: register.memberId, season_id: season.id, renewed_on: renewedOn, quota_cents: plan.quotaCents });
        this.writes.renewalsNew++;
        changes.push('register.quota');
      } else if (renewal.quota_cents !== plan.quotaCents) {
        writes.renewalUpdates.push({ id: renewal.id, person_id: personId, quota_cents: plan.quotaCents });
        otherRowIds.push(renewal.id);
        this.writes.renewalsUpdated++;
        changes.push('register.quota');
      }
    }
    return { changes, otherRowIds };
  }

  /** The totals, with their Italian sentences (only for what the file carries). */
  summary(): SeasonWrites {
    const w = this.writes;
    const next = w.membersNew - w.membersNumbered;
    let first = this.nextNumber;
    for (const kept of this.seenNumbers.keys()) first = Math.max(first, kept + 1);
    w.firstNextNumber = next ? first : null;
    w.messages = [];
    if (feeds(this.mapping, 'card.')) w.messages.push(IMPORT_MSG.cardsPlanned(w.seasonLabel, w.cardsNew, w.cardsUpdated));
    if (feeds(this.mapping, 'register.')) {
      w.messages.push(IMPORT_MSG.membersPlanned(w.membersNew, w.membersNumbered, next, w.firstNextNumber));
      if (w.renewalsNew || w.renewalsUpdated || [...this.mapping.columns].some((c) => c.column.field === 'register.quota')) {
        w.messages.push(IMPORT_MSG.renewalsPlanned(w.seasonLabel, w.renewalsNew, w.renewalsUpdated));
      }
    }
    return w;
  }
}

/**
 * Gives the run's new soci without a number the next numbers of the club's sequence, in the file's order, after
 * moving the sequence past the numbers the file kept (so a later admission never takes one of them). In the run's
 * first transaction: on PostgreSQL the run's one transaction, so a failed run gives its numbers back.
 */
export async function numberNewMembers(tx: Db, clubId: string, writes: ImportWrites): Promise<void> {
  if (!writes.registerInserts.length) return;
  const unnumbered = writes.registerInserts.filter((m) => m.number === null);
  const highest = writes.registerInserts.reduce((max, m) => Math.max(max, (m.number as number | null) ?? 0), 0);
  const first = await takeRegisterNumbers(tx, clubId, unnumbered.length, highest + 1);
  unnumbered.forEach((m, i) => (m.number = first + i));
}
