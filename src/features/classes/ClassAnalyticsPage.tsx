import type { ClassAnalytics } from '#core/api/class-analytics.ts';
import { protectedPaths, studentProgressPath } from '../../app/paths.ts';
import { day, figure, wcpm } from '../../lib/reports/ChildReportView.tsx';
import { Link } from '../../ui/Link.tsx';
import { StackedTable, stackedTableRoles, StackLabel } from '../../ui/TableScroll.tsx';
import {
  changeText,
  flagText,
  headlineLines,
  readerSummary,
  readOfSet,
  storyCount,
  wcpmChange,
  type PeriodId,
} from './class-analytics-text.ts';
import {
  CLASS_ANALYTICS_NOBODY_READ_GUIDANCE,
  classAnalyticsGuidance,
  FIGURES_NONE_SET_GUIDANCE,
} from './class-analytics.guidance.ts';
import { distinctNames, readerCount, shortName } from './class-text.ts';
import { ClassScreenings } from './ClassScreenings.tsx';
import { ClassFiguresScreen, NoReaderYet, NoStorySetHint } from './ClassPeriodPicker.tsx';
import { assignmentResultsPath, dueDayText, readingRecordPath } from './assignment-links.ts';

/** The name of a story's link to its readers on Grade Assignments: "See who has read The Red Kite". */
export function storyResultsLinkName(title: string): string {
  return `See who has read ${title}`;
}

/** "Stories set": each with its days, who has read it, the class's medians, and a link to its readers. */
function StoriesSet({ data }: { data: ClassAnalytics }) {
  const r = stackedTableRoles;
  // Short, distinct titles: each link is a voice command of at most 12 words, two of one title told apart.
  const titles = distinctNames(data.assignments.map((a) => ({ name: shortName(a.storyTitle, 5) })));
  return (
    <section className="page__card" aria-labelledby="stories-set-title">
      <h2 id="stories-set-title">Stories set</h2>
      <p>
        The median is the middle reader's figure, of each reader's latest reading: one very fast or very slow
        reader does not move it.
      </p>
      <StackedTable
        caption={`Stories set for ${data.class.name}`}
        columns={[
          'Story',
          'Set',
          'Due',
          'Read by',
          'Median words correct per minute',
          'Median accuracy',
          'Readers',
        ]}
      >
        {data.assignments.map((a, i) => (
          <tr key={a.id} {...r.row}>
            <th {...r.rowheader}>
              <StackLabel>Story</StackLabel>
              <bdi>{a.storyTitle}</bdi>
            </th>
            <td {...r.cell}>
              <StackLabel>Set</StackLabel>
              {day(a.assignedAt)}
            </td>
            <td {...r.cell}>
              <StackLabel>Due</StackLabel>
              {dueDayText(a.dueOn)}
            </td>
            <td {...r.cell}>
              <StackLabel>Read by</StackLabel>
              {readOfSet(a.doneCount, a.pupilCount)}
            </td>
            <td {...r.cell}>
              <StackLabel>Median words correct per minute</StackLabel>
              {wcpm(a.medianWpm)}
            </td>
            <td {...r.cell}>
              <StackLabel>Median accuracy</StackLabel>
              {figure(a.medianAccuracy, '%')}
            </td>
            <td {...r.cell}>
              <StackLabel>Readers</StackLabel>
              <Link href={assignmentResultsPath(a.id)}>{storyResultsLinkName(titles[i]!)}</Link>
            </td>
          </tr>
        ))}
      </StackedTable>
    </section>
  );
}

/** "Check Mia's 2 words": the link from a reader's row to their latest reading's record, with its words to check. */
export function checkWordsLinkName(name: string, count: number): string {
  return `Check ${name}'s ${count === 1 ? 'word' : `${count} words`}`;
}

/** "Readers": each reader's stories read, first and latest reading, change, accuracy, stories late, and flag. */
function Readers({ data, today }: { data: ClassAnalytics; today: string }) {
  const r = stackedTableRoles;
  const names = distinctNames(data.readers.map((p) => ({ name: p.displayName, grade: p.grade })));
  return (
    <section className="page__card" aria-labelledby="readers-title">
      <h2 id="readers-title">Readers</h2>
      {data.readers.length === 0 ? (
        <NoReaderYet classId={data.class.id} />
      ) : (
        <>
          <p>
            A reader may need help when their latest accuracy is under 90% (the story is too hard for them),
            or when two or more stories are past their due day and not read. Words to check are words in the
            latest reading that Sparky was not sure of: they count as read; listen to them on the reading
            record.
          </p>
          <StackedTable
            caption={`Readers in ${data.class.name}`}
            columns={[
              'Name',
              'Stories read',
              'First words correct per minute',
              'Latest words correct per minute',
              'Change',
              'Latest accuracy',
              'Past due, not read',
              'May need help',
              'Words to check',
            ]}
          >
            {data.readers.map((reader, i) => {
              const s = readerSummary(reader, data.assignments, today);
              const change = wcpmChange(s);
              return (
                <tr key={reader.userId} {...r.row}>
                  <th {...r.rowheader}>
                    <StackLabel>Name</StackLabel>
                    <Link href={studentProgressPath(reader.userId)}>
                      <bdi>{names[i]}</bdi>
                    </Link>
                    {shortName(reader.displayName) === reader.displayName.trim() ? null : (
                      <span className="classes__full-name">
                        <bdi>{reader.displayName}</bdi>
                      </span>
                    )}
                  </th>
                  <td {...r.cell}>
                    <StackLabel>Stories read</StackLabel>
                    {readOfSet(s.read, s.set)}
                  </td>
                  <td {...r.cell}>
                    <StackLabel>First words correct per minute</StackLabel>
                    {wcpm(s.first?.wpm)}
                  </td>
                  <td {...r.cell}>
                    <StackLabel>Latest words correct per minute</StackLabel>
                    {wcpm(s.latest?.wpm)}
                  </td>
                  <td {...r.cell}>
                    <StackLabel>Change</StackLabel>
                    {change === null ? '—' : changeText(change)}
                  </td>
                  <td {...r.cell}>
                    <StackLabel>Latest accuracy</StackLabel>
                    {figure(s.latest?.accuracy, '%')}
                  </td>
                  <td {...r.cell}>
                    <StackLabel>Past due, not read</StackLabel>
                    {s.pastDue.length === 0 ? 'None' : storyCount(s.pastDue.length)}
                  </td>
                  <td {...r.cell}>
                    <StackLabel>May need help</StackLabel>
                    <span className={s.mayNeedHelp ? 'class-figures__flag' : undefined}>{flagText(s)}</span>
                  </td>
                  <td {...r.cell}>
                    <StackLabel>Words to check</StackLabel>
                    {s.latest === null ? (
                      '—'
                    ) : s.latest.unsureCount === 0 ? (
                      'None'
                    ) : (
                      <Link href={readingRecordPath(s.latest.assignmentId, s.latest.readingId)}>
                        {checkWordsLinkName(names[i]!, s.latest.unsureCount)}
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })}
          </StackedTable>
        </>
      )}
    </section>
  );
}

/** "Words to teach": the words read wrong by the most readers. */
function WordsToTeach({ data }: { data: ClassAnalytics }) {
  const r = stackedTableRoles;
  const anyRead = data.readers.some((p) => p.points.length > 0);
  return (
    <section className="page__card" aria-labelledby="words-to-teach-title">
      <h2 id="words-to-teach-title">Words to teach</h2>
      {data.wordsToTeach.length === 0 ? (
        <p>
          {anyRead
            ? 'No word was read wrong in the latest readings.'
            : 'Nobody has read a story set in this period yet, so there are no words to teach.'}
        </p>
      ) : (
        <>
          <p>
            Words skipped or read as another word in the readers' latest readings, the most readers first.
          </p>
          <StackedTable
            caption={`Words read wrong in ${data.class.name}`}
            columns={['Word', 'Read wrong by']}
          >
            {data.wordsToTeach.map((w) => (
              <tr key={w.word} {...r.row}>
                <th {...r.rowheader}>
                  <StackLabel>Word</StackLabel>
                  <bdi>{w.word}</bdi>
                </th>
                <td {...r.cell}>
                  <StackLabel>Read wrong by</StackLabel>
                  {readerCount(w.count)}
                </td>
              </tr>
            ))}
          </StackedTable>
        </>
      )}
    </section>
  );
}

/** The figures of one class in one period: the headline, then each section, or the period's empty state. */
function ClassFigures({ data, period, today }: { data: ClassAnalytics; period: PeriodId; today: string }) {
  return (
    <>
      <section className="page__card" aria-labelledby="headline-title">
        <h2 id="headline-title">
          <bdi>{data.class.name}</bdi> at a glance
        </h2>
        <ul className="class-figures__headline">
          {headlineLines(data, period, today).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {data.assignments.length === 0 ? <NoStorySetHint /> : null}
      </section>
      {data.assignments.length === 0 ? null : (
        <>
          <StoriesSet data={data} />
          <Readers data={data} today={today} />
          <WordsToTeach data={data} />
        </>
      )}
      <ClassScreenings classId={data.class.id} />
    </>
  );
}

/**
 * /class-analytics, 'Class Analytics' (spec §2.4 teacher menu; docs/decisions/0050-class-analytics-and-reports.md):
 * how one class reads the stories its teacher set, over a period. The class (`?class={id}`, or the only one) and the
 * period (since the class began, the last 4 or 12 weeks, by the day stories were set); a headline of plain figures;
 * "Stories set" with each story's readers and medians and a link to them on Grade Assignments; "Readers" with each
 * reader's first and latest words correct per minute and the change, latest accuracy, stories past due and not
 * read, and "may need help" in words; "Words to teach". Every figure is in a table that stacks when narrow.
 */
export function ClassAnalyticsPage() {
  return (
    <ClassFiguresScreen
      path={protectedPaths.classAnalytics}
      className="class-analytics-page"
      lead="How a class reads the stories you set: which stories were hard, who is moving up, and which words to teach again."
      guidance={(data, choice) => {
        if (data.assignments.length === 0) return FIGURES_NONE_SET_GUIDANCE;
        const summaries = data.readers.map((p) => readerSummary(p, data.assignments, choice.today));
        if (summaries.every((s) => s.read === 0)) return CLASS_ANALYTICS_NOBODY_READ_GUIDANCE;
        return classAnalyticsGuidance(summaries.filter((s) => s.mayNeedHelp).length);
      }}
    >
      {(data, choice) => <ClassFigures data={data} period={choice.period} today={choice.today} />}
    </ClassFiguresScreen>
  );
}
