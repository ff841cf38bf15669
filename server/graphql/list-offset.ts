// `offset` on the admin's list connections (issue 15): a jump to page n, and a list page restored from its address
// after a reload, without walking the cursors from page 1.
import { PAGE_SIZE } from '../../schema/constants';
import { MSG } from '../../schema/messages';
import { ValidationError } from '../lib/errors';

/** Past the 100,000 rows a club's list can hold (the import's and export's own cap). */
const MAX_LIST_OFFSET = 100_000;

export const LIST_OFFSET_DESCRIPTION = `Rows to skip before the page (a jump to page n: (n - 1) * ${PAGE_SIZE}), 0 to ${MAX_LIST_OFFSET}; not with after/before. The edges' cursors then go on as usual.`;

/** Pothos's planned Prisma selection moved `offset` rows on; an offset beside a cursor, or out of range, is refused. */
export function withListOffset<S extends { skip?: number }>(
  selection: S,
  args: { offset?: number | null; after?: string | null; before?: string | null },
): S {
  if (args.offset === null || args.offset === undefined) return selection;
  if (args.after || args.before) throw new ValidationError({ offset: MSG.listOffsetWithCursor }, MSG.listOffsetWithCursor);
  if (!Number.isInteger(args.offset) || args.offset < 0 || args.offset > MAX_LIST_OFFSET) {
    throw new ValidationError({ offset: MSG.listOffsetInvalid }, MSG.listOffsetInvalid);
  }
  return { ...selection, skip: args.offset };
}
