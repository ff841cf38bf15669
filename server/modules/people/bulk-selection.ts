// The selection a bulk action on the people lists takes (issue 15): 1 to BULK_MAX_IDS role ids, duplicates counted
// once, and what every bulk action answers.
import { z } from 'zod';
import { BULK_MAX_IDS } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';

export const roleIdsInput = z
  .array(z.unknown(), { error: MSG.bulkSelectionEmpty })
  .min(1, { error: MSG.bulkSelectionEmpty })
  .max(BULK_MAX_IDS, { error: MSG.bulkSelectionTooLarge(BULK_MAX_IDS) })
  .transform((ids) => [...new Set(ids)]);

/** How many distinct roles the action was given and how many it changed. */
export interface BulkResult {
  requested: number;
  changed: number;
}
