// The nivo bar chart of a season's months, expected against collected, alone in its module (React.lazy): nivo stays
// out of the shell and of the page's first wave. The same numbers are in the table the overview shows on request,
// which is what screen readers read (the chart is one image with a summary).
import { ResponsiveBar } from '@nivo/bar';

interface FeesBarRow {
  month: string;
  Previsto: number;
  Incassato: number;
  [key: string]: string | number;
}

const euroAxis = (value: number | string) => `${Number(value).toLocaleString('it-IT', { maximumFractionDigits: 0 })} €`;

export default function FeesChart({ rows, compact }: { rows: FeesBarRow[]; compact: boolean }) {
  return (
    <ResponsiveBar
      data={rows}
      keys={['Previsto', 'Incassato']}
      indexBy="month"
      groupMode="grouped"
      colors={['#94a3b8', '#16a34a']}
      margin={{ top: 8, right: 8, bottom: compact ? 44 : 32, left: 64 }}
      padding={0.25}
      innerPadding={2}
      enableLabel={false}
      axisLeft={{ tickSize: 0, tickPadding: 6, format: euroAxis, tickValues: 5 }}
      axisBottom={{ tickSize: 0, tickPadding: 8, tickRotation: compact ? -45 : 0 }}
      valueFormat={(v) => `${v.toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`}
      role="presentation"
      isInteractive={!compact}
    />
  );
}
