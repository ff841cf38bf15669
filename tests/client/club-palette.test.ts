// The club tint keeps text readable whatever colour the club picks.
import { describe, expect, it } from 'vitest';
import { clubPaletteVars, contrastRatio, readableOn, readableShade } from '../../client/src/features/club/club-palette';
import { clubInitial } from '../../client/src/features/club/components/club-logo';

describe('club palette', () => {
  it('puts white on dark colours and near-black on light ones', () => {
    expect(readableOn('#1e40af')).toBe('#ffffff');
    expect(readableOn('#facc15')).toBe('#111111');
  });

  it('darkens a light colour until its text reads on white (4.5:1)', () => {
    const shade = readableShade('#facc15');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableShade('#1e40af')).toBe('#1e40af');
  });

  it('overrides the brand variables only for a valid primary colour', () => {
    expect(clubPaletteVars(null, '#ffffff')).toEqual({});
    expect(clubPaletteVars('blue', null)).toEqual({});
    const vars = clubPaletteVars('#facc15', null) as Record<string, string>;
    expect(vars['--chakra-colors-brand-solid']).toBe('#facc15');
    expect(vars['--chakra-colors-brand-contrast']).toBe('#111111');
    expect(vars['--club-accent']).toBe('#facc15');
  });

  it("names the placeholder after the club, not its legal form", () => {
    expect(clubInitial('ASD Polisportiva Aurora')).toBe('P');
    expect(clubInitial('a.s.d. vela')).toBe('V');
    expect(clubInitial('ASD')).toBe('A');
    expect(clubInitial('')).toBe('');
  });
});
