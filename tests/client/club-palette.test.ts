// The club tint keeps text readable whatever colour the club picks.
import { describe, expect, it } from 'vitest';
import { applyPaletteVars, clubPaletteVars, contrastRatio, readableOn, readableShade } from '../../client/src/features/clubs/club-palette';
import { clubInitial } from '../../client/src/features/clubs/components/club-logo';

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

  it('keeps 4.5:1 for text on the club colour and for brand text on white and on the tints, whatever the colour', () => {
    // every 17th step of each channel: 4,096 colours, the mid-tones where neither white nor #111111 reaches 4.5:1 included
    const steps = Array.from({ length: 16 }, (_, i) => (i * 17).toString(16).padStart(2, '0'));
    for (const r of steps) for (const g of steps) for (const b of steps) {
      const colour = `#${r}${g}${b}`;
      const vars = clubPaletteVars(colour, null) as Record<string, string>;
      expect(contrastRatio(vars['--chakra-colors-brand-contrast'], colour), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(vars['--chakra-colors-brand-fg'], '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(vars['--chakra-colors-brand-fg'], vars['--chakra-colors-brand-subtle']), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(vars['--chakra-colors-brand-fg'], vars['--chakra-colors-brand-muted']), colour).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableOn('#767676')).toBe('#000000');
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

describe('applyPaletteVars', () => {
  it('sets the variables on the element (<html>: portals take them too) and the undo removes exactly those', () => {
    const props = new Map<string, string>([['--other', 'x']]);
    const element = {
      style: { setProperty: (name: string, value: string) => props.set(name, value), removeProperty: (name: string) => props.delete(name) },
    } as unknown as HTMLElement;
    const undo = applyPaletteVars(element, clubPaletteVars('#1e40af', '#facc15'));
    expect(props.get('--chakra-colors-brand-solid')).toBe('#1e40af');
    expect(props.get('--chakra-colors-brand-contrast')).toBe('#ffffff');
    undo();
    expect([...props.keys()]).toEqual(['--other']);
    // no club colour: nothing set, nothing removed
    applyPaletteVars(element, clubPaletteVars(null, null))();
    expect([...props.keys()]).toEqual(['--other']);
  });
});
