// Group, category, post and list-filter rules (spec §5).
import { z } from 'zod';
import { PAGE_SIZE, PERSON_KINDS, SEARCH_MAX_LENGTH } from '../constants';
import { MSG } from '../messages';
import { optionalText, requiredText } from './fields';
import { flag } from './people';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional());

export const saveGroupInput = z.object({
  id: optionalId,
  name: requiredText(MSG.groupNameRequired).pipe(z.string().max(100, { error: MSG.textTooLong })),
  type: z.preprocess(blankToUndefined, z.enum(PERSON_KINDS, { error: MSG.groupTypeRequired })),
  isHidden: flag,
  isActive: flag,
});
export type SaveGroupInput = z.output<typeof saveGroupInput>;

/** A category is a group of type athlete with only a name (spec §3). */
export const saveCategoryInput = saveGroupInput.omit({ type: true });

export const savePostInput = z.object({
  id: optionalId,
  title: requiredText(MSG.postTitleRequired).pipe(z.string().max(200, { error: MSG.textTooLong })),
  caption: requiredText(MSG.postCaptionRequired).pipe(z.string().max(10_000, { error: MSG.textTooLong })),
  priority: z.preprocess(
    (v) => (blankToUndefined(v) === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MSG.priorityInvalid }),
  ),
  groupIds: z.preprocess((v) => v ?? [], z.array(z.uuid({ error: MSG.idInvalid }), { error: MSG.idInvalid }).max(100)),
  isActive: flag,
});
export type SavePostInput = z.output<typeof savePostInput>;

/** The search box of every list: trimmed, bounded. */
export const searchText = optionalText.pipe(z.string().max(SEARCH_MAX_LENGTH, { error: MSG.textTooLong }).optional());

/** Legacy `load` filters use 1-based pages of PAGE_SIZE rows. */
export const pageNumber = z.preprocess(
  (v) => (blankToUndefined(v) === undefined ? 1 : typeof v === 'string' ? Number(v) : v),
  z.number({ error: MSG.numberInvalid }).int({ error: MSG.numberInvalid }).min(1, { error: MSG.numberInvalid }).max(100_000),
);
export const PER_PAGE = PAGE_SIZE;
