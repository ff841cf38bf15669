// Edits (people, groups, club, account; GraphQL and REST alike): a field left out keeps its stored value, a field
// sent empty ('' or null) is cleared where it may be empty. The service validates the stored record with the edit laid
// over it (`parseEdit`), so the rules and their messages see the whole record as it will be, and then writes only the
// fields sent (`sentColumns`): a concurrent edit of other fields is not overwritten with what was read.
import type { z } from 'zod';
import { fieldErrorsOf } from '../../schema/validation/fields';
import { MSG } from '../../schema/messages';
import { ValidationError } from './errors';
import { parseInput } from './validate';

export type Row = Record<string, unknown>;

/** The entries that were sent (undefined dropped). */
export const definedOnly = (values: object = {}): Row => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

/** `raw[key]` when `raw` is an object (request bodies are untrusted). */
export const nested = (raw: unknown, key: string): unknown => (raw && typeof raw === 'object' ? (raw as Row)[key] : undefined);

const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/** A plain object (a JSON or GraphQL input object), not a Date, an array or an uploaded file. */
const isRecord = (v: unknown): v is Row => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

const nulls = (keys: readonly string[]): Row => Object.fromEntries(keys.map((k) => [k, null]));

/** A stored row in the shape its edit is validated in: the input's `keys`; dates (`@db.Date` columns) as YYYY-MM-DD. */
export function storedFields(row: object | null | undefined, keys: readonly string[]): Row | null {
  if (!row) return null;
  const out: Row = {};
  for (const key of keys) {
    const v = (row as Row)[key];
    out[key] = v instanceof Date ? v.toISOString().slice(0, 10) : v;
  }
  return out;
}

/**
 * The stored record with the edit laid over it: a key sent (null and '' included) replaces the stored value, a key
 * left out (absent or undefined) keeps it. Nested groups (an address, a kind's details) merge field by field; a group
 * sent empty empties each of its fields.
 */
export function overlay(stored: Row, raw: unknown): Row {
  if (!isRecord(raw)) return stored;
  const out: Row = { ...stored };
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const before = stored[key];
    if (isRecord(before) && isRecord(value)) out[key] = overlay(before, value);
    else if (isRecord(before) && isBlank(value)) out[key] = nulls(Object.keys(before));
    else out[key] = value;
  }
  return out;
}

/**
 * Parses an edit with the create/update schema: an update (`stored` given) is validated as the stored record with the
 * fields sent laid over it, so leaving out a required field is no error and a field sent invalid still gets its
 * message; a creation (`stored` null) as sent.
 * A stored value that no longer passes its rule (the sign-up does not check the partita IVA's check digit; older data)
 * does not block an edit of other fields: a refusal the stored record earns alone, on a field the edit leaves out, is
 * set aside (that field is not written). The edit's own refusals are answered without them; should the record still
 * fail without those fields (a required one stored empty), every refusal is answered.
 */
export function parseEdit<S extends z.ZodType>(schema: S, stored: Row | null, raw: unknown): z.output<S> {
  if (!stored) return parseInput(schema, raw);
  const merged = overlay(stored, raw);
  const result = schema.safeParse(merged);
  if (result.success) return result.data;
  const before = schema.safeParse(stored);
  const storedFaults = before.success ? {} : fieldErrorsOf(before.error);
  const setAside = Object.keys(storedFaults).filter((path) => valueAt(raw, path) === undefined);
  const refused = Object.entries(fieldErrorsOf(result.error)).filter(([path, message]) => !(setAside.includes(path) && storedFaults[path] === message));
  if (refused.length) throw new ValidationError(Object.fromEntries(refused), MSG.invalidFields);
  const retry = schema.safeParse(withoutPaths(merged, setAside));
  if (retry.success) return retry.data;
  // Still refused without them (a required field stored empty): every refusal is answered.
  return parseInput(schema, merged);
}

const valueAt = (raw: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, key) => nested(v, key), raw);

/** `row` without the values at the dotted `paths` (copied along the way, the stored rows are not changed). */
function withoutPaths(row: Row, paths: readonly string[]): Row {
  const out: Row = { ...row };
  for (const path of paths) {
    const [head, ...rest] = path.split('.');
    if (!rest.length) delete out[head];
    else if (isRecord(out[head])) out[head] = withoutPaths(out[head], [rest.join('.')]);
  }
  return out;
}

/**
 * The columns an edit writes, among `keys`: each one the input sent, with its validated value, or null when it
 * validated to nothing (sent '' or null: cleared) and it is `clearable`; an empty value for a column that cannot be
 * empty (a yes/no flag) leaves it as stored. Keys left out are not written.
 */
export function sentColumns(raw: unknown, validated: object | null | undefined, keys: readonly string[], clearable: readonly string[] = keys): Row {
  const out: Row = {};
  for (const key of keys) {
    if (nested(raw, key) === undefined) continue;
    const value = (validated as Row | null | undefined)?.[key];
    if (value !== undefined) out[key] = value;
    else if (clearable.includes(key)) out[key] = null;
  }
  return out;
}

/** A nested group of an edit (an address): what was sent, or, sent empty, each of its `keys` as null (cleared). */
export function sentGroup(raw: unknown, key: string, keys: readonly string[]): unknown {
  const v = nested(raw, key);
  return isBlank(v) ? nulls(keys) : v;
}
