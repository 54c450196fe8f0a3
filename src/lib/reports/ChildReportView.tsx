/**
 * A reader's progress report, read-only, as a grown-up who follows them sees it: a guardian on Progress Reports
 * (docs/decisions/0041-family-links.md) and a teacher on Student Progress (docs/decisions/0046-classes.md). Shared
 * by both features, so it lives here (features never import each other).
 */
import type { ReaderReport, ReportLearningPath } from '#core/api/family.ts';
import { screenName } from '../../app/screen-names.ts';
import { gradeLabel } from '../api/profile-options.ts';
import { grownUpWhat, STEP_SCREENS, type ReportViewer } from '../learning-path/steps.ts';
import { StackLabel, stackedTableRoles, TableScroll } from '../../ui/TableScroll.tsx';
import '../../ui/page.css';

/** A number with its unit, or a dash when there is none. */
export function figure(value: number | null | undefined, unit = ''): string {
  return value === null || value === undefined ? '—' : `${Math.round(value * 10) / 10}${unit}`;
}

/** Words correct per minute, whole (as the reader's own pages show it), or a dash. */
export function wcpm(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : String(Math.round(value));
}

/** A change with its sign, to one decimal: "+4", "−2.5", or "no change" when it rounds to nothing. */
export function change(value: number, unit = ''): string {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return 'no change';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded)}${unit}`;
}

/** A date as the reader's locale writes it ("21 Nov 2026"). */
export function day(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * A reader's learning path in words, for the grown-up who sees their report (ADR 0052, amended): the next step by
 * its screen's name with what it is in that grown-up's words (a guardian's or a teacher's, `grownUpWhat`), and the
 * steps done, as text (never colour alone).
 */
function PathSummary({
  name,
  path,
  Heading,
  viewer,
}: {
  name: string;
  path: ReportLearningPath;
  Heading: 'h2' | 'h3';
  viewer: ReportViewer;
}) {
  const next = STEP_SCREENS[path.next];
  const done = path.steps.filter((s) => s.status === 'done').map((s) => screenName(STEP_SCREENS[s.id].path));
  return (
    <>
      <Heading>Learning path</Heading>
      <p>
        Next step for {name}: <strong>{screenName(next.path)}</strong> —{' '}
        {path.allDone ? 'every step is done; keep reading stories aloud.' : grownUpWhat(path.next, viewer)}
      </p>
      <p>Steps done: {done.length === 0 ? 'none yet' : done.join(', ')}.</p>
    </>
  );
}

/**
 * One reader's progress: the facts, the learning path, the reading summary and recent change, each story read,
 * letters, words and badges (GET /api/family/children/:childId/report; spec §3 derived per-story performance and
 * recent progress, §9 reading statistics; and GET /api/classes/pupils/:studentId/report, the same report).
 */
export function ChildReportView({
  report,
  headingLevel = 3,
  viewer = 'guardian',
}: {
  /** The report with the reader's learning path: a guardian's (ChildReport) or a teacher's (PupilReport). */
  report: ReaderReport & { learningPath: ReportLearningPath };
  /** The level of the report's own headings: 3 under a reader's card (h2), 2 on a page of its own (h1). */
  headingLevel?: 2 | 3;
  /** Whose words the learning path is said in: a guardian's ("your child") or a teacher's. */
  viewer?: ReportViewer;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { child, readingStats: stats } = report;
  const r = stackedTableRoles;
  const prefix = `report-${child.userId}`;
  return (
    <>
      <dl className="profile__facts">
        <div>
          <dt>Grade</dt>
          <dd>{gradeLabel(child.grade) || '—'}</dd>
        </div>
        <div>
          <dt>Reading level (Lexile)</dt>
          <dd>{child.lexileLevel === null ? 'Not measured yet' : `${child.lexileLevel}L`}</dd>
        </div>
        <div>
          <dt>Last reading check</dt>
          <dd>
            {child.lastAssessmentWpm === null
              ? 'Not taken yet'
              : `${wcpm(child.lastAssessmentWpm)} words correct per minute, ${figure(child.lastAssessmentAccuracy, '%')} accuracy`}
          </dd>
        </div>
        <div>
          <dt>Reading streak</dt>
          <dd>{`${stats.streak} ${stats.streak === 1 ? 'day' : 'days'}`}</dd>
        </div>
        <div>
          <dt>Tokens (earned by reading, spent on the avatar)</dt>
          <dd>{child.tokens}</dd>
        </div>
      </dl>

      <PathSummary name={child.displayName} path={report.learningPath} Heading={Heading} viewer={viewer} />

      <Heading id={`${prefix}-reading`}>Reading aloud</Heading>
      {stats.averages.sessions === 0 ? (
        <p>No scored reading yet.</p>
      ) : (
        <>
          <p>
            {stats.averages.sessions} scored {stats.averages.sessions === 1 ? 'reading' : 'readings'}; on
            average {wcpm(stats.averages.wcpm)} words correct per minute and{' '}
            {figure(stats.averages.accuracy, '%')} accuracy.
          </p>
          {stats.recentProgress ? (
            <p>
              Since the reading before: {change(Math.round(stats.recentProgress.wcpm))} words correct per
              minute, {change(stats.recentProgress.accuracy, ' percentage points')} accuracy.
            </p>
          ) : null}
          <TableScroll label={`Stories ${child.displayName} read`} stack>
            <table className="data-table" {...r.table} aria-labelledby={`${prefix}-stories`}>
              <caption id={`${prefix}-stories`}>
                Stories read, with the latest reading and the change since the first
              </caption>
              <thead {...r.rowgroup}>
                <tr {...r.row}>
                  {[
                    'Story',
                    'Readings',
                    'Words correct per minute',
                    'Accuracy',
                    'Change since the first reading',
                    'Last read',
                  ].map((c) => (
                    <th key={c} {...r.columnheader}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody {...r.rowgroup}>
                {stats.perStory.map((story) => (
                  <tr key={story.storyId ?? story.storyTitle} {...r.row}>
                    <th {...r.rowheader}>
                      <StackLabel>Story</StackLabel>
                      {story.storyTitle}
                    </th>
                    <td {...r.cell}>
                      <StackLabel>Readings</StackLabel>
                      {story.attempts}
                    </td>
                    <td {...r.cell}>
                      <StackLabel>Words correct per minute</StackLabel>
                      {wcpm(story.latest.wcpm)}
                    </td>
                    <td {...r.cell}>
                      <StackLabel>Accuracy</StackLabel>
                      {figure(story.latest.accuracy, '%')}
                    </td>
                    <td {...r.cell}>
                      <StackLabel>Change since the first reading</StackLabel>
                      {story.attempts > 1
                        ? `${change(Math.round(story.improvement.wcpm))} words correct per minute`
                        : '—'}
                    </td>
                    <td {...r.cell}>
                      <StackLabel>Last read</StackLabel>
                      {day(story.lastAttemptAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}

      <Heading>Letters and words</Heading>
      <p>
        Letters found in the letter game: {report.lettersFound} of 26. Words built in the word builder:{' '}
        {report.wordsBuilt}.
      </p>

      <Heading>Badges</Heading>
      {report.achievements.length === 0 ? (
        <p>No badges yet.</p>
      ) : (
        <ul>
          {report.achievements.map((a) => (
            <li key={a.id}>
              <strong>{a.achievement_name}</strong>: {a.description} ({day(a.earned_at)})
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
