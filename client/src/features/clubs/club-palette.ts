// The club colours tint the admin area: the `brand` palette's CSS variables are overridden on the admin layout's
// root. Text on the club colour stays readable whatever the colour: black or white, whichever contrasts more (at
// least 4.5:1, WCAG AA), and the "brand text" shade is darkened until it reads on white and on the light tint.
import type { CSSProperties } from 'react';
// From constants, not the validation module: the admin layout imports this file and must not pull in zod.
import { HEX_COLOR } from '../../../../schema/constants';

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** `hex` mixed with `target` by `amount` (0 = hex, 1 = target). */
export function mix(hex: string, target: string, amount: number): string {
  const [a, b] = [toRgb(hex), toRgb(target)];
  return toHex(a.map((c, i) => c + (b[i] - c) * amount) as Rgb);
}

/**
 * White or near-black, whichever reads better on `background`; pure black where near-black would fall short of
 * 4.5:1 (mid-tones such as #767676, where neither white nor #111111 reaches it: black always does there).
 */
export function readableOn(background: string): string {
  if (contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000')) return '#ffffff';
  return contrastRatio(background, '#111111') >= 4.5 ? '#111111' : '#000000';
}

/** The colour itself if text of that colour reads on white, else the first darker shade that does. */
export function readableShade(hex: string, on = '#ffffff', ratio = 4.5): string {
  for (let step = 0; step <= 20; step++) {
    const shade = mix(hex, '#000000', step / 20);
    if (contrastRatio(shade, on) >= ratio) return shade;
  }
  return '#000000';
}

export const isHexColor = (value: string | null | undefined): value is string => !!value && HEX_COLOR.test(value);

/**
 * CSS variables overriding the brand palette (Chakra: --chakra-colors-brand-*) with the club's colours; empty when
 * the club has no valid primary colour (the CampoBase green stays). The secondary colour is an accent.
 */
export function clubPaletteVars(primary: string | null | undefined, secondary: string | null | undefined): CSSProperties {
  if (!isHexColor(primary)) return {};
  const accent = isHexColor(secondary) ? secondary : primary;
  const muted = mix(primary, '#ffffff', 0.8);
  const vars: Record<string, string> = {
    '--chakra-colors-brand-solid': primary,
    '--chakra-colors-brand-contrast': readableOn(primary),
    // brand text sits on white and on the light tints (the current page in the sidebar, an avatar's initials on
    // the muted tint): it reads on the darker of them, so on all
    '--chakra-colors-brand-fg': readableShade(primary, muted),
    '--chakra-colors-brand-subtle': mix(primary, '#ffffff', 0.9),
    '--chakra-colors-brand-muted': muted,
    '--chakra-colors-brand-emphasized': mix(primary, '#ffffff', 0.65),
    '--chakra-colors-brand-focus-ring': readableShade(primary, '#ffffff', 3),
    '--club-accent': accent,
  };
  return vars;
}

/**
 * Sets the palette's variables on `element` (the admin layout: on <html>, so that dialogs, side panels, menus and
 * toasts, which Chakra renders in portals outside the layout, take the club colours too); returns the undo.
 */
export function applyPaletteVars(element: HTMLElement, vars: CSSProperties): () => void {
  const entries = Object.entries(vars as Record<string, string>);
  for (const [name, value] of entries) element.style.setProperty(name, value);
  return () => {
    for (const [name] of entries) element.style.removeProperty(name);
  };
}
