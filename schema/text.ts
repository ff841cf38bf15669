// Text helpers both sides apply the same way.

/** The phone helper (spec §5): keeps digits and plus signs; a leading 00 becomes +. */
export function normalizePhone(raw: string): string {
  const kept = raw.replace(/[^\d+]/g, '');
  return kept.startsWith('00') ? `+${kept.slice(2)}` : kept;
}

/** Lower-case and accent-free ("Nicolò" -> "nicolo"): what people search text is stored and matched as. */
export function foldText(raw: string): string {
  return raw.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of a search box, folded; every one must match (spec §2). Empty when there is nothing to search. */
export function searchWords(query: string | null | undefined): string[] {
  return query ? foldText(query).split(' ').filter(Boolean) : [];
}
