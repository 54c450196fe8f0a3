import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ClassAnalytics, ReaderFigures } from '#core/api/class-analytics.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { protectedPaths } from '../../app/paths.ts';
import { gradeLabel } from '../../lib/api/profile-options.ts';
import { useMe } from '../../lib/api/me.ts';
import { day, figure, wcpm } from '../../lib/reports/ChildReportView.tsx';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { StackedTable, stackedTableRoles, StackLabel } from '../../ui/TableScroll.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  calendarDayText,
  changeText,
  NOT_A_SCREENING_TEXT,
  periodPhrase,
  periodText,
  readerSummary,
  storyCount,
  wcpmChange,
} from './class-analytics-text.ts';
import {
  FIGURES_NONE_SET_GUIDANCE,
  STUDENT_REPORTS_GUIDANCE,
  STUDENT_REPORTS_NO_READERS_GUIDANCE,
} from './class-analytics.guidance.ts';
import {
  ALL_READERS,
  CLASS_FIGURES_ACTIONS,
  studentReportsVoiceCommands,
} from './class-analytics.voice-commands.ts';
import { distinctNames } from './class-text.ts';
import {
  ClassFiguresScreen,
  NoReaderYet,
  NoStorySetHint,
  type ClassPeriodChoice,
} from './ClassPeriodPicker.tsx';

/**
 * The class on <html> while Student Reports is shown: class-analytics.css prints only the reports under it. The app's
 * stylesheets stay loaded after a page leaves, so its print rules must not reach other pages.
 */
export const REPORTS_PRINT_SCOPE = 'student-reports-printing';

/** Marks <html> with {@link REPORTS_PRINT_SCOPE} while the page is mounted. */
function usePrintScope() {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add(REPORTS_PRINT_SCOPE);
    return () => root.classList.remove(REPORTS_PRINT_SCOPE);
  }, []);
}

/** What a report needs besides the reader. */
interface ReportContext {
  data: ClassAnalytics;
  choice: ClassPeriodChoice;
  /** The teacher's name as their account shows it, or null. */
  teacher: string | null;
}

/** One reader's report, written for their family; the note for home is printed, never sent. */
function StudentReport({
  reader,
  context: { data, choice, teacher },
  note,
  onNote,
}: {
  reader: ReaderFigures;
  context: ReportContext;
  note: string;
  onNote: (text: string) => void;
}) {
  const titleId = useId();
  const r = stackedTableRoles;
  const s = readerSummary(reader, data.assignments, choice.today);
  const change = wcpmChange(s);
  const titles = new Map(data.assignments.map((a) => [a.id, a.storyTitle]));
  const name = reader.displayName;
  return (
    <article className="student-report" aria-labelledby={titleId}>
      <h2 id={titleId}>
        Reading report for <bdi>{name}</bdi>
      </h2>
      <dl className="profile__facts student-report__facts">
        <div>
          <dt>Class</dt>
          <dd>
            <bdi>{data.class.name}</bdi>
          </dd>
        </div>
        <div>
          <dt>Grade</dt>
          <dd>{gradeLabel(reader.grade) ?? 'Not given'}</dd>
        </div>
        <div>
          <dt>Period</dt>
          <dd>{periodText(choice.period, choice.today)}</dd>
        </div>
        <div>
          <dt>Made on</dt>
          <dd>{calendarDayText(choice.today)}</dd>
        </div>
        {teacher ? (
          <div>
            <dt>Teacher</dt>
            <dd>
              <bdi>{teacher}</bdi>
            </dd>
          </div>
        ) : null}
      </dl>
      <p>{NOT_A_SCREENING_TEXT}</p>

      <h3>Stories read</h3>
      <p>
        <bdi>{name}</bdi> read {s.read} of the {storyCount(s.set)} set for the class.
      </p>
      {s.readings.length === 0 ? (
        <p>
          <bdi>{name}</bdi> has not read a story set in this period yet.
        </p>
      ) : (
        <>
          <p>Accuracy is how many words in every 100 were read right.</p>
          <StackedTable
            caption={`Stories ${name} read`}
            columns={['Story', 'Day read', 'Words read correctly in one minute', 'Accuracy']}
          >
            {s.readings.map((p) => (
              <tr key={p.assignmentId} {...r.row}>
                <th {...r.rowheader}>
                  <StackLabel>Story</StackLabel>
                  <bdi>{titles.get(p.assignmentId) ?? 'A story'}</bdi>
                </th>
                <td {...r.cell}>
                  <StackLabel>Day read</StackLabel>
                  {day(p.at)}
                </td>
                <td {...r.cell}>
                  <StackLabel>Words read correctly in one minute</StackLabel>
                  {wcpm(p.wpm)}
                </td>
                <td {...r.cell}>
                  <StackLabel>Accuracy</StackLabel>
                  {figure(p.accuracy, '%')}
                </td>
              </tr>
            ))}
          </StackedTable>
          <p>
            {change === null
              ? 'One story read so far: the change shows after the next one.'
              : `From the first story to the latest: ${changeText(change, { family: true })}.`}
          </p>
        </>
      )}

      <h3>Words to practise</h3>
      {reader.wordsToPractise.length === 0 ? (
        <p>No word to practise from these stories.</p>
      ) : (
        <>
          <p>Words read wrong in these stories. Reading them together helps.</p>
          <ul className="student-report__words">
            {reader.wordsToPractise.map((w) => (
              <li key={w.word}>
                <bdi>{w.word}</bdi>
              </li>
            ))}
          </ul>
        </>
      )}

      <div className="student-report__note-field">
        <TextField
          label={`Note for home for ${name}`}
          description="This note is printed, not saved."
          isOptional
          multiline
          rows={4}
          value={note}
          onChange={onNote}
        />
      </div>
      {/* Printed instead of the field (a text area prints cut to its box): the note, or a box to write in. Shown in
          print only; hidden from screen readers, who have the field. */}
      <div className="student-report__note-print" aria-hidden="true">
        <h3>Note for home</h3>
        {note.trim() ? (
          <p className="student-report__note-text">{note}</p>
        ) : (
          <div className="student-report__note-lines" />
        )}
      </div>
    </article>
  );
}

/** The reader choice, "Print", and the reports, one a reader. */
function Reports({
  context,
  notes,
  onNote,
}: {
  context: ReportContext;
  notes: Readonly<Record<string, string>>;
  onNote: (userId: string, text: string) => void;
}) {
  const { data, choice } = context;
  const [params, setParams] = useSearchParams();
  const names = distinctNames(data.readers.map((p) => ({ name: p.displayName, grade: p.grade })));
  const asked = params.get('reader') ?? ALL_READERS;
  const readerId = data.readers.some((p) => p.userId === asked) ? asked : ALL_READERS;
  const shown = readerId === ALL_READERS ? data.readers : data.readers.filter((p) => p.userId === readerId);
  const hasReports = data.readers.length > 0 && data.assignments.length > 0;
  const chooseReader = (id: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id && id !== ALL_READERS) next.set('reader', id);
        else next.delete('reader');
        return next;
      },
      { replace: true },
    );
  const print = () => window.print();
  useVoiceCommands(
    hasReports
      ? studentReportsVoiceCommands(data.readers.map((p, i) => ({ id: p.userId, name: names[i]! })))
      : [],
    (target) => {
      if (target === CLASS_FIGURES_ACTIONS.print) print();
      else if (target.startsWith(CLASS_FIGURES_ACTIONS.readerPrefix))
        chooseReader(target.slice(CLASS_FIGURES_ACTIONS.readerPrefix.length));
    },
  );

  if (data.readers.length === 0)
    return (
      <section className="page__card" aria-labelledby="reports-none-title">
        <h2 id="reports-none-title">No reader yet</h2>
        <NoReaderYet classId={data.class.id} />
      </section>
    );
  if (data.assignments.length === 0)
    return (
      <section className="page__card" aria-labelledby="reports-none-title">
        <h2 id="reports-none-title">No story set</h2>
        <p>
          No story was set for <bdi>{data.class.name}</bdi> {periodPhrase(choice.period)}.
        </p>
        <NoStorySetHint />
      </section>
    );
  return (
    <>
      <section className="page__card student-reports__controls" aria-labelledby="reports-controls-title">
        <h2 id="reports-controls-title">Reports to print</h2>
        <div className="class-figures__fields">
          <Select
            label="Reader"
            options={[
              { id: ALL_READERS, label: 'All readers' },
              ...data.readers.map((p, i) => ({ id: p.userId, label: names[i]! })),
            ]}
            value={readerId}
            onChange={chooseReader}
          />
        </div>
        <p>Each reader's report prints on a page of its own, without the app's menus.</p>
        <div className="page__form-row">
          <Button icon="report" onPress={print}>
            Print
          </Button>
        </div>
      </section>
      <div className="student-reports__reports">
        {shown.map((reader) => (
          <StudentReport
            key={reader.userId}
            reader={reader}
            context={context}
            note={notes[reader.userId] ?? ''}
            onNote={(text) => onNote(reader.userId, text)}
          />
        ))}
      </div>
    </>
  );
}

/**
 * /student-reports, 'Student Reports' (spec §2.4 teacher menu; docs/decisions/0050-class-analytics-and-reports.md):
 * one report a reader of a class (`?class={id}`, or the only one), for a period, written for the reader's family: the
 * reader's name, class, grade, the period, the day it was made and the teacher; the stories read of those set, each
 * story read with its day, words read correctly in one minute and accuracy; the change from the first to the latest;
 * the words to practise; and a note for home, which is printed and never saved nor sent (ADR 0050). All readers or
 * one (`?reader={id}`); "Print" (or saying "print") prints the reports, one reader a page, without the app's menus.
 */
export function StudentReportsPage() {
  usePrintScope();
  const me = useMe();
  const teacher = me.data ? me.data.profile?.display_name || me.data.user.name || null : null;
  // Kept here, above the figures, so a note survives a change of period or reader while the page is open.
  const [notes, setNotes] = useState<Record<string, string>>({});
  return (
    <ClassFiguresScreen
      path={protectedPaths.studentReports}
      className="student-reports-page"
      lead="A report of each reader for their family, to print: the stories they read, how they read them, and the words to practise."
      guidance={(data) => {
        if (data.readers.length === 0) return STUDENT_REPORTS_NO_READERS_GUIDANCE;
        if (data.assignments.length === 0) return FIGURES_NONE_SET_GUIDANCE;
        return STUDENT_REPORTS_GUIDANCE;
      }}
    >
      {(data, choice) => (
        <Reports
          context={{ data, choice, teacher }}
          notes={notes}
          onNote={(userId, text) => setNotes((all) => ({ ...all, [userId]: text }))}
        />
      )}
    </ClassFiguresScreen>
  );
}
