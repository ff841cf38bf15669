// The nivo bar chart of a season against the previous one, alone in its module (React.lazy): nivo stays out of the
// shell. The numbers are also in the HTML table beside it, which is what screen readers read.
import { ResponsiveBar } from '@nivo/bar';

export interface SeasonBarRow {
  figure: string;
  [season: string]: string | number;
}

export default function SeasonChart({ rows, keys }: { rows: SeasonBarRow[]; keys: string[] }) {
  return (
    <ResponsiveBar
      data={rows}
      keys={keys}
      indexBy="figure"
      groupMode="grouped"
      colors={['#94a3b8', '#2563eb'].slice(-keys.length)}
      margin={{ top: 8, right: 8, bottom: 32, left: 36 }}
      padding={0.25}
      innerPadding={2}
      enableLabel={false}
      axisLeft={{ tickSize: 0, tickPadding: 6 }}
      axisBottom={{ tickSize: 0, tickPadding: 8 }}
      role="presentation"
    />
  );
}
