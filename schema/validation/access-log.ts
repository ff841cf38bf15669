// The access log's filters: the same rules on the Registro accessi page, the GraphQL query and the CSV export.
import { z } from 'zod';
import { ACCESS_LOG_ACTION_KEYS } from '../access-log';
import { MSG } from '../messages';
import { blankToUndefined, isoDate } from './fields';
import { searchText } from './registry';

const optionalDay = z.preprocess(blankToUndefined, isoDate(MSG.dateInvalid).optional());
const optionalId = z.preprocess(blankToUndefined, z.uuid({ error: MSG.accessLogFilterInvalid }).optional());

export const accessLogFilterInput = z
  .object({
    /** Only these actions (none: all). */
    actions: z.preprocess(
      (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(z.enum(ACCESS_LOG_ACTION_KEYS as [string, ...string[]], { error: MSG.accessLogFilterInvalid })).max(30).optional(),
    ),
    /** Only what this account did. */
    actorAccountId: optionalId,
    /** Only what concerns this person. */
    personId: optionalId,
    /** Every word in the actor's name or email, or in what was touched (a person's name, a group...). */
    search: searchText,
    /** Calendar days in the club's zone, both included. */
    from: optionalDay,
    to: optionalDay,
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.from > value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: MSG.accessLogPeriodInvalid });
  });

export type AccessLogFilterInput = z.input<typeof accessLogFilterInput>;
export type AccessLogFilter = z.output<typeof accessLogFilterInput>;
