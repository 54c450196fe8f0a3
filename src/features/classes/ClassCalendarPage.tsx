import { parseDate, type CalendarDate } from '@internationalized/date';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Calendar, CalendarCell, CalendarGrid, Heading } from 'react-aria-components';
import { useSearchParams } from 'react-router-dom';
import { ASSIGNMENT_DUE_MAX_DAYS, type AssignmentSummary } from '#core/api/assignments.ts';
import type { ClassSummary } from '#core/api/classes.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance, type PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useAssignments } from '../../lib/api/assignments.ts';
import { isNotATeacher, useClasses } from '../../lib/api/classes.ts';
import { cx } from '../../lib/class-names.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Select } from '../../ui/Select.tsx';
import {
  canSetDueOn,
  createAssignmentOnDayPath,
  dayCellLabel,
  dueDayButtonName,
  dueDaysInMonth,
  fullDayName,
  groupByDueDay,
  isOverdue,
  monthKeyOf,
  monthName,
  seeWhoHasReadNames,
  storyProgressText,
  withoutDueDay,
} from './class-calendar-text.ts';
import {
  CLASS_CALENDAR_ERROR_GUIDANCE,
  CLASS_CALENDAR_GUIDANCE,
  CLASS_CALENDAR_NO_CLASS_GUIDANCE,
  CLASS_CALENDAR_NONE_GUIDANCE,
  monthLine,
} from './class-calendar.guidance.ts';
import { CLASS_CALENDAR_ACTIONS, classCalendarVoiceCommands } from './class-calendar.voice-commands.ts';
import { distinctNames } from './class-text.ts';
import { NOT_A_TEACHER_GUIDANCE } from './classes.guidance.ts';
import { assignmentResultsPath, localDay } from './assignment-links.ts';
import { AccountError, NotATeacher, useViewer } from './TeacherOnly.tsx';
import '../../ui/page.css';
import './classes.css';
import './class-calendar.css';

/** The class filter's choice for every class. */
const ALL_CLASSES = 'all';

/**
 * Stories in a list (one day's, or those with no due day): the story, its class, how many have read it (with
 * "Overdue" when the day has passed and some who were in the class then have not: `storyProgressText`), and a link
 * to who has read it (Grade Assignments).
 */
function StoryList({
  assignments,
  day,
  today,
  names,
}: {
  assignments: readonly AssignmentSummary[];
  /** The day the list is for, or null for the stories with no due day (never overdue). */
  day: string | null;
  today: string;
  /** Each link's name by assignment id, made over every link of the page so that no two are alike. */
  names: ReadonlyMap<string, string>;
}) {
  return (
    <ul className="classes__list class-calendar__stories">
      {assignments.map((a) => {
        const progress = storyProgressText(a, day ?? today, today);
        return (
          <li key={a.id} className="class-calendar__story">
            <span className="classes__name">
              <bdi>{a.storyTitle}</bdi>
            </span>
            {/* The commas part the facts for a screen reader, which the layout parts by space. */}
            <span>
              <span className="visually-hidden">, </span>
              <bdi>{a.className}</bdi>
            </span>
            <span>
              <span className="visually-hidden">, </span>
              {progress}
            </span>
            <Link href={assignmentResultsPath(a.id)} className="class-calendar__link">
              {names.get(a.id)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** A CalendarDate for a YYYY-MM-DD day, the same object while the day is the same. */
function useCalendarDate(day: string): CalendarDate {
  return useMemo(() => parseDate(day), [day]);
}

/**
 * The calendar itself, with the chosen day's stories, the shown month's days as a list, and the stories with no
 * due day. Today is chosen at first; the month shown and the day chosen are kept apart (a teacher may look at
 * next month while the chosen day's stories stay listed).
 */
function CalendarView({
  classes,
  assignments,
}: {
  classes: readonly ClassSummary[];
  assignments: readonly AssignmentSummary[];
}) {
  const audio = useAudioQueue();
  const [params, setParams] = useSearchParams();
  // Read each render, so a page left open overnight moves on with the day.
  const todayKey = localDay();
  const furthest = localDay(ASSIGNMENT_DUE_MAX_DAYS);
  const [chosen, setChosen] = useState(todayKey);
  const [shown, setShown] = useState(todayKey);
  const chosenDate = useCalendarDate(chosen);
  const shownDate = useCalendarDate(shown);
  const dayHeading = useRef<HTMLHeadingElement>(null);
  // Bumped when a day is chosen from the list: focus then goes to its stories' heading.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) dayHeading.current?.focus();
  }, [focusRequest]);

  // `?class={id}`: one of the teacher's classes; anything else (a class deleted since) means all of them.
  const asked = params.get('class') ?? '';
  const chosenClass = classes.find((c) => c.id === asked) ?? null;
  const classId = chosenClass?.id ?? null;
  const classNames = distinctNames(classes);
  const shownAssignments = classId ? assignments.filter((a) => a.classId === classId) : assignments;
  const groups = groupByDueDay(shownAssignments);
  const month = monthKeyOf(shown);
  const dueDays = dueDaysInMonth(groups, month);
  const noDay = withoutDueDay(shownAssignments);
  const forClass = chosenClass ? ` for ${chosenClass.name}` : '';
  const chosenDue = groups.get(chosen) ?? [];
  // The links of both lists are named together: the chosen day's story and a story with no day may share a title,
  // and a voice command or a screen reader's link list must tell them apart.
  const linked = [...chosenDue, ...noDay];
  const linkNames = new Map(seeWhoHasReadNames(linked).map((name, i) => [linked[i]!.id, name]));
  const chosenPast = chosen < todayKey;
  const chosenOverdue = isOverdue(chosen, chosenDue, todayKey);

  const storiesIn = (monthKey: string) =>
    dueDaysInMonth(groups, monthKey).reduce((sum, day) => sum + (groups.get(day)?.length ?? 0), 0);
  const showMonth = (day: string) => {
    setShown(day);
    audio.speak({ text: monthLine(monthName(monthKeyOf(day)), storiesIn(monthKeyOf(day))), type: 'sparky' });
  };
  const goToToday = () => {
    setShown(todayKey);
    setChosen(todayKey);
  };
  /** The day before or after the chosen one, shown with its month: a switch user's way to any day (Tab, Enter). */
  const stepDay = (days: number) => {
    const day = chosenDate.add({ days }).toString();
    setChosen(day);
    setShown(day);
  };
  useVoiceCommands(classCalendarVoiceCommands(), (target) => {
    if (target === CLASS_CALENDAR_ACTIONS.nextMonth) showMonth(shownDate.add({ months: 1 }).toString());
    else if (target === CLASS_CALENDAR_ACTIONS.previousMonth)
      showMonth(shownDate.subtract({ months: 1 }).toString());
    else if (target === CLASS_CALENDAR_ACTIONS.thisMonth) {
      goToToday();
      showMonth(todayKey);
    } else if (target === CLASS_CALENDAR_ACTIONS.nextDay) stepDay(1);
    else if (target === CLASS_CALENDAR_ACTIONS.previousDay) stepDay(-1);
  });

  const chooseFromList = (day: string) => {
    setChosen(day);
    setShown(day);
    setFocusRequest((n) => n + 1);
  };

  return (
    <>
      {classes.length > 1 ? (
        <div className="class-calendar__filter">
          <Select
            label="Class"
            options={[
              { id: ALL_CLASSES, label: 'All classes' },
              ...classes.map((c, i) => ({ id: c.id, label: classNames[i]! })),
            ]}
            value={classId ?? ALL_CLASSES}
            onChange={(value) =>
              setParams(
                (old) => {
                  const next = new URLSearchParams(old);
                  if (!value || value === ALL_CLASSES) next.delete('class');
                  else next.set('class', value);
                  return next;
                },
                { replace: true },
              )
            }
          />
        </div>
      ) : null}
      {shownAssignments.length === 0 ? (
        <p className="class-calendar__note">
          {chosenClass ? (
            <>
              You have not set a story for <bdi>{chosenClass.name}</bdi> yet.
            </>
          ) : (
            'You have not set a story yet.'
          )}{' '}
          Choose a day, then press Set a story due this day.
        </p>
      ) : null}

      <section className="page__card class-calendar__card">
        <Calendar<CalendarDate>
          aria-label="Due days"
          value={chosenDate}
          onChange={(date) => setChosen(date.toString())}
          focusedValue={shownDate}
          onFocusChange={(date) => setShown(date.toString())}
          className="class-calendar__calendar"
        >
          <div className="class-calendar__header">
            <Heading className="class-calendar__month" />
            <div className="class-calendar__moves">
              <Button slot="previous" variant="secondary" aria-label="Previous month">
                Previous month
              </Button>
              <Button slot="next" variant="secondary" aria-label="Next month">
                Next month
              </Button>
            </div>
          </div>
          <CalendarGrid weekdayStyle="short" className="class-calendar__grid">
            {(date) => {
              const day = date.toString();
              const due = groups.get(day) ?? [];
              const overdue = isOverdue(day, due, todayKey);
              return (
                <CalendarCell
                  date={date}
                  className={cx('class-calendar__cell', due.length > 0 && 'has-due', overdue && 'is-overdue')}
                  // react-aria names the cell by its day only; the name also says what is due (ADR 0051).
                  render={(props, cell) => (
                    <div
                      {...props}
                      aria-label={
                        cell.isOutsideMonth
                          ? props['aria-label']
                          : dayCellLabel(day, {
                              count: due.length,
                              overdue,
                              isToday: day === todayKey,
                              isSelected: cell.isSelected,
                            })
                      }
                    />
                  )}
                >
                  {({ formattedDate, isOutsideMonth }) => (
                    <>
                      <span className="class-calendar__date">{formattedDate}</span>
                      {due.length > 0 && !isOutsideMonth ? (
                        <span className="class-calendar__count">
                          {overdue ? '!' : null}
                          {due.length}
                        </span>
                      ) : null}
                    </>
                  )}
                </CalendarCell>
              );
            }}
          </CalendarGrid>
        </Calendar>
        <p className="class-calendar__key">
          A number on a day is how many stories are due that day. A ! before it means the day has passed and
          some readers who were in the class by then have not read their story yet.
        </p>
        {/* Any day with Tab and Enter alone (the grid's days need the arrow keys): step the chosen day. */}
        <div className="class-calendar__today">
          <Button variant="quiet" onPress={() => stepDay(-1)}>
            Previous day
          </Button>
          <Button variant="quiet" onPress={goToToday}>
            Today
          </Button>
          <Button variant="quiet" onPress={() => stepDay(1)}>
            Next day
          </Button>
        </div>
      </section>

      <section className="page__card" aria-labelledby="chosen-day-title">
        <h2 id="chosen-day-title" ref={dayHeading} tabIndex={-1}>
          {chosen === todayKey ? `Today, ${fullDayName(chosen)}` : fullDayName(chosen)}
        </h2>
        {chosenDue.length === 0 ? (
          <p>No story{forClass} is due this day.</p>
        ) : (
          <>
            <p>
              {chosenDue.length === 1 ? '1 story is' : `${chosenDue.length} stories are`} due this day
              {forClass}.
              {chosenOverdue
                ? ' Overdue: the day has passed and some readers have not read their story yet.'
                : ''}
            </p>
            <StoryList assignments={chosenDue} day={chosen} today={todayKey} names={linkNames} />
          </>
        )}
        {canSetDueOn(chosen, todayKey, furthest) ? (
          <p className="class-calendar__set">
            <Link href={createAssignmentOnDayPath(chosen, classId)} variant="primary">
              Set a story due this day
            </Link>
          </p>
        ) : chosenPast ? (
          <p>This day has passed. A story can be set due from today on.</p>
        ) : (
          <p>This day is too far ahead. A story can be set due up to {fullDayName(furthest)}.</p>
        )}
      </section>

      <section className="page__card" aria-labelledby="due-month-title">
        <h2 id="due-month-title">Due in {monthName(month)}</h2>
        {dueDays.length === 0 ? (
          <p>
            No story{forClass} is due in {monthName(month)}.
          </p>
        ) : (
          <ul className="class-calendar__days" aria-labelledby="due-month-title">
            {dueDays.map((day) => {
              const due = groups.get(day) ?? [];
              const isChosen = day === chosen;
              return (
                <li key={day}>
                  <Button
                    variant="secondary"
                    className={cx('class-calendar__day', isChosen && 'is-chosen')}
                    // The chosen day carries a tick, not only another colour.
                    {...(isChosen ? { icon: 'check' as const } : {})}
                    onPress={() => chooseFromList(day)}
                  >
                    {dueDayButtonName(day, due.length, isOverdue(day, due, todayKey))}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="page__card" aria-labelledby="no-due-day-title">
        <h2 id="no-due-day-title">No due day</h2>
        {noDay.length === 0 ? (
          <p>No story{forClass} is set without a due day.</p>
        ) : (
          <>
            <p>Stories you set with no day to read them by.</p>
            <StoryList assignments={noDay} day={null} today={todayKey} names={linkNames} />
          </>
        )}
      </section>
    </>
  );
}

/**
 * /class-calendar, 'Class Calendar' (spec §2.4 teacher menu; docs/decisions/0051-class-calendar.md): the teacher's
 * assignments by due day on a month calendar (react-aria's Calendar: arrow keys, Page Up and Page Down), each day
 * with stories due showing how many and saying so in its name; all classes, or one (`?class={id}`, a choice shown
 * with two classes or more). Choosing a day lists its stories (the class, read by n of m, "See who has read it")
 * and, from today to ASSIGNMENT_DUE_MAX_DAYS on, "Set a story due this day" (Create Assignment with `?dueOn=`).
 * The shown month's days with stories are buttons too ("Due in December 2026"), so a switch or screen reader user
 * need not walk the grid, and "No due day" lists the rest. Voice: "next month", "last month" or "previous month",
 * "this month" or "today". With no class yet, the page leads to Class Management.
 */
export function ClassCalendarPage() {
  const title = screenName(protectedPaths.classCalendar);
  useDocumentTitle(title);
  const viewer = useViewer();
  const isTeacher = viewer === 'teacher';
  const classes = useClasses({ enabled: isTeacher });
  const assignments = useAssignments({ enabled: isTeacher });
  const refused = isNotATeacher(classes.error) || isNotATeacher(assignments.error);
  const failed = !refused && (classes.isError || assignments.isError);
  const classList = classes.data?.classes;
  const list = assignments.data?.assignments;
  let guidance: PageGuidance | null = null;
  if (viewer === 'not-teacher' || refused) guidance = NOT_A_TEACHER_GUIDANCE;
  else if (failed) guidance = CLASS_CALENDAR_ERROR_GUIDANCE;
  else if (classList && list) {
    if (classList.length === 0) guidance = CLASS_CALENDAR_NO_CLASS_GUIDANCE;
    else guidance = list.length === 0 ? CLASS_CALENDAR_NONE_GUIDANCE : CLASS_CALENDAR_GUIDANCE;
  }
  usePageGuidance(guidance);

  if (viewer === 'error') return <AccountError title={title} />;
  if (viewer === 'not-teacher' || refused) return <NotATeacher title={title} />;
  if (viewer === 'loading') return <LoadingIndicator size="page" />;

  const retry = () => {
    if (classes.isError) void classes.refetch();
    if (assignments.isError) void assignments.refetch();
  };
  return (
    <div className="page classes-page class-calendar">
      <h1>{title}</h1>
      <p className="page__lead">
        The stories you set, by the day they are due. Choose a day to see who has read them, or to set a story
        due that day.
      </p>
      {failed ? (
        <div role="alert" className="class-calendar__error">
          <p>We could not load your calendar right now.</p>
          <Button variant="secondary" onPress={retry}>
            Try again
          </Button>
        </div>
      ) : !classList || !list ? (
        <LoadingIndicator message="Loading your calendar…" />
      ) : classList.length === 0 ? (
        <section className="page__card" aria-labelledby="no-class-title">
          <h2 id="no-class-title">You have no class yet</h2>
          <p>Make a class and give its readers the code. Then set the class a story to read by a day.</p>
          <p>
            <Link href={protectedPaths.classManagement} variant="primary">
              {screenName(protectedPaths.classManagement)}
            </Link>
          </p>
        </section>
      ) : (
        <CalendarView classes={classList} assignments={list} />
      )}
      <nav className="page__form-row" aria-label="Assignment screens">
        <Link href={protectedPaths.createAssignment} variant="secondary">
          {screenName(protectedPaths.createAssignment)}
        </Link>
        <Link href={protectedPaths.gradeAssignments} variant="secondary">
          {screenName(protectedPaths.gradeAssignments)}
        </Link>
      </nav>
    </div>
  );
}
