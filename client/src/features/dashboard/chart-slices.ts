// The doughnut's four slices (spec §2, §9): athletes, coaches, managers, accompagnatori, in fixed colours blue,
// yellow, green, red whatever the theme. Pure, unit-tested.
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../../schema/constants';

export const CHART_KINDS = ['athlete', 'coach', 'manager', 'staff'] as const satisfies readonly PersonKindKey[];

/** Chakra's blue.500, yellow.400, green.500, red.500 as plain values: the chart draws on SVG, outside the theme. */
export const CHART_COLORS: Record<(typeof CHART_KINDS)[number], string> = {
  athlete: '#3b82f6',
  coach: '#facc15',
  manager: '#22c55e',
  staff: '#ef4444',
};

export interface ChartSlice {
  id: PersonKindKey;
  label: string;
  value: number;
  color: string;
  /** Whole percent of the four together (0 when all are 0). */
  percent: number;
}

/** All four slices in the fixed order, from the dashboard's per-kind counts (a missing kind counts 0). */
export function chartSlices(kinds: readonly { kind: PersonKindKey; active: number }[]): ChartSlice[] {
  const count = (kind: PersonKindKey) => kinds.find((k) => k.kind === kind)?.active ?? 0;
  const total = CHART_KINDS.reduce((sum, kind) => sum + count(kind), 0);
  return CHART_KINDS.map((kind) => ({
    id: kind,
    label: PERSON_KIND_INFO[kind].plural,
    value: count(kind),
    color: CHART_COLORS[kind],
    percent: total ? Math.round((count(kind) * 100) / total) : 0,
  }));
}
