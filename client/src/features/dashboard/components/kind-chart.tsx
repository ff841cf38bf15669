// The nivo doughnut, alone in its module: loaded with React.lazy so nivo (and d3) stay out of the admin shell.
// Cutout 70%, border width 1, fixed colours (spec §9); the legend and the numbers are drawn by the caller in HTML
// under the chart, so they wrap on a phone and screen readers read them as text.
import { ResponsivePie } from '@nivo/pie';
import type { ChartSlice } from '../chart-slices';

/** The caller's wrapper carries role img and the summary; the SVG itself is only drawing. */
export default function KindChart({ slices }: { slices: ChartSlice[] }) {
  // Empty slices are left out: a zero-width arc would still show its 1px border as a stray line.
  const data = slices.filter((s) => s.value > 0);
  return (
    <ResponsivePie
      data={data}
      // the tooltip names a slice by its Italian label ("Allenatori: 1"), not by the kind key
      id="label"
      innerRadius={0.7}
      borderWidth={1}
      // white 1px borders between slices, as the spec's chart draws them by default
      borderColor="#ffffff"
      colors={{ datum: 'data.color' }}
      margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
      activeOuterRadiusOffset={6}
      enableArcLabels={false}
      enableArcLinkLabels={false}
      valueFormat={(v) => String(v)}
      role="presentation"
    />
  );
}
