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

/** An x-axis label: the reading's number, and the day where it changes (ReadingProgress.tsx chartTickLabels). */
export interface ProgressTickLabel {
  number: string;
  day: string;
}

/** The three lines: what they show, their name in the legend, and how they are drawn. */
const SERIES = [
  { key: 'wcpm', name: 'Words correct per minute', stroke: 'var(--color-primary)', dash: undefined },
  { key: 'accuracy', name: 'Accuracy %', stroke: 'var(--color-secondary)', dash: '8 4' },
  { key: 'fluency', name: 'Fluency score', stroke: 'var(--color-text)', dash: '2 4' },
] as const;

/** Drawing size in SVG units; the SVG scales to its container's width. */
const WIDTH = 640;
const HEIGHT = 280;
const MARGIN = { top: 12, right: 32, bottom: 56, left: 44 };

/**
 * The y axis's top and ticks: 0 to the largest value rounded up to a whole round step (1, 2 or 5 times a
 * power of ten) with about five ticks.
 * @param max the largest value drawn (0 or more)
 */
export function yTicks(max: number): number[] {
  const rough = Math.max(max, 5) / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  const top = Math.ceil(Math.max(max, 5) / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/**
 * The line chart of the last readings: our own SVG (issue #15: the chart library alone was 105 kB
 * gzipped). Decorative for assistive technology: the caller hides it (`aria-hidden`) and shows the
 * same figures in a table. A missing value (a reading without accuracy or fluency) breaks its line.
 */
export function ProgressPlot({
  data,
  labels,
}: {
  data: readonly ProgressPoint[];
  labels: readonly ProgressTickLabel[];
}) {
  const values = data.flatMap((p) => [p.wcpm, p.accuracy, p.fluency]).filter((v) => v !== null);
  const ticks = yTicks(Math.max(0, ...values));
  const top = ticks[ticks.length - 1]!;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  // Points sit in the middle of equal slots, as a category axis places them.
  const x = (i: number) => MARGIN.left + ((i + 0.5) * plotWidth) / Math.max(1, data.length);
  const y = (v: number) => MARGIN.top + plotHeight - (v / top) * plotHeight;
  const bottom = MARGIN.top + plotHeight;

  /** The path of one series, lifting the pen over missing values. */
  const path = (key: (typeof SERIES)[number]['key']) => {
    let d = '';
    let pen = false;
    data.forEach((p, i) => {
      const v = p[key];
      if (v === null) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };

  return (
    <div className="progress-plot">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="presentation" focusable="false">
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={MARGIN.left}
              x2={WIDTH - MARGIN.right}
              y1={y(t)}
              y2={y(t)}
              stroke="var(--color-border)"
              strokeDasharray="3 3"
            />
            <text x={MARGIN.left - 8} y={y(t)} dy="0.35em" textAnchor="end" fill="var(--color-text)">
              {t}
            </text>
          </g>
        ))}
        <line
          x1={MARGIN.left}
          x2={MARGIN.left}
          y1={MARGIN.top}
          y2={bottom}
          stroke="var(--color-border-strong)"
        />
        <line
          x1={MARGIN.left}
          x2={WIDTH - MARGIN.right}
          y1={bottom}
          y2={bottom}
          stroke="var(--color-border-strong)"
        />
        {data.map((p, i) => {
          const label = labels[i];
          return label ? (
            <g key={p.name} transform={`translate(${x(i)},${bottom + 4})`}>
              <text textAnchor="middle" fill="var(--color-text)" dy="1em" fontWeight={700}>
                {label.number}
              </text>
              {label.day ? (
                <text textAnchor="middle" fill="var(--color-text)" dy="2.3em">
                  {label.day}
                </text>
              ) : null}
            </g>
          ) : null;
        })}
        <text x={WIDTH - MARGIN.right} y={HEIGHT - 4} textAnchor="end" fill="var(--color-text)">
          Reading
        </text>
        {SERIES.map((s) => (
          <g key={s.key}>
            <path d={path(s.key)} fill="none" stroke={s.stroke} strokeWidth={3} strokeDasharray={s.dash} />
            {data.map((p, i) => {
              const v = p[s.key];
              return v === null ? null : (
                <circle
                  key={p.name}
                  cx={x(i)}
                  cy={y(v)}
                  r={5}
                  fill="var(--color-surface)"
                  stroke={s.stroke}
                  strokeWidth={2}
                />
              );
            })}
          </g>
        ))}
      </svg>
      <ul className="progress-plot__legend">
        {SERIES.map((s) => (
          <li key={s.key}>
            <svg width="28" height="10" aria-hidden="true" focusable="false">
              <line x1="0" x2="28" y1="5" y2="5" stroke={s.stroke} strokeWidth={3} strokeDasharray={s.dash} />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
