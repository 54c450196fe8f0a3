/**
 * One reader's Enhanced Report (docs/decisions/0053-enhanced-reports.md): the period's figures, the pace against the
 * grade's guide (spec §9), week by week, miscues by type and words to practise. Every figure is text or a real
 * table; the bars beside the weekly pace only repeat the numbers (hidden from screen readers), and nothing is told
 * by colour alone.
 */
import type { EnhancedReport } from '#core/api/enhanced-reports.ts';
import { StackedTable, StackLabel, stackedTableRoles } from '../../ui/TableScroll.tsx';
import {
  changeText,
  errorsText,
  expectedText,
  figureNames,
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
  /**
   * True on the reader's own page: "you" and plain words (words right in a minute, the middle reading, words read
   * wrong); false for a grown-up, who reads the reader's name and the field's terms (median, substitutions).
   */
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
  const change = changeText(report.weeks, you);
  const errors = errorsText(report, you);
  const names = figureNames(you);
  const whose = you ? '' : `, ${name}`;
  const weekColumns = ['Week', 'Readings', 'Minutes read aloud', names.wpm, names.accuracy];
  const miscueColumns = ['Kind', 'How many', 'What it means', you ? 'A mistake?' : 'An error?'];
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
          <dt>{names.wpm}</dt>
          <dd>{whole(totals.medianWpm)}</dd>
        </div>
        <div>
          <dt>{names.accuracy}</dt>
          <dd>{whole(totals.medianAccuracy, '%')}</dd>
        </div>
      </dl>
      <p className="enhanced__note">{names.middle}</p>

      <Heading id={`${prefix}-pace`}>{you ? 'Your pace' : 'Pace'}</Heading>
      <p>{expectedText(report, you)}</p>
      <p>{paceText(report, you, name)}</p>

      <Heading id={`${prefix}-weeks`}>Week by week</Heading>
      {change ? <p>{change}</p> : null}
      <StackedTable
        caption={
          you
            ? 'Each week (Monday to Sunday): your readings, minutes read aloud, and your middle reading'
            : 'Each week (Monday to Sunday): readings, minutes read aloud, and the medians'
        }
        label={`Week by week${whose}`}
        className="enhanced__weeks"
        columns={weekColumns}
      >
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
              <StackLabel>{names.wpm}</StackLabel>
              <span className="enhanced__pace">
                <span>{whole(w.medianWpm)}</span>
                {w.medianWpm === null ? null : <PaceBar value={w.medianWpm} guide={guide} max={max} />}
              </span>
            </td>
            <td {...r.cell}>
              <StackLabel>{names.accuracy}</StackLabel>
              {whole(w.medianAccuracy, '%')}
            </td>
          </tr>
        ))}
      </StackedTable>
      <p className="enhanced__note">
        {you
          ? `The bars show your words right in a minute each week; the line across each bar is Sparky's guide, ${guide}.`
          : `The bars show each week’s words correct per minute; the line across each bar is the guide, ${guide}.`}
        {report.period === 'all' ? ' Weeks without a reading are left out.' : ''}
      </p>

      <Heading id={`${prefix}-miscues`}>{you ? 'Your reading mistakes and fixes' : 'Miscues'}</Heading>
      {errors ? <p>{errors}</p> : null}
      <p>
        {you
          ? 'A word read wrong or skipped is a mistake. In a reading check, a stop of more than 3 seconds before a word is a mistake too. A word you fix counts as right.'
          : 'Substitutions and omissions are errors, and in a reading check (a Reading Assessment or Screening) so is a word read after a pause of more than 3 seconds. A self-correction is a word put right, so it counts as read right.'}
      </p>
      <StackedTable
        caption={`${you ? 'Your mistakes and fixes' : 'Miscues by kind'}, ${readingsText(totals.readings)}`}
        label={`${you ? 'Mistakes and fixes' : 'Miscues'}${whose}`}
        columns={miscueColumns}
      >
        {MISCUE_ROWS.map((row) => (
          <tr key={row.key} {...r.row}>
            <th {...r.rowheader}>
              <StackLabel>Kind</StackLabel>
              {you ? row.plainName : row.name}
            </th>
            <td {...r.cell}>
              <StackLabel>How many</StackLabel>
              {report.miscues[row.key]}
            </td>
            <td {...r.cell}>
              <StackLabel>What it means</StackLabel>
              {you ? row.plainMeaning : row.meaning}
            </td>
            <td {...r.cell}>
              <StackLabel>{miscueColumns[3]}</StackLabel>
              {row.error ? 'Yes' : 'No'}
            </td>
          </tr>
        ))}
      </StackedTable>

      <Heading id={`${prefix}-words`}>Words to practise</Heading>
      {report.wordsToPractise.length === 0 ? (
        <p>{you ? `No hard words in ${period}.` : `No word was an error in ${period}.`}</p>
      ) : (
        <>
          <p>
            {you
              ? 'These words were hard. Read them with a grown-up, then find them in a story.'
              : 'The words read wrong most often (in a reading check, also after a long pause). Read them together, then find them in a story.'}
          </p>
          <ol className="enhanced__words" aria-labelledby={`${prefix}-words`}>
            {report.wordsToPractise.map((w) => (
              <li key={w.word}>
                <strong>{w.word}</strong>: {you ? 'hard' : 'an error'} in {readingsText(w.count)}
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
