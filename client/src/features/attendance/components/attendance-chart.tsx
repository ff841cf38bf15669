// The nivo bar chart of attendance month by month (issue 38 point 3), alone in its module (React.lazy): nivo stays out
// of the shell and of the page's first wave. The rate of each month, 0-100 %; the page gives it its text alternative
// (a summary on the figure, the same months in a table and the athletes' table).
import { ResponsiveBar } from '@nivo/bar';

export interface AttendanceBarRow {
  month: string;
  Presenze: number;
  [key: string]: string | number;
}

const percent = (value: number | string) => `${Number(value).toLocaleString('it-IT', { maximumFractionDigits: 1 })}%`;

export default function AttendanceChart({ rows, compact }: { rows: AttendanceBarRow[]; compact: boolean }) {
  return (
    <ResponsiveBar
      data={rows}
      keys={['Presenze']}
      indexBy="month"
      colors={['#16a34a']}
      valueScale={{ type: 'linear', min: 0, max: 100 }}
      margin={{ top: 16, right: 8, bottom: compact ? 44 : 32, left: 48 }}
      padding={0.3}
      enableLabel={!compact || rows.length <= 6}
      label={(d) => percent(d.value ?? 0)}
      labelTextColor="#ffffff"
      labelSkipHeight={18}
      axisLeft={{ tickSize: 0, tickPadding: 6, format: percent, tickValues: [0, 25, 50, 75, 100] }}
      axisBottom={{ tickSize: 0, tickPadding: 8, tickRotation: compact && rows.length > 4 ? -45 : 0 }}
      gridYValues={[0, 25, 50, 75, 100]}
      valueFormat={percent}
      role="presentation"
      isInteractive={!compact}
    />
  );
}
