// The renewal screen's rows (issue 35 point 3): soci and athletes of the proposal as one list, filtered by kind and
// group or category, each with the key its selection is kept under. Plain data and pure helpers.
import type { SeasonRenewal_ProposalQuery } from '../../../gql/graphql';

type Proposal = SeasonRenewal_ProposalQuery['seasonRenewalProposal'];
export type RenewalKind = 'member' | 'athlete';

export interface RenewalRow {
  key: string;
  kind: RenewalKind;
  id: string;
  name: string;
  groupIds: readonly string[];
  /** Socio: register number, last quota (cents), already renewed. */
  number?: number;
  quotaCents?: number | null;
  renewed?: boolean;
  /** Athlete: categories now and next season's. */
  birthday?: string | null;
  categoryNames?: string[];
  nextCategoryName?: string | null;
  changesCategory?: boolean;
}

export function rowsOf(p: Proposal): RenewalRow[] {
  const categoryName = new Map([...p.categoriesNow, ...p.categoriesNext].map((c) => [c.groupId, c.name]));
  return [
    ...p.members.map((m) => ({
      key: `m:${m.memberId}`,
      kind: 'member' as const,
      id: m.memberId,
      name: `${m.lastname} ${m.firstname}`,
      groupIds: m.groupIds,
      number: m.number,
      quotaCents: m.quotaCents,
      renewed: m.renewed,
    })),
    ...p.athletes.map((a) => ({
      key: `a:${a.roleId}`,
      kind: 'athlete' as const,
      id: a.roleId,
      name: `${a.lastname} ${a.firstname}`,
      groupIds: a.groupIds,
      birthday: a.birthday,
      categoryNames: a.categoryIds.map((id) => categoryName.get(id) ?? ''),
      nextCategoryName: a.nextCategoryId ? (categoryName.get(a.nextCategoryId) ?? null) : null,
      changesCategory: a.nextCategoryId !== null && a.nextCategoryId !== undefined && !a.categoryIds.includes(a.nextCategoryId),
    })),
  ];
}

export interface RenewalFilter {
  kind: '' | RenewalKind;
  groupId: string;
}

export const filterRows = (rows: readonly RenewalRow[], f: RenewalFilter) =>
  rows.filter((r) => (!f.kind || r.kind === f.kind) && (!f.groupId || r.groupIds.includes(f.groupId)));

/** What is proposed before any choice: everyone, except soci renewed already. */
export const defaultSelection = (rows: readonly RenewalRow[]) => new Set(rows.filter((r) => !r.renewed).map((r) => r.key));

/** "50,00 €" from cents; "" for none. */
export const euros = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : (cents / 100).toFixed(2).replace('.', ','));

/** Cents from "50", "50,5" or "50.50"; null for empty, NaN for anything else. */
export function centsOf(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!clean) return null;
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : Number.NaN;
}
