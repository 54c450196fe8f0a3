import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One reading as the chart draws it. */
export interface ProgressPoint {
  /** The reading's number, oldest first: "3". */
  name: string;
  /** Words correct per minute. */
  wcpm: number;
  /** Accuracy, percent. */
  accuracy: number | null;
  /** Fluency score, 0–100. */
  fluency: number | null;
}

/** One x-axis tick: the number, and the day under it when the day changes. */
function ChartTick(props: {
  x?: number;
  y?: number;
  payload?: { index: number };
  labels: readonly ProgressTickLabel[];
}) {
  const { x = 0, y = 0, payload, labels } = props;
  const label = labels[payload?.index ?? 0];
  if (!label) return null;
  return (
    <g transform={`translate(${x},${y})`}>
      <text textAnchor="middle" fill="var(--color-text)" dy="1em" fontWeight={700}>
        {label.number}
      </text>
      {label.day ? (
        <text textAnchor="middle" fill="var(--color-text)" dy="2.3em">
          {label.day}
        </text>
      ) : null}
    </g>
  );
}

/** An x-axis label: the reading's number, and the day where it changes (ReadingProgress.tsx chartTickLabels). */
export interface ProgressTickLabel {
  number: string;
  day: string;
}

/**
 * The line chart of the last readings (recharts). Decorative for assistive technology: the caller
 * hides it (`aria-hidden`) and shows the same figures in a table. Its own chunk, loaded lazily by
 * ReadingProgress.tsx, so the chart library is downloaded only when there is a chart.
 */
export function ProgressPlot({
  data,
  labels,
}: {
  data: readonly ProgressPoint[];
  labels: readonly ProgressTickLabel[];
}) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={data} margin={{ top: 8, right: 32, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
        <XAxis
          dataKey="name"
          interval={0}
          height={56}
          tick={<ChartTick labels={labels} />}
          stroke="var(--color-border-strong)"
          label={{ value: 'Reading', position: 'insideBottomRight', offset: 0, fill: 'var(--color-text)' }}
        />
        <YAxis
          domain={[0, 'auto']}
          tick={{ fill: 'var(--color-text)' }}
          stroke="var(--color-border-strong)"
        />
        <Tooltip />
        <Legend />
        <Line
          type="monotone"
          dataKey="wcpm"
          name="Words correct per minute"
          stroke="var(--color-primary)"
          strokeWidth={3}
          dot={{ r: 5 }}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="accuracy"
          name="Accuracy %"
          stroke="var(--color-secondary)"
          strokeWidth={3}
          strokeDasharray="8 4"
          dot={{ r: 5 }}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="fluency"
          name="Fluency score"
          stroke="var(--color-text)"
          strokeWidth={3}
          strokeDasharray="2 4"
          dot={{ r: 5 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
