// Parents brought in by an import (issue 36 point 1): the parent columns real files carry (GUARDIAN_COLUMNS: a
// full name, an e-mail, a mobile, for one or two parents, no tax code) become guardians of the row's person. Each
// parent is a person of the registry, found again as the families service finds one given by name (the same name
// with the same e-mail or phone: guardianships.service.ts), among the club's people (read once per 2,000 addresses)
// and the file's earlier rows, so the parent of three children in the file is one person; otherwise a new person
// without a tax code. What a row writes joins the run's set-based writes (import-write.ts); the undo removes the
// guardianships the run added and the parents it created that nothing else holds (import-undo.service.ts).
import { newImportRowId } from './import-ids';
import { GUARDIAN_COLUMNS, IMPORT_MSG } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import { foldText } from '../../../schema/text';
import { optionalEmail, phone } from '../../../schema/validation/fields';
import { CLUB, clubSql } from '../../access/club-sql';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { personKeys } from '../people/save-person.service';
import { fileValue, italianCapitals, quoted, type ColumnMapping, type RowError } from './import-rows';
import type { Cell } from './read-import-file';
import { breathe, type ImportWrites } from './import-write';

const SLOTS = [1, 2] as const;
const phoneRule = phone(MSG.phonePrimaryDigits);

/** Whether the mapping feeds a parent column. */
export const usesGuardians = (mapping: ColumnMapping) => [...mapping.columns, ...mapping.fallbacks].some((c) => c.column.field.startsWith('guardian'));

/** Words that belong to the surname that follows them (Maria De Luca, Anna Dell'Orto). */
const PARTICLES = new Set(['de', 'di', 'da', 'del', 'della', 'dello', 'dei', 'degli', 'delle', 'dal', 'dalla', 'lo', 'la', 'li', 'van', 'von', 'mac', 'mc', 'san', 'santa', 'dell', "dell'", "d'", 'd']);

/**
 * A full name split into first name and surname: where the words of `familyName` (the child's surname) stand at
 * either end, that is the surname; otherwise by the column's order (`surnameFirst`: "Cognome e nome"), the surname
 * taking the particles before it ("Maria De Luca"). Null with fewer than two words.
 */
export function splitFullName(full: string, familyName: string, surnameFirst: boolean): { firstname: string; lastname: string } | null {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  const family = familyName.trim().split(/\s+/).filter(Boolean);
  const same = (part: string[]) => part.length === family.length && foldText(part.join(' ')) === foldText(family.join(' '));
  if (family.length && family.length < words.length) {
    if (same(words.slice(words.length - family.length))) return { firstname: words.slice(0, words.length - family.length).join(' '), lastname: family.length ? words.slice(words.length - family.length).join(' ') : '' };
    if (same(words.slice(0, family.length))) return { firstname: words.slice(family.length).join(' '), lastname: words.slice(0, family.length).join(' ') };
  }
  if (surnameFirst) {
    let end = 1;
    while (end < words.length - 1 && PARTICLES.has(words[end - 1].toLowerCase())) end++;
    return { lastname: words.slice(0, end).join(' '), firstname: words.slice(end).join(' ') };
  }
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(words[start - 1].toLowerCase().replace(/’/g, "'"))) start--;
  return { firstname: words.slice(0, start).join(' '), lastname: words.slice(start).join(' ') };
}

interface KnownParent {
  id: string;
  sortName: string;
  email: string | null;
  phone: string | null;
}

/** One parent of a valid row, as checked: the person it is (found or planned) once the row's person is decided. */
export interface GuardianPlan {
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
}

/** What the run writes for the parents (ImportOutcome.guardianWrites). */
export interface GuardianWrites {
  guardianshipsNew: number;
  peopleNew: number;
  message: string;
}

const cellText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** Checks the parent columns of a file's rows and adds their guardians to the run's writes. */
export class GuardianRows {
  private known: KnownParent[] = [];
  private linked = new Set<string>();
  readonly writes: GuardianWrites = { guardianshipsNew: 0, peopleNew: 0, message: '' };

  private constructor(
    private readonly mapping: ColumnMapping,
    private readonly tidyNames: boolean,
  ) {}

  /**
   * Reads the club's people with the file's parent addresses or phones, and the guardianships of the people already
   * in the club: one statement per 2,000 keys, other requests let in between.
   */
  static async read(ctx: RequestContext, clubId: string, mapping: ColumnMapping, tidyNames: boolean, raws: ReadonlyArray<{ raw: Record<string, unknown> }>, personIds: readonly string[]): Promise<GuardianRows> {
    const rows = new GuardianRows(mapping, tidyNames);
    const db = clubDb(ctx);
    const emails = new Set<string>();
    const phones = new Set<string>();
    for (const { raw } of raws) {
      for (const n of SLOTS) {
        const g = raw[`guardian${n}`] as Record<string, unknown> | undefined;
        const email = optionalEmail.safeParse(g?.emailPrimary);
        if (email.success && email.data) emails.add(email.data);
        const tel = phoneRule.safeParse(g?.phonePrimary);
        if (tel.success && tel.data) phones.add(tel.data);
      }
    }
    const keys = [...[...emails].map((v) => ['e', v] as const), ...[...phones].map((v) => ['p', v] as const)];
    for (let i = 0; i < keys.length; i += 2_000) {
      const part = keys.slice(i, i + 2_000);
      const found = await db.$queryRaw<KnownParent[]>(clubSql(clubId)`
        SELECT p.id::text, p.sort_name AS "sortName", p.email_primary AS email, p.phone_primary AS phone FROM people p
        WHERE p.club_id = ${CLUB} AND (p.email_primary = ANY(${part.filter((k) => k[0] === 'e').map((k) => k[1])}::text[])
                                       OR p.phone_primary = ANY(${part.filter((k) => k[0] === 'p').map((k) => k[1])}::text[]))
        ORDER BY p.created_at, p.id`);
      rows.known.push(...found);
      await breathe();
    }
    for (let i = 0; i < personIds.length; i += 2_000) {
      const found = await db.$queryRaw<Array<{ minor: string; guardian: string }>>(clubSql(clubId)`
        SELECT minor_id::text AS minor, guardian_id::text AS guardian FROM guardianships
        WHERE club_id = ${CLUB} AND minor_id = ANY(${personIds.slice(i, i + 2_000)}::uuid[])`);
      for (const g of found) rows.linked.add(`${g.minor}|${g.guardian}`);
      await breathe();
    }
    return rows;
  }

  private header(field: string): string | null {
    return this.mapping.columns.find((c) => c.column.field === field)?.header ?? GUARDIAN_COLUMNS.find((c) => c.field === field)?.header ?? null;
  }

  private error(line: number, field: string, message: string, cells?: readonly Cell[]): RowError {
    return { row: line, column: this.header(field), field, message: quoted(message, fileValue(this.mapping, field, cells)) };
  }

  /** A valid row's parents checked with the person form's rules; `familyName` is the row's surname. Errors, or the plans. */
  check(line: number, raw: Record<string, unknown>, familyName: string, cells?: readonly Cell[]): { errors: RowError[]; plans: GuardianPlan[] } {
    const errors: RowError[] = [];
    const plans: GuardianPlan[] = [];
    for (const n of SLOTS) {
      const g = (raw[`guardian${n}`] ?? {}) as Record<string, unknown>;
      const name = cellText(g.name);
      if (!name && !cellText(g.emailPrimary) && !cellText(g.phonePrimary)) continue;
      const surnameFirst = /^cognome/i.test(this.header(`guardian${n}.name`) ?? '');
      const split = splitFullName(this.tidyNames ? italianCapitals(name) : name, familyName, surnameFirst);
      if (!split) errors.push(this.error(line, `guardian${n}.name`, IMPORT_MSG.guardianNameRequired, cells));
      const email = optionalEmail.safeParse(g.emailPrimary);
      if (!email.success) errors.push(this.error(line, `guardian${n}.emailPrimary`, MSG.emailInvalid, cells));
      const tel = phoneRule.safeParse(g.phonePrimary);
      if (!tel.success) errors.push(this.error(line, `guardian${n}.phonePrimary`, MSG.phonePrimaryDigits, cells));
      if (split && email.success && tel.success) plans.push({ ...split, email: email.data ?? null, phone: tel.data ?? null });
    }
    return { errors, plans };
  }

  /** The person a parent is: one of the club's or of the file's earlier rows with the same name and address or phone, else new. */
  private personFor(plan: GuardianPlan, minorId: string, writes: ImportWrites): string {
    const sortName = foldText(`${plan.lastname} ${plan.firstname}`);
    const match = this.known.find((k) => k.sortName === sortName && ((plan.email && k.email === plan.email) || (plan.phone && k.phone === plan.phone)));
    if (match) return match.id;
    const id = newImportRowId();
    const fields = { firstname: plan.firstname, lastname: plan.lastname, taxIdCode: null };
    writes.guardianPeopleInserts.push({ id, person_id: minorId, firstname: plan.firstname, lastname: plan.lastname, email_primary: plan.email, phone_primary: plan.phone, ...keyColumns(fields) });
    this.known.push({ id, sortName, email: plan.email, phone: plan.phone });
    this.writes.peopleNew++;
    return id;
  }

  /** Adds the row's guardianships for `minorId` to the run's writes; the fields that change (the row's `changes`). */
  apply(plans: readonly GuardianPlan[], minorId: string, writes: ImportWrites): { changes: string[]; otherRowIds: string[] } {
    const changes: string[] = [];
    plans.forEach((plan, i) => {
      const guardianId = this.personFor(plan, minorId, writes);
      const key = `${minorId}|${guardianId}`;
      if (guardianId === minorId || this.linked.has(key)) return;
      this.linked.add(key);
      writes.guardianshipInserts.push({ id: newImportRowId(), person_id: minorId, guardian_id: guardianId });
      this.writes.guardianshipsNew++;
      changes.push(`guardian${i + 1}.name`);
    });
    return { changes, otherRowIds: [] };
  }

  summary(): GuardianWrites {
    this.writes.message = IMPORT_MSG.guardiansPlanned(this.writes.guardianshipsNew, this.writes.peopleNew);
    return this.writes;
  }
}

function keyColumns(fields: { firstname: string; lastname: string; taxIdCode: null }) {
  const keys = personKeys(fields);
  return { search_text: keys.searchText, sort_name: keys.sortName };
}
