import { ALPHABET_SIZE } from '#core/alphabet/letters.ts';
import type { MeResponse } from '#core/api/account.ts';
import { goalLine, weekLine } from '#core/goals/lines.ts';
import {
  READINGS_TO_READ,
  WORDS_TO_BUILD,
  WORDS_TO_SOUND_OUT,
  type PathStepId,
  type PathStepStatus,
} from '#core/learning-path/path.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { navIcon } from '../../app/nav-icons.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useMe } from '../../lib/api/me.ts';
import { cx } from '../../lib/class-names.ts';
import { useOwnLearningPath } from '../../lib/learning-path/own-path.ts';
import { STEP_SCREENS } from '../../lib/learning-path/steps.ts';
import { readerPagesViewer } from '../../lib/reader-pages.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { learningPathGuidance, type PathViewer } from './learning-path.guidance.ts';
import '../../ui/page.css';
import './learning-path.css';
import { plural } from '#core/text/plural.ts';

/** How each status is shown: words and a picture, never colour alone (WCAG 1.4.1). */
export const STATUS_LABELS: Record<PathStepStatus, { label: string; icon: IconName }> = {
  done: { label: 'Done', icon: 'check' },
  now: { label: 'Your next step', icon: 'play' },
  todo: { label: 'Not yet', icon: 'clock' },
  later: { label: 'In grade 1', icon: 'clock' },
  extra: { label: 'Extra practice', icon: 'plus' },
};

/**
 * /my-learning-path, 'My Learning Path' (spec §2.2; docs/decisions/0052-my-learning-path.md): one reader's steps
 * through Sparky Reads, in order (letters, building words, sounding out, reading aloud, the reading check, a
 * reading goal), each a big card with its picture, what it is, the child's own progress in words and where it
 * stands in words ("Done", "Your next step", "Not yet"…); the next step (core/learning-path/path.ts) also on top,
 * and said by Sparky. Each step's link is its screen's name, so a child can also say it. Made from the child's
 * own figures that other screens already load; a grown-up is pointed to their own pages.
 */
export function LearningPathPage() {
  const title = screenName(protectedPaths.myLearningPath);
  useDocumentTitle(title);
  const me = useMe();
  // One rule with every reader's own page (src/lib/reader-pages.ts): a teacher whose profile is a reader's sees
  // their own path.
  const viewer: PathViewer | null = me.data ? readerPagesViewer(me.data) : null;
  if (!me.data || viewer === null) return <LoadingIndicator size="page" />;
  return (
    <div className="page path">
      <h1>{title}</h1>
      {viewer === 'reader' ? <ReaderPath me={me.data} /> : <GrownUpNote viewer={viewer} />}
    </div>
  );
}

/** A grown-up's view: the path is the child's own; where the grown-up follows a child instead. */
function GrownUpNote({ viewer }: { viewer: 'guardian' | 'teacher' }) {
  usePageGuidance(learningPathGuidance(viewer, null, false));
  const where = viewer === 'guardian' ? protectedPaths.reports : protectedPaths.teacherDashboard;
  return (
    <div className="page__card">
      <p className="page__lead">
        This page is for a child. It shows a child&apos;s own steps, from letters to reading stories, and
        which one comes next.
      </p>
      <p>
        {viewer === 'guardian' ? "To follow your child's reading, go to " : 'Your classes are on the '}
        <Link href={where}>{screenName(where)}</Link>.
      </p>
    </div>
  );
}

/** The reader's own path, from their figures. */
function ReaderPath({ me }: { me: MeResponse }) {
  const { path, loading, failed, letters, words, sounded, stats, goals } = useOwnLearningPath(me);
  const profile = me.profile;
  const next = STEP_SCREENS[path.next];
  usePageGuidance(
    loading
      ? null
      : learningPathGuidance('reader', { name: screenName(next.path), what: next.what }, path.allDone),
  );

  /** The child's progress on a step in words, or null when its figures could not be loaded. */
  function progress(id: PathStepId): string | null {
    switch (id) {
      case 'letters':
        return letters.data
          ? `You have found ${letters.data.found.length} of ${ALPHABET_SIZE} letters.`
          : null;
      case 'words': {
        if (!words.data) return null;
        const n = words.data.total;
        return n >= WORDS_TO_BUILD
          ? `You have built ${plural(n, 'word', 'words')}.`
          : `You have built ${n} of ${WORDS_TO_BUILD} words.`;
      }
      case 'sounds': {
        if (!sounded.data) return null;
        const n = sounded.data.total;
        return n >= WORDS_TO_SOUND_OUT
          ? `You have sounded out ${plural(n, 'word', 'words')}.`
          : `You have sounded out ${n} of ${WORDS_TO_SOUND_OUT} words.`;
      }
      case 'reading': {
        if (!stats.data) return null;
        const n = stats.data.averages.sessions;
        const latest = stats.data.chart.at(-1);
        const count =
          n === 0
            ? 'You have not read a story aloud yet.'
            : n >= READINGS_TO_READ
              ? `You have read ${plural(n, 'story', 'stories')} aloud.`
              : `You have read ${n} of ${READINGS_TO_READ} stories aloud.`;
        return latest
          ? `${count} Last time: ${latest.wcpm} words right in a minute, ${Math.round(latest.accuracy)}% right.`
          : count;
      }
      case 'assessment': {
        if (profile?.assessment_completed) {
          // As the Story Library and the Reading Assessment say it to a child: "your reading level of 540L".
          const level =
            profile.lexile_level !== null ? `Your reading level is ${profile.lexile_level}L.` : 'Done.';
          const wcpm = profile.last_assessment_wcpm;
          return wcpm !== null ? `${level} You read ${wcpm} words right in one minute.` : level;
        }
        return path.band === 'pre-reader'
          ? 'This reading check starts in grade 1.'
          : 'Not done yet. It takes one minute.';
      }
      case 'goal':
        if (!goals.data) return null;
        return goals.data.mine
          ? `${goalLine(goals.data.mine)} ${weekLine(goals.data.mine)}`
          : 'No goal yet. A grown-up who follows your reading can set one.';
    }
  }

  if (loading) return <LoadingIndicator />;
  const nextName = screenName(next.path);
  return (
    <>
      <p className="page__lead">Your steps, from letters to reading stories. One step at a time!</p>
      {failed ? (
        <p role="alert">Some of your progress could not be loaded right now. Your steps are still here.</p>
      ) : null}
      <section className="page__card path__next" aria-labelledby="path-next">
        <h2 id="path-next">Your next step</h2>
        <p className="path__next-go">
          <Link href={next.path} variant="primary" className="path__next-link">
            <Icon name={navIcon(next.path)} size={32} />
            <span>{nextName}</span>
          </Link>
        </p>
        <p>{path.allDone ? 'You did every step! Keep reading stories aloud to Sparky.' : next.what}</p>
      </section>
      <h2 id="path-steps">Your path</h2>
      <ol className="path__steps" aria-labelledby="path-steps">
        {path.steps.map((step, index) => {
          const screen = STEP_SCREENS[step.id];
          const status = STATUS_LABELS[step.status];
          const said = progress(step.id);
          return (
            <li
              key={step.id}
              className={cx('page__card', 'path__step', `path__step--${step.status}`)}
              aria-current={step.status === 'now' ? 'step' : undefined}
            >
              <h3 className="path__name">
                <span className="path__number">Step {index + 1}:</span>{' '}
                <Link href={screen.path} className="path__link">
                  <Icon name={navIcon(screen.path)} size={48} className="path__icon" />
                  <span>{screenName(screen.path)}</span>
                </Link>
              </h3>
              <p className="path__status">
                <Icon name={status.icon} size={20} />
                <span>{status.label}</span>
              </p>
              <p>{screen.what}</p>
              {said ? <p className="path__progress">{said}</p> : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}
