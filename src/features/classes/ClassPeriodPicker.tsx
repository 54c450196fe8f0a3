/**
 * What Class Analytics and Student Reports share (docs/decisions/0050-class-analytics-and-reports.md): the choice of
 * class and period, kept in the address (`?class={id}&period={id}`, so Back from a reader's page returns to the same
 * view), and the frame that shows a class's figures once they are loaded, with every state before that: not a
 * teacher, no class yet, a class to choose, loading, a class that is not the teacher's (404), a failure to retry.
 */
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ClassAnalytics, ClassAnalyticsQuery } from '#core/api/class-analytics.ts';
import type { ClassSummary } from '#core/api/classes.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { usePageGuidance, type PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { classPath, protectedPaths, type ProtectedPath } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useClassAnalytics } from '../../lib/api/class-analytics.ts';
import { isNotATeacher, isNotFound, useClasses } from '../../lib/api/classes.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Select } from '../../ui/Select.tsx';
import {
  DEFAULT_PERIOD,
  isPeriodId,
  NOT_A_SCREENING_TEXT,
  PERIODS,
  periodQuery,
  type PeriodId,
} from './class-analytics-text.ts';
import {
  FIGURES_CHOOSE_CLASS_GUIDANCE,
  FIGURES_CLASS_NOT_FOUND_GUIDANCE,
  FIGURES_ERROR_GUIDANCE,
  FIGURES_NO_CLASS_GUIDANCE,
} from './class-analytics.guidance.ts';
import { CLASS_FIGURES_ACTIONS, classPeriodVoiceCommands } from './class-analytics.voice-commands.ts';
import { distinctNames } from './class-text.ts';
import { NOT_A_TEACHER_GUIDANCE } from './classes.guidance.ts';
import { localDay } from './assignment-links.ts';
import { AccountError, NotATeacher, useViewer } from './TeacherOnly.tsx';
import '../../ui/page.css';
import './classes.css';
import './class-analytics.css';

/** The class and period chosen, and how to change them. */
export interface ClassPeriodChoice {
  /** The teacher's classes, oldest first, and the distinct names the list shows them by. */
  classes: readonly ClassSummary[];
  classNames: readonly string[];
  /** The class chosen ('' for none yet). */
  classId: string;
  period: PeriodId;
  /** The teacher's local day, YYYY-MM-DD. */
  today: string;
  /** What the server is asked for the period. */
  query: ClassAnalyticsQuery;
  chooseClass: (classId: string) => void;
  choosePeriod: (period: PeriodId) => void;
}

/**
 * The class and period in the address: `?class=` (else the only class), `?period=` (else since the class began).
 * Choices replace the entry, so Back leaves the screen rather than stepping through choices.
 */
function useClassPeriodChoice(classes: readonly ClassSummary[]): ClassPeriodChoice {
  const [params, setParams] = useSearchParams();
  const asked = params.get('class') ?? '';
  const classId = asked || (classes.length === 1 ? classes[0]!.id : '');
  const askedPeriod = params.get('period');
  const period = isPeriodId(askedPeriod) ? askedPeriod : DEFAULT_PERIOD;
  const today = localDay();
  const set = (key: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return {
    classes,
    classNames: distinctNames(classes),
    classId,
    period,
    today,
    query: periodQuery(period, today),
    chooseClass: (id) => set('class', id),
    choosePeriod: (id) => set('period', id === DEFAULT_PERIOD ? '' : id),
  };
}

/**
 * The class (a list when there is more than one, or the chosen class is not among them) and the period. Each
 * class's and period's name can be said to choose it.
 */
export function ClassPeriodPicker({ choice }: { choice: ClassPeriodChoice }) {
  const titleId = useId();
  const { classes, classNames, classId } = choice;
  const only = classes.length === 1 && classes[0]!.id === classId ? classes[0]! : null;
  const offered = only ? [] : classes.map((c, i) => ({ id: c.id, name: classNames[i]! }));
  useVoiceCommands(classPeriodVoiceCommands(offered), (target) => {
    if (target.startsWith(CLASS_FIGURES_ACTIONS.classPrefix))
      choice.chooseClass(target.slice(CLASS_FIGURES_ACTIONS.classPrefix.length));
    else if (target.startsWith(CLASS_FIGURES_ACTIONS.periodPrefix)) {
      const period = target.slice(CLASS_FIGURES_ACTIONS.periodPrefix.length);
      if (isPeriodId(period)) choice.choosePeriod(period);
    }
  });
  return (
    <section className="page__card class-figures__picker" aria-labelledby={titleId}>
      <h2 id={titleId}>Class and period</h2>
      <div className="class-figures__fields">
        {only ? (
          <p className="class-figures__only-class">
            Class: <bdi>{classNames[0]}</bdi>
          </p>
        ) : (
          <Select
            label="Class"
            options={offered.map((c) => ({ id: c.id, label: c.name }))}
            value={classes.some((c) => c.id === classId) ? classId : ''}
            onChange={(id) => id && choice.chooseClass(id)}
            placeholder="Choose a class"
          />
        )}
        <Select
          label="Period"
          description="Stories set in this time count, by the day they were set."
          options={PERIODS.map((p) => ({ id: p.id, label: p.label }))}
          value={choice.period}
          onChange={(id) => isPeriodId(id) && choice.choosePeriod(id)}
        />
      </div>
    </section>
  );
}

/** What to do when no story was set in the period (both screens). */
export function NoStorySetHint() {
  return (
    <p>
      Choose a longer period, or set the class a story on{' '}
      <Link href={protectedPaths.createAssignment}>{screenName(protectedPaths.createAssignment)}</Link>.
    </p>
  );
}

/** A class with no reader yet (both screens): how readers join. */
export function NoReaderYet({ classId }: { classId: string }) {
  return (
    <>
      <p>No reader is in this class yet. Readers join with the class code, on the class page.</p>
      <p>
        <Link href={classPath(classId)}>Open the class page</Link>
      </p>
    </>
  );
}

/** Props of {@link ClassFiguresScreen}. */
export interface ClassFiguresScreenProps {
  /** The screen's route: its name is the page's heading and title. */
  path: ProtectedPath;
  /** The page's own class name (its CSS). */
  className: string;
  /** What the screen is for, under the heading. */
  lead: ReactNode;
  /** Sparky's lines once the figures are here. */
  guidance: (data: ClassAnalytics, choice: ClassPeriodChoice) => PageGuidance;
  /** The screen's content, from the figures. */
  children: (data: ClassAnalytics, choice: ClassPeriodChoice) => ReactNode;
}

/**
 * A screen of a class's figures: the heading, what it is for and that it is not a screening nor a grade, the class
 * and period, then the content once loaded; each state before that said plainly, with Sparky's line for it.
 */
export function ClassFiguresScreen({ path, className, lead, guidance, children }: ClassFiguresScreenProps) {
  const title = screenName(path);
  useDocumentTitle(title);
  const viewer = useViewer();
  const isTeacher = viewer === 'teacher';
  const classes = useClasses({ enabled: isTeacher });
  const choice = useClassPeriodChoice(classes.data?.classes ?? []);
  const list = classes.data?.classes;
  // Only a class of the teacher's list is asked for: an address's `?class=` is not put into a request as it is.
  const known = list?.some((c) => c.id === choice.classId) ?? false;
  const figures = useClassAnalytics(choice.classId, choice.query, { enabled: isTeacher && known });
  const refused = isNotATeacher(classes.error) || isNotATeacher(figures.error);
  const missing = isNotFound(figures.error) || (list !== undefined && choice.classId !== '' && !known);
  const data = figures.data;

  let said: PageGuidance | null = null;
  if (viewer === 'not-teacher' || refused) said = NOT_A_TEACHER_GUIDANCE;
  else if (classes.isError) said = FIGURES_ERROR_GUIDANCE;
  else if (list && list.length === 0) said = FIGURES_NO_CLASS_GUIDANCE;
  else if (list && choice.classId === '') said = FIGURES_CHOOSE_CLASS_GUIDANCE;
  else if (missing) said = FIGURES_CLASS_NOT_FOUND_GUIDANCE;
  else if (figures.isError) said = FIGURES_ERROR_GUIDANCE;
  else if (list && data) said = guidance(data, choice);
  usePageGuidance(said);

  if (viewer === 'error') return <AccountError title={title} />;
  if (viewer === 'not-teacher' || refused) return <NotATeacher title={title} />;
  if (viewer === 'loading') return <LoadingIndicator size="page" />;

  let body: ReactNode;
  if (classes.isError)
    body = (
      <div role="alert" className="page__card">
        <p>We could not load your classes right now.</p>
        <Button variant="secondary" onPress={() => void classes.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (!list) body = <LoadingIndicator message="Loading your classes…" />;
  else if (list.length === 0)
    body = (
      <section className="page__card" aria-labelledby="figures-no-class-title">
        <h2 id="figures-no-class-title">You have no class yet</h2>
        <p>Make a class and give its readers the code. Then set the class a story to read.</p>
        <p>
          <Link href={protectedPaths.classManagement} variant="primary">
            {screenName(protectedPaths.classManagement)}
          </Link>
        </p>
      </section>
    );
  else {
    let figuresView: ReactNode;
    if (choice.classId === '') figuresView = <p>Choose a class to see its figures.</p>;
    else if (missing)
      figuresView = (
        <div role="alert" className="page__card">
          <p>This class is not one of yours, or it was deleted. Choose another class.</p>
          <p>
            <Link href={protectedPaths.classManagement}>{screenName(protectedPaths.classManagement)}</Link>
          </p>
        </div>
      );
    else if (figures.isError)
      figuresView = (
        <div role="alert" className="page__card">
          <p>We could not load the figures right now.</p>
          <Button variant="secondary" onPress={() => void figures.refetch()}>
            Try again
          </Button>
        </div>
      );
    else if (!data) figuresView = <LoadingIndicator message="Loading the figures…" />;
    else figuresView = <div className="class-figures__content">{children(data, choice)}</div>;
    body = (
      <>
        <ClassPeriodPicker choice={choice} />
        {figuresView}
      </>
    );
  }
  return (
    <div className={`page classes-page class-figures ${className}`}>
      <h1>{title}</h1>
      <p className="page__lead">{lead}</p>
      <p className="class-figures__scope">{NOT_A_SCREENING_TEXT}</p>
      {body}
    </div>
  );
}
