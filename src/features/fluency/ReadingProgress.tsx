import { lazy, Suspense, useEffect, useRef, useState, type Ref } from 'react';
import type { ReadingSessionSummary, ReadingStats } from '#core/api/reading-sessions.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { ApiError } from '../../lib/api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Disclosure } from '../../ui/Disclosure.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { StackLabel, stackedTableRoles, TableScroll } from '../../ui/TableScroll.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { useDeleteReadingSession } from './api/delete-reading-session.ts';
import { useReadingSessions } from './api/reading-sessions.ts';
import { useReadingStats } from './api/reading-stats.ts';
import '../../lib/reading/reading.css';

// The chart library is the largest part of the page: it loads only when there is a chart to draw
// (docs/decisions/0012-route-splitting.md). The table under it says the same meanwhile.
const ProgressPlot = lazy(() => import('./ProgressPlot.tsx').then((m) => ({ default: m.ProgressPlot })));

const dateFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
/**
 * When a reading was made, as the history shows it ("Nov 28, 3:04 PM").
 * @param iso the session's `created_at`
 */
export function readingTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/**
 * What the history adds after a reading's story: " (screening)" for a passage of a Reading Screening (in `assessment`
 * mode, with its `screening_id`; docs/decisions/0049-reading-screening.md), " (reading check)" for the Reading
 * Assessment, nothing for practice.
 */
export function readingKind(
  session: Pick<ReadingSessionSummary, 'mode' | 'screening_id' | 'for_screening'>,
): string {
  // Made for a screening, counted or not, even after the screening was deleted (ADR 0049).
  if (session.for_screening || session.screening_id) return ' (screening)';
  return session.mode === 'assessment' ? ' (reading check)' : '';
}

const fmt = (n: number | null | undefined, digits = 0) =>
  n === null || n === undefined ? '—' : n.toFixed(digits);

/** The title of the grown-ups' part of the progress. */
export const GROWN_UPS_PROGRESS_TITLE = 'For grown-ups: progress figures';

/**
 * The chart's x-axis labels (issue 17: "1. Nov 23, 2. Nov 23" repeated the date on every tick): the
 * reading's number, and under it the day only where the day changes.
 *
 * @param points the chart's sessions, oldest first (`createdAt` ISO times)
 * @returns one label per point
 */
export function chartTickLabels(points: readonly { createdAt: string }[]): { number: string; day: string }[] {
  let previous = '';
  return points.map((p, i) => {
    const day = dateFormat.format(new Date(p.createdAt));
    const label = { number: String(i + 1), day: day === previous ? '' : day };
    previous = day;
    return label;
  });
}

/** "up 12", "down 3", "no change" for a difference between sessions (spec §9 trend). */
export function trendWords(diff: number, unit = ''): string {
  if (diff > 0) return `up ${Number(diff.toFixed(1))}${unit}`;
  if (diff < 0) return `down ${Number(Math.abs(diff).toFixed(1))}${unit}`;
  return 'no change';
}

/** The chart of the last 10 sessions (spec §9) with a table that says the same (the chart is hidden from screen readers). */
export function ProgressChart({ chart }: { chart: ReadingStats['chart'] }) {
  const labels = chartTickLabels(chart);
  const data = chart.map((p, i) => ({
    name: String(i + 1),
    wcpm: Math.round(p.wcpm),
    accuracy: p.accuracy,
    fluency: p.fluencyScore,
  }));
  return (
    <figure className="progress-chart" aria-labelledby="progress-chart-caption">
      <figcaption id="progress-chart-caption">
        {chart.length === 1
          ? 'Your last reading'
          : `Your last ${chart.length} readings, oldest first (numbered as in the table)`}
      </figcaption>
      <div className="progress-chart__plot" aria-hidden="true">
        <Suspense fallback={<LoadingIndicator message="Loading the chart..." />}>
          <ProgressPlot data={data} labels={labels} />
        </Suspense>
      </div>
      <TableScroll label="The chart as a table">
        <table className="data-table">
          <caption>The chart as a table</caption>
          <thead>
            <tr>
              <th scope="col">Reading</th>
              <th scope="col">Story</th>
              <th scope="col">Words correct per minute</th>
              <th scope="col">Accuracy</th>
              <th scope="col">Fluency score</th>
            </tr>
          </thead>
          <tbody>
            {chart.map((p, i) => (
              <tr key={p.id}>
                <th scope="row">
                  {i + 1}. {dateTimeFormat.format(new Date(p.createdAt))}
                </th>
                <td>{p.storyTitle}</td>
                <td>{Math.round(p.wcpm)}</td>
                <td>{fmt(p.accuracy, 1)}%</td>
                <td>{fmt(p.fluencyScore)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </figure>
  );
}

/** Toasts of deleting a reading (not spec texts: issue #14 item 11). */
export const DELETE_READING_TOASTS = {
  deleted: { title: 'Reading deleted', description: 'The reading and its recording are gone.' },
  failed: { title: 'Reading not deleted' },
} as const;

/**
 * "Delete" for one reading: asks first (ConfirmDialog, focus on Cancel), then deletes the reading with
 * its recording; the outcome is a toast, which screen readers announce. In the history the refreshed
 * list drops the row with this button and its dialog: the outcome is taken from the promise, which
 * settles whether the button is still there or not, and `onDeleted` lets the list move the focus
 * that goes with the row.
 */
export function DeleteReadingButton({
  session,
  onDeleted,
}: {
  session: ReadingSessionSummary;
  /** Called once the reading is deleted and the lists are refreshed. */
  onDeleted?: () => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const remove = useDeleteReadingSession();
  const when = readingTime(session.created_at);
  return (
    <>
      <Button
        variant="quiet"
        data-delete-reading
        aria-label={`Delete the reading of ${session.story_title}, ${when}`}
        onPress={() => setOpen(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title="Delete this reading?"
        description={
          <p>
            Your reading of {session.story_title} on {when}
            {session.has_audio ? ', with its recording,' : ''} will be deleted for good. Your tokens and
            badges stay.
          </p>
        }
        confirmLabel="Delete the reading"
        isPending={remove.isPending}
        onConfirm={() => {
          const done = () => {
            setOpen(false);
            showToast({ ...DELETE_READING_TOASTS.deleted, variant: 'default' });
            onDeleted?.();
          };
          return remove.mutateAsync(session.id).then(done, (error: unknown) => {
            // Already deleted (in another tab, or by a grown-up): it is gone, as asked; its row goes
            // with the refreshed list and focus moves on as after a delete, not to <body>.
            if (error instanceof ApiError && error.status === 404) return done();
            setOpen(false);
            showToast({
              title: DELETE_READING_TOASTS.failed.title,
              description:
                error instanceof ApiError && error.message
                  ? error.message
                  : 'Something went wrong. Please try again.',
              variant: 'destructive',
            });
          });
        }}
      />
    </>
  );
}

/**
 * Every reading, newest first, with its Delete button. Seven columns never fit a phone: where the
 * table has less than 40 rem of room, each reading is a card of its figures, each under its column's
 * name, still a table for screen readers (TableScroll `stack`; WCAG 1.4.10 at 320 px with
 * Extra-large text).
 */
function History({
  sessions,
  tableRef,
  onDeleted,
  onOpen,
}: {
  sessions: readonly ReadingSessionSummary[];
  tableRef: Ref<HTMLTableElement>;
  onDeleted: (id: string, index: number) => void;
  onOpen: ((id: string) => void) | undefined;
}) {
  const columns = onOpen ? HISTORY_COLUMNS : HISTORY_COLUMNS.filter((column) => column !== 'Open');
  const r = stackedTableRoles;
  return (
    <TableScroll label="Every reading, newest first" stack>
      <table ref={tableRef} className="data-table" {...r.table} aria-labelledby="reading-history-caption">
        <caption id="reading-history-caption">Every reading, newest first</caption>
        <thead {...r.rowgroup}>
          <tr {...r.row}>
            {columns.map((column) => (
              <th key={column} {...r.columnheader}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody {...r.rowgroup}>
          {sessions.map((s, index) => (
            <tr key={s.id} {...r.row}>
              <th {...r.rowheader}>
                <StackLabel>When</StackLabel>
                {dateTimeFormat.format(new Date(s.created_at))}
              </th>
              <td {...r.cell}>
                <StackLabel>Story</StackLabel>
                {s.story_title}
                {readingKind(s)}
              </td>
              <td {...r.cell}>
                <StackLabel>Words correct per minute</StackLabel>
                {fmt(s.wcpm)}
              </td>
              <td {...r.cell}>
                <StackLabel>Accuracy</StackLabel>
                {s.accuracy_percentage === null ? '—' : `${fmt(s.accuracy_percentage, 1)}%`}
              </td>
              <td {...r.cell}>
                <StackLabel>Fluency score</StackLabel>
                {fmt(s.fluency_score)}
              </td>
              <td {...r.cell}>
                <StackLabel>Tokens</StackLabel>
                {s.tokens_awarded}
              </td>
              {onOpen ? (
                <td {...r.cell}>
                  <Button
                    variant="quiet"
                    icon="book"
                    data-open-reading={s.id}
                    aria-label={`Open the reading of ${s.story_title}, ${readingTime(s.created_at)}`}
                    onPress={() => onOpen(s.id)}
                  >
                    Open
                  </Button>
                </td>
              ) : null}
              <td {...r.cell}>
                <DeleteReadingButton session={s} onDeleted={() => onDeleted(s.id, index)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

const NO_SESSIONS: readonly ReadingSessionSummary[] = [];

/** The history's column names, in order (each also a stacked card's label). */
const HISTORY_COLUMNS = [
  'When',
  'Story',
  'Words correct per minute',
  'Accuracy',
  'Fluency score',
  'Tokens',
  'Open',
  'Delete',
] as const;

/**
 * The reader's progress (spec §9 reading statistics, §3 per-story performance and recent progress):
 * for the child, how often they have read and their streak; for grown-ups, under a disclosure
 * (issue 17), the averages, change since last time, the chart of the last 10 readings with its
 * table, per-story attempts and improvement, and the full history. A failed fetch is only logged
 * (spec §8).
 */
export function ReadingProgress({
  onOpen,
}: {
  /**
   * Opens one past reading (its session id): with it, "See your last reading" for the child and "Open"
   * on each row of the history (docs/decisions/0036-reopen-a-past-reading.md).
   */
  onOpen?: (id: string) => void;
} = {}) {
  const stats = useReadingStats();
  const sessions = useReadingSessions();
  const list = sessions.data ?? NO_SESSIONS;
  const historyRef = useRef<HTMLTableElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const [deleted, setDeleted] = useState<{ id: string; index: number } | null>(null);
  const focused = useRef<typeof deleted>(null);
  // A deleted reading's row takes its focused Delete button with it, and focus fell to <body> (a
  // screen-reader or switch user was sent back to the top): once the row is gone, focus goes to the
  // Delete of the reading now in its place, else the one before, else the summary that says what is
  // left (WCAG 2.4.3). The toast has said "Reading deleted" in the live region meanwhile.
  useEffect(() => {
    if (!deleted || focused.current === deleted || list.some((s) => s.id === deleted.id)) return;
    focused.current = deleted;
    const buttons = historyRef.current?.querySelectorAll<HTMLElement>('[data-delete-reading]') ?? [];
    (buttons[Math.min(deleted.index, buttons.length - 1)] ?? summaryRef.current)?.focus();
  }, [deleted, list]);
  if (stats.isPending || sessions.isPending) return <LoadingIndicator message="Loading your progress..." />;
  const s = stats.data;
  if (stats.isError) console.warn('reading stats failed to load', stats.error);
  if (sessions.isError) console.warn('reading sessions failed to load', sessions.error);
  if (list.length === 0 && (!s || s.chart.length === 0)) {
    return (
      <p ref={summaryRef} tabIndex={-1}>
        No readings yet. Your progress shows up here after your first reading.
      </p>
    );
  }
  const readings = list.length > 0 ? list.length : (s?.averages.sessions ?? 0);
  return (
    <>
      <p ref={summaryRef} tabIndex={-1} className="progress-child">
        {readings === 1 ? 'You have read 1 time.' : `You have read ${readings} times.`}
        {s ? ` Your reading streak: ${s.streak} ${s.streak === 1 ? 'day' : 'days'}.` : null}
      </p>
      {onOpen && list[0] ? (
        <p className="progress-child__last">
          <Button variant="secondary" icon="book" data-last-reading onPress={() => onOpen(list[0]!.id)}>
            See your last reading
          </Button>
        </p>
      ) : null}
      <Disclosure title={GROWN_UPS_PROGRESS_TITLE} className="progress-grown-ups">
        {s ? <ProgressFigures stats={s} /> : null}
        {s && s.averages.sessions > 0 ? (
          <p>
            <Link href={protectedPaths.enhancedReports}>
              <Icon name="chart" size={20} /> See more in {screenName(protectedPaths.enhancedReports)}
            </Link>
            : week by week, miscues and words to practise.
          </p>
        ) : null}
        {list.length > 0 ? (
          <History
            sessions={list}
            tableRef={historyRef}
            onDeleted={(id, index) => setDeleted({ id, index })}
            onOpen={onOpen}
          />
        ) : null}
      </Disclosure>
    </>
  );
}

/** Averages, the change since the reading before, the chart and the per-story table. */
function ProgressFigures({ stats: s }: { stats: ReadingStats }) {
  return (
    <>
      <dl className="fluency-scores fluency-scores--small">
        <div className="fluency-score">
          <dt>Readings</dt>
          <dd>{s.averages.sessions}</dd>
        </div>
        <div className="fluency-score">
          <dt>Average words correct per minute</dt>
          <dd>{fmt(s.averages.wcpm)}</dd>
        </div>
        <div className="fluency-score">
          <dt>Average accuracy</dt>
          <dd>{s.averages.accuracy === null ? '—' : `${fmt(s.averages.accuracy, 1)}%`}</dd>
        </div>
        <div className="fluency-score">
          <dt>Average fluency score</dt>
          <dd>{fmt(s.averages.fluency, 1)}</dd>
        </div>
        <div className="fluency-score">
          <dt>Reading streak</dt>
          <dd>
            {s.streak} {s.streak === 1 ? 'day' : 'days'}
          </dd>
        </div>
      </dl>
      {s.recentProgress ? (
        <p>
          Since the reading before: words correct per minute {trendWords(s.recentProgress.wcpm)}, accuracy{' '}
          {trendWords(s.recentProgress.accuracy, ' points')}, fluency score{' '}
          {trendWords(s.recentProgress.fluency)}.
        </p>
      ) : null}
      {s.chart.length > 0 ? <ProgressChart chart={s.chart} /> : null}
      {s.perStory.length > 0 ? (
        <TableScroll label="Each story">
          <table className="data-table">
            <caption>Each story</caption>
            <thead>
              <tr>
                <th scope="col">Story</th>
                <th scope="col">Times read</th>
                <th scope="col">Latest words correct per minute</th>
                <th scope="col">Change since first time</th>
                <th scope="col">Latest accuracy</th>
              </tr>
            </thead>
            <tbody>
              {s.perStory.map((p) => (
                <tr key={p.storyId ?? p.storyTitle}>
                  <th scope="row">{p.storyTitle}</th>
                  <td>{p.attempts}</td>
                  <td>{fmt(p.latest.wcpm)}</td>
                  <td>{p.attempts > 1 ? trendWords(p.improvement.wcpm) : 'first time'}</td>
                  <td>{p.latest.accuracy === null ? '—' : `${fmt(p.latest.accuracy, 1)}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </>
  );
}
