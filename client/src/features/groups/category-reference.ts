// The reference days the categories page offers (issue 35 point 3): the common federation ones, and a day of one's
// own. Plain data and pure helpers.
export interface ReferenceDay {
  referenceMonth: number | null;
  referenceDay: number | null;
  inEndYear: boolean;
}

export interface ReferencePreset extends ReferenceDay {
  value: string;
  label: string;
}

export const REFERENCE_PRESETS: readonly ReferencePreset[] = [
  { value: 'figc', label: "Anno solare d'inizio stagione (stile FIGC): età al 31 dicembre", referenceMonth: 12, referenceDay: 31, inEndYear: false },
  { value: 'gennaio-inizio', label: "Età al 1° gennaio dell'anno d'inizio stagione", referenceMonth: 1, referenceDay: 1, inEndYear: false },
  { value: 'gennaio-fine', label: "Età al 1° gennaio dell'anno di fine stagione", referenceMonth: 1, referenceDay: 1, inEndYear: true },
  { value: 'dicembre-fine', label: "Età al 31 dicembre dell'anno di fine stagione", referenceMonth: 12, referenceDay: 31, inEndYear: true },
  { value: 'inizio-stagione', label: 'Età al primo giorno della stagione', referenceMonth: null, referenceDay: null, inEndYear: false },
];

export const CUSTOM_PRESET = 'personalizzata';

/** The preset a saved day matches, or CUSTOM_PRESET. */
export function presetOf(day: ReferenceDay): string {
  return REFERENCE_PRESETS.find((p) => p.referenceMonth === day.referenceMonth && p.referenceDay === day.referenceDay && (p.referenceMonth === null || p.inEndYear === day.inEndYear))?.value ?? CUSTOM_PRESET;
}

/** "dal 02/01/2017", "al 31/12/2016", "dal ... al ...", or null for a category without a band. */
export function birthRangeText(bornFrom: string | null | undefined, bornTo: string | null | undefined): string | null {
  const it = (day: string) => day.split('-').reverse().join('/');
  if (bornFrom && bornTo) return `nati dal ${it(bornFrom)} al ${it(bornTo)}`;
  if (bornFrom) return `nati dal ${it(bornFrom)} in poi`;
  if (bornTo) return `nati fino al ${it(bornTo)}`;
  return null;
}
