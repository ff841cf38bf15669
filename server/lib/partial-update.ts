// Turning a validated edit into the columns to write. Validation reads blanks as "not sent"; an edit form that
// empties a field means to clear it, and fields left out stay as stored.
export type Row = Record<string, unknown>;

/** The entries that were sent (undefined dropped). */
export const definedOnly = (values: object = {}): Row => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

/** `raw[key]` when `raw` is an object (request bodies are untrusted). */
export const nested = (raw: unknown, key: string): unknown => (raw && typeof raw === 'object' ? (raw as Row)[key] : undefined);

/** The fields among `keys` that the raw input sent empty ('' or null), as nulls. */
export function emptied(raw: unknown, keys: readonly string[]): Row {
  const out: Row = {};
  for (const key of keys) {
    const v = nested(raw, key);
    if (v === null || (typeof v === 'string' && v.trim() === '')) out[key] = null;
  }
  return out;
}
