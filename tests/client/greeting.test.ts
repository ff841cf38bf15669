// The dashboard's greeting agrees with the account's profile (client/src/lib/greeting.ts).
import { describe, expect, it } from 'vitest';
import { agreeing, welcomeWord } from '../../client/src/lib/greeting';

describe('welcomeWord', () => {
  it("'Benvenuta' for a woman's profile, 'Benvenuto' for a man's or an unknown one", () => {
    expect(welcomeWord('F')).toBe('Benvenuta');
    expect(welcomeWord('M')).toBe('Benvenuto');
    expect(welcomeWord(null)).toBe('Benvenuto');
    expect(welcomeWord(undefined)).toBe('Benvenuto');
  });

  it('agreeing: the feminine word for F, the masculine otherwise', () => {
    expect(agreeing('F', 'associato', 'associata')).toBe('associata');
    expect(agreeing('M', 'associato', 'associata')).toBe('associato');
    expect(agreeing(null, 'associato', 'associata')).toBe('associato');
  });
});
