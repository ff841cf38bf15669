// The ids the form editor gives the club's own questions (features/registrations/question-ids.ts): from the label,
// accents dropped, unique in the form, an existing id kept, always within the shared rule (a-z, 0-9, _ and -, 1-40).
import { describe, expect, it } from 'vitest';
import { questionIds, slugOf } from '../../client/src/features/registrations/question-ids';

const RULE = /^[a-z0-9_-]{1,40}$/;

describe('question ids', () => {
  it('makes an id from the label', () => {
    expect(slugOf('Taglia della maglia')).toBe('taglia_della_maglia');
    expect(slugOf('Perché ti iscrivi? (facoltativo)')).toBe('perche_ti_iscrivi_facoltativo');
    expect(slugOf('???')).toBe('domanda');
    expect(slugOf('x'.repeat(80))).toMatch(RULE);
  });

  it('keeps existing ids and numbers the labels already taken', () => {
    const ids = questionIds([
      { id: 'taglia', label: 'Taglia' },
      { id: '', label: 'Taglia' },
      { id: '', label: 'Taglia' },
      { id: '', label: 'Allergie?' },
    ]);
    expect(ids).toEqual(['taglia', 'taglia_2', 'taglia_3', 'allergie']);
    for (const id of questionIds(Array.from({ length: 20 }, () => ({ id: '', label: 'y'.repeat(60) })))) expect(id).toMatch(RULE);
  });
});
