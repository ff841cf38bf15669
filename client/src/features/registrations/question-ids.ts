// The id of a question of the club's own (answers point to it): made from its label when the question is new,
// unique in the form (a-z, 0-9 and _, at most 40 characters, as the shared rules ask); an edited question keeps its id.
/** A label as an id: lower case, accents dropped, words joined by "_", at most 40 characters. */
export function slugOf(label: string): string {
  const slug = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 36)
    .replace(/_+$/, '');
  return slug || 'domanda';
}

/** The questions' ids: kept when they have one, else made from the label and numbered when already taken. */
export function questionIds(questions: readonly { id: string; label: string }[]): string[] {
  const taken = new Set(questions.map((q) => q.id).filter(Boolean));
  return questions.map((q) => {
    if (q.id) return q.id;
    const base = slugOf(q.label);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
    taken.add(id);
    return id;
  });
}
