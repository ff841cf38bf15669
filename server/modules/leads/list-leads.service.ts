// The operators' view of leads: one `where` and one order for the GraphQL connection and the CSV export, so the
// list on screen and the file downloaded with the same filters hold the same rows.
import { z } from 'zod';
import { searchText } from '../../../schema/validation/registry';
import { funnelName } from '../../../schema/validation/funnel';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { likeLiteral } from '../../lib/search';
import { parseInput } from '../../lib/validate';
import { requireOperator } from './leads.policy';

const leadFilters = z.object({
  search: searchText,
  // Normalised like the submitted funnel names, so "Volantino 2026" finds volantino-2026; blank = every funnel.
  funnel: z.preprocess((v) => (typeof v === 'string' && v.trim() ? funnelName(v) : undefined), z.string().optional()),
});
export type LeadFilters = z.input<typeof leadFilters>;

/** Newest first; the id keeps leads of the same instant (and cursor pages) in a stable order. */
export const LEAD_ORDER = [{ createdAt: 'desc' }, { id: 'desc' }] satisfies Prisma.LeadOrderByWithRelationInput[];

/** `contains` becomes LIKE: a typed % or _ must match itself. */

const SEARCHED = ['name', 'email', 'phone', 'clubName'] as const;

/**
 * Operators only (401 anonymous, 403 anyone else). `search`: every word must occur, case ignored, in the name,
 * email, phone or club name; `funnel`: exactly that funnel.
 */
export async function leadListWhere(ctx: RequestContext, raw: LeadFilters): Promise<Prisma.LeadWhereInput> {
  await requireOperator(ctx);
  const { search, funnel } = parseInput(leadFilters, raw);
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  return {
    ...(funnel ? { funnelName: funnel } : {}),
    ...(words.length
      ? { AND: words.map((w) => ({ OR: SEARCHED.map((field) => ({ [field]: { contains: likeLiteral(w), mode: 'insensitive' as const } })) })) }
      : {}),
  };
}
