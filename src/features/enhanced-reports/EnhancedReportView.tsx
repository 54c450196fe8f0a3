/**
 * One reader's Enhanced Report (docs/decisions/0053-enhanced-reports.md): the period's figures, the pace against the
 * grade's guide (spec §9), week by week, miscues by type and words to practise. Every figure is text or a real
 * table; the bars beside the weekly pace only repeat the numbers (hidden from screen readers), and nothing is told
 * by colour alone.
 */
import type { EnhancedReport } from '#core/api/enhanced-reports.ts';
import { StackLabel, stackedTableRoles, TableScroll } from '../../ui/TableScroll.tsx';
import {
  changeText,
  errorsText,
  expectedText,
  minutesCell,
  minutesText,
  MISCUE_ROWS,
  paceText,
  periodPhrase,
  readingsText,
  weekText,
} from './enhanced-reports-text.ts';

/** A whole number or a dash. */
function whole(value: number | null, unit = ''): string {
  return value === null ? '—' : `${value}${unit}`;
}

/**
 * A bar of `value` on a scale up to `max`, with a mark at the guide `guide`: decorative (`aria-hidden`), the number
 * is beside it as text. Forced colours keep it (a border, not only a background).
 */
function PaceBar({ value, guide, max }: { value: number; guide: number; max: number }) {
  const pct = (n: number) => `${Math.max(0, Math.min(100, (n / max) * 100))}%`;
  return (
    <span className="enhanced-bar" aria-hidden="true">
      <span className="enhanced-bar__fill" style={{ inlineSize: pct(value) }} />
      <span className="enhanced-bar__guide" style={{ insetInlineStart: pct(guide) }} />
    </span>
  );
}

/** Props of {@link EnhancedReportView}. */
export interface EnhancedReportViewProps {
  report: EnhancedReport;
  /** True on the reader's own page: "you" and "your"; false for a grown-up, who reads the reader's name. */
  you: boolean;
  /** The level of the report's own headings: 3 under a reader's section (h2). */
  headingLevel?: 2 | 3;
}

/** One reader's report for the chosen period. */
export function EnhancedReportView({ report, you, headingLevel = 3 }: EnhancedReportViewProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const r = stackedTableRoles;
  const prefix = `enhanced-${report.reader.userId}`;
  const name = report.reader.displayName;
  const { totals } = report;
  const period = periodPhrase(report);
  if (totals.readings === 0) {
    return (
      <p>
        {you ? 'You have' : `${name || 'This reader'} has`} no scored reading in {period}.
      </p>
    );
  }
  const guide = report.reader.expectedWpm;
  const max = Math.max(guide * 1.5, ...report.weeks.map((w) => w.medianWpm ?? 0));
  const change = changeText(report.weeks);
  const errors = errorsText(report);
  return (
    <>
      <p>In {period}:</p>
      <dl className="profile__facts">
        <div>
          <dt>Readings</dt>
          <dd>{totals.readings}</dd>
        </div>
        <div>
          <dt>Time reading aloud</dt>
          <dd>{minutesText(totals.secondsRead)}</dd>
        </div>
        <div>
          <dt>Words correct per minute (median)</dt>
          <dd>{whole(totals.medianWpm)}</dd>
        </div>
        <div>
          <dt>Accuracy (median)</dt>
          <dd>{whole(totals.medianAccuracy, '%')}</dd>
        </div>
      </dl>
      <p className="enhanced__note">The median is the middle reading: half were higher, half lower.</p>

      <Heading id={`${prefix}-pace`}>{you ? 'Your pace' : 'Pace'}</Heading>
      <p>{expectedText(report)}</p>
      <p>{paceText(report, you, name)}</p>

      <Heading id={`${prefix}-weeks`}>Week by week</Heading>
      {change ? <p>{change}</p> : null}
      <TableScroll label={`Week by week${you ? '' : `, ${name}`}`} stack>
        <table
          className="data-table enhanced__weeks"
          {...r.table}
          aria-labelledby={`${prefix}-weeks-caption`}
        >
          <caption id={`${prefix}-weeks-caption`}>
            Each week (Monday to Sunday): readings, minutes read aloud, and the medians
          </caption>
          <thead {...r.rowgroup}>
            <tr {...r.row}>
              {[
                'Week',
                'Readings',
                'Minutes read aloud',
                'Words correct per minute (median)',
                'Accuracy (median)',
              ].map((c) => (
                <th key={c} {...r.columnheader}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody {...r.rowgroup}>
            {report.weeks.map((w) => (
              <tr key={w.weekStart} {...r.row}>
                <th {...r.rowheader}>
                  <StackLabel>Week</StackLabel>
                  {weekText(w.weekStart)}
                </th>
                <td {...r.cell}>
                  <StackLabel>Readings</StackLabel>
                  {w.readings}
                </td>
                <td {...r.cell}>
                  <StackLabel>Minutes read aloud</StackLabel>
                  {minutesCell(w.secondsRead)}
                </td>
                <td {...r.cell}>
                  <StackLabel>Words correct per minute (median)</StackLabel>
                  <span className="enhanced__pace">
                    <span>{whole(w.medianWpm)}</span>
                    {w.medianWpm === null ? null : <PaceBar value={w.medianWpm} guide={guide} max={max} />}
                  </span>
                </td>
                <td {...r.cell}>
                  <StackLabel>Accuracy (median)</StackLabel>
                  {whole(w.medianAccuracy, '%')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p className="enhanced__note">
        The bars show each week’s words correct per minute; the line across each bar is the guide, {guide}.
        {report.period === 'all' ? ' Weeks without a reading are left out.' : ''}
      </p>

      <Heading id={`${prefix}-miscues`}>{you ? 'Your reading mistakes and fixes' : 'Miscues'}</Heading>
      {errors ? <p>{errors}</p> : null}
      <p>
        Only substitutions and omissions are errors. A self-correction is a word put right, so it counts as
        read right.
      </p>
      <TableScroll label={`Miscues${you ? '' : `, ${name}`}`} stack>
        <table className="data-table" {...r.table} aria-labelledby={`${prefix}-miscues-caption`}>
          <caption id={`${prefix}-miscues-caption`}>Miscues by kind, {readingsText(totals.readings)}</caption>
          <thead {...r.rowgroup}>
            <tr {...r.row}>
              {['Kind', 'How many', 'What it means', 'An error?'].map((c) => (
                <th key={c} {...r.columnheader}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody {...r.rowgroup}>
            {MISCUE_ROWS.map((row) => (
              <tr key={row.key} {...r.row}>
                <th {...r.rowheader}>
                  <StackLabel>Kind</StackLabel>
                  {row.name}
                </th>
                <td {...r.cell}>
                  <StackLabel>How many</StackLabel>
                  {report.miscues[row.key]}
                </td>
                <td {...r.cell}>
                  <StackLabel>What it means</StackLabel>
                  {row.meaning}
                </td>
                <td {...r.cell}>
                  <StackLabel>An error?</StackLabel>
                  {row.error ? 'Yes' : 'No'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      <Heading id={`${prefix}-words`}>Words to practise</Heading>
      {report.wordsToPractise.length === 0 ? (
        <p>No word was read wrong in {period}.</p>
      ) : (
        <>
          <p>
            {you
              ? 'These words were hard. Read them with a grown-up, then find them in a story.'
              : 'The words read wrong most often. Read them together, then find them in a story.'}
          </p>
          <ol className="enhanced__words" aria-labelledby={`${prefix}-words`}>
            {report.wordsToPractise.map((w) => (
              <li key={w.word}>
                <strong>{w.word}</strong>: read wrong in {readingsText(w.count)}
              </li>
            ))}
          </ol>
        </>
      )}
      {report.capped ? (
        <p className="enhanced__note">
          Only the newest {totals.readings} readings of this period are counted.
        </p>
      ) : null}
    </>
  );
}
