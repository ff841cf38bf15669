// The column mapping a club chose, remembered per kind and set of headers (issue 12 point 3): the next file with the
// same headers (in any order, written with any case or accents) is read with it, without asking again.
import { createHash, randomUUID } from 'node:crypto';
import type { PersonKindKey } from '../../../schema/constants';
import { normalizeHeader } from '../../../schema/import-columns';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { MappingChoice } from './import-rows';
import { CLUB, clubSql } from '../../access/club-sql';

/** The set of a file's headers, as a key: sorted normalized names, hashed. */
export function headersKey(headers: readonly string[]): string {
  const names = [...new Set(headers.map(normalizeHeader).filter(Boolean))].sort();
  return createHash('sha256').update(names.join('\u001f')).digest('hex');
}

const isChoice = (value: unknown): value is MappingChoice =>
  !!value && typeof value === 'object' && typeof (value as MappingChoice).header === 'string' &&
  ((value as MappingChoice).key === null || typeof (value as MappingChoice).key === 'string');

/** The club's mapping for these headers, or null. */
export async function rememberedMapping(ctx: RequestContext, kind: PersonKindKey, headers: readonly string[]): Promise<MappingChoice[] | null> {
  const found = await clubDb(ctx).importMapping.findFirst({ where: { kind, headersKey: headersKey(headers) }, select: { mapping: true } });
  const mapping: unknown = found?.mapping;
  return Array.isArray(mapping) && mapping.every(isChoice) ? mapping : null;
}

/**
 * Remembers `mapping` (every header of the file with the key it fed, null when ignored) for the club. One raw
 * statement outside any transaction: remembering a choice is a preference, not a change of club data to log.
 */
export async function rememberMapping(ctx: RequestContext, clubId: string, kind: PersonKindKey, headers: readonly string[], mapping: MappingChoice[]): Promise<void> {
  const json = JSON.stringify(mapping);
  await clubDb(ctx).$executeRaw(clubSql(clubId)`
    INSERT INTO import_mappings (id, club_id, kind, headers_key, mapping, updated_at)
    VALUES (${randomUUID()}::uuid, ${CLUB}, ${kind}::"PersonKind", ${headersKey(headers)}, ${json}::jsonb, now())
    ON CONFLICT (club_id, kind, headers_key) DO UPDATE SET mapping = EXCLUDED.mapping, updated_at = now()`);
}
