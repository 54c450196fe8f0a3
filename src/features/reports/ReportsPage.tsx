import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { LinkCodeSchema, type ChildReport, type LinkedPerson } from '#core/api/family.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import {
  FAMILY_QUERY_KEY,
  useChildReport,
  useFamily,
  useRedeemLinkCode,
  useRemoveLink,
} from '../../lib/api/family.ts';
import { GOALS_QUERY_KEY } from '../../lib/api/goals.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useMe } from '../../lib/api/me.ts';
import { gradeLabel } from '../../lib/api/profile-options.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { StackLabel, stackedTableRoles, TableScroll } from '../../ui/TableScroll.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { REPORTS_GUIDANCE } from './reports.guidance.ts';
import '../../ui/page.css';

/** What a guardian is told when what they typed cannot be a code. */
export const CODE_FORMAT_TEXT = 'A code is 9 digits, like 482 913 775.';

/** What a guardian is told when a code is refused, by the API's code. */
export function redeemErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  switch (error.code) {
    case 'link_code_invalid':
      return 'That code does not work. A code works once, for a day: ask your child to make a new one on their Profile page.';
    case 'invalid_input':
      return CODE_FORMAT_TEXT;
    case 'rate_limited':
      // The server's own words say how long to wait.
      return error.message || 'Too many codes tried. Please wait a few minutes and try again.';
    case 'too_many_links':
      return 'You follow as many readers as one account can, or this reader has as many grown-ups as they can.';
    case 'not_a_guardian':
      return 'Only a parent or guardian account can follow a reader.';
    default:
      return 'Something went wrong. Please try again.';
  }
}

/** A number with its unit, or a dash when there is none. */
function figure(value: number | null | undefined, unit = ''): string {
  return value === null || value === undefined ? '—' : `${Math.round(value * 10) / 10}${unit}`;
}

/** Words correct per minute, whole (as the reader's own pages show it), or a dash. */
function wcpm(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : String(Math.round(value));
}

/** A change with its sign, to one decimal: "+4", "−2.5", or "no change" when it rounds to nothing. */
export function change(value: number, unit = ''): string {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return 'no change';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded)}${unit}`;
}

/** A date as the reader's locale writes it. */
function day(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * One followed reader's progress: the facts, the reading summary and recent change, each story read, letters,
 * words and badges (GET /api/family/children/:childId/report; spec §3 derived per-story performance and recent
 * progress, §9 reading statistics).
 */
function ChildReportView({ report }: { report: ChildReport }) {
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

      <h3 id={`${prefix}-reading`}>Reading aloud</h3>
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

      <h3>Letters and words</h3>
      <p>
        Letters found in the letter game: {report.lettersFound} of 26. Words built in the word builder:{' '}
        {report.wordsBuilt}.
      </p>

      <h3>Badges</h3>
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

/** A followed reader's card: their report, and "Stop following". */
function ChildCard({ person, onStop }: { person: LinkedPerson; onStop: () => void }) {
  const report = useChildReport(person.userId);
  const queryClient = useQueryClient();
  const titleId = `child-${person.userId}`;
  // The reader stopped sharing (or deleted their account) since the list was loaded: say so, and reload it, and
  // the goals, which went with the link (ADR 0042).
  const stopped = report.error instanceof ApiError && report.error.code === 'not_found';
  useEffect(() => {
    if (!stopped) return;
    void queryClient.invalidateQueries({ queryKey: FAMILY_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: GOALS_QUERY_KEY });
  }, [stopped, queryClient]);
  return (
    <section className="page__card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <bdi>{person.displayName}</bdi>
      </h2>
      {stopped ? (
        <p role="alert">{person.displayName} no longer shares their progress with you.</p>
      ) : report.isError ? (
        <p role="alert">We could not load this report right now. Please try again later.</p>
      ) : report.data ? (
        <ChildReportView report={report.data} />
      ) : (
        <LoadingIndicator message="Loading the report…" />
      )}
      <div className="page__form-row">
        <Button variant="secondary" onPress={onStop}>
          Stop following {person.displayName}
        </Button>
      </div>
    </section>
  );
}

/** A guardian enters a reader's code. */
function AddChild() {
  const redeem = useRedeemLinkCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A second Enter while the first is on its way would spend a second try.
    if (redeem.isPending) return;
    const parsed = LinkCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(CODE_FORMAT_TEXT);
      return;
    }
    redeem.mutate(
      { code: parsed.data },
      {
        onSuccess: ({ child }) => {
          setCode('');
          setError(null);
          showToast({
            title: 'Reader added',
            description: `You can now see ${child.displayName}'s progress.`,
            variant: 'default',
          });
        },
        onError: (failure) => setError(redeemErrorText(failure)),
      },
    );
  };
  return (
    <form className="page__card page__form" noValidate onSubmit={onSubmit} aria-labelledby="add-child-title">
      <h2 id="add-child-title">Follow your child's reading</h2>
      <p>
        On your child's account, open Profile and press "Make a code for a grown-up". Then type the code here.
      </p>
      <TextField
        label="Your child's code"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        autoComplete="off"
        inputMode="numeric"
        spellCheck="false"
        autoCorrect="off"
        description="9 digits, like 482 913 775. Spaces are fine."
        errorMessage={error}
      />
      <div className="page__form-row">
        <Button type="submit" isPending={redeem.isPending}>
          Follow
        </Button>
      </div>
    </form>
  );
}

/**
 * /reports, 'Progress Reports' (spec §2.4: the guardian menu's "Progress"; docs/decisions/0041-family-links.md).
 * A guardian follows their child's reading with the code the child makes on Profile, and sees a report for each
 * child followed. Anyone else is told what the page is for and where their own progress is (the page is also
 * reached by saying "progress" or "reports", spec §2.6).
 */
export function ReportsPage() {
  const title = screenName(protectedPaths.reports);
  useDocumentTitle(title);
  usePageGuidance(REPORTS_GUIDANCE);
  const me = useMe();
  const isGuardian = me.data?.profile?.user_type === 'guardian';
  const family = useFamily();
  const removeLink = useRemoveLink();
  const [stopping, setStopping] = useState<LinkedPerson | null>(null);
  if (me.isError && !me.data) {
    return (
      <div className="page">
        <h1>{title}</h1>
        <p role="alert">We could not load your account right now. Please reload the page.</p>
      </div>
    );
  }
  if (!me.data) return <LoadingIndicator size="page" />;

  if (!isGuardian) {
    const type = me.data.profile?.user_type;
    const isReader = type === 'student' || type === 'other';
    return (
      <div className="page">
        <h1>{title}</h1>
        <p className="page__lead">Progress Reports are for a parent or guardian who follows a reader.</p>
        <section className="page__card">
          {isReader ? (
            <p>
              To let a grown-up see your progress, make a code on your{' '}
              <Link href={`${protectedPaths.profile}#family`}>Profile</Link> page. Your own scores are on{' '}
              <Link href={protectedPaths.fluency}>Reading Practice</Link> and your badges on{' '}
              <Link href={protectedPaths.rewards}>Rewards</Link>.
            </p>
          ) : (
            <p>
              A parent or guardian account follows a child with a code the child makes. Reports on a class are
              being built for teachers.
            </p>
          )}
        </section>
      </div>
    );
  }

  const children = family.data?.children ?? [];
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__lead">
        See how your child is reading: the stories, the scores and how they change, the letters, words and
        badges.
      </p>
      {family.isError ? <p role="alert">We could not load the readers you follow right now.</p> : null}
      {family.data && children.length === 0 ? <p>You do not follow a reader yet.</p> : null}
      {children.map((person) => (
        <ChildCard key={person.linkId} person={person} onStop={() => setStopping(person)} />
      ))}
      <AddChild />
      <ConfirmDialog
        isOpen={stopping !== null}
        onOpenChange={(open) => (open ? undefined : setStopping(null))}
        title={stopping ? `Stop following ${stopping.displayName}?` : 'Stop following?'}
        description={<p>You will no longer see their progress. They can give you a new code later.</p>}
        confirmLabel="Stop following"
        isPending={removeLink.isPending}
        onConfirm={() => {
          if (!stopping) return;
          removeLink.mutate(stopping.linkId, {
            onSettled: () => setStopping(null),
            onError: () =>
              showToast({
                title: 'Could not stop following',
                description: 'Something went wrong. Please try again.',
                variant: 'destructive',
              }),
          });
        }}
      />
    </div>
  );
}
