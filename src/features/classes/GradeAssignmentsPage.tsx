import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { AssignmentDetail, AssignmentSummary } from '#core/api/assignments.ts';
import { usePageGuidance, type PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths, studentProgressPath } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { isNotATeacher, isNotFound } from '../../lib/api/classes.ts';
import { useAssignment, useAssignments, useDeleteAssignment } from '../../lib/api/assignments.ts';
import type { WordAudio } from '../../lib/reading/ListenToWord.tsx';
import { day, figure, wcpm } from '../../lib/reports/ChildReportView.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { StackedTable, stackedTableRoles, StackLabel } from '../../ui/TableScroll.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { classActionFailure, distinctNames, shortName } from './class-text.ts';
import {
  ASSIGNMENT_NOT_FOUND_GUIDANCE,
  assignmentResultsGuidance,
  GRADE_ASSIGNMENTS_GUIDANCE,
  GRADE_ASSIGNMENTS_NONE_GUIDANCE,
  NOT_A_TEACHER_GUIDANCE,
} from './classes.guidance.ts';
import { assignmentResultsPath, dueDayText, readingRecordPath } from './assignment-links.ts';
import { ReadingRecordView, useFocusWhenFree } from './ReadingRecord.tsx';
import { AccountError, NotATeacher, useViewer } from './TeacherOnly.tsx';
import '../../ui/page.css';
import './classes.css';

/** "1 of 2 have read it". */
export function doneText(summary: Pick<AssignmentSummary, 'doneCount' | 'pupilCount'>): string {
  return `${summary.doneCount} of ${summary.pupilCount} have read it`;
}

/** The story's Lexile and length: "310L · 240 words" ("Lexile not measured" when it has none). */
export function storyLength(summary: Pick<AssignmentSummary, 'lexile' | 'wordCount'>): string {
  return [
    summary.lexile === null ? 'Lexile not measured' : `${summary.lexile}L`,
    ...(summary.wordCount === null ? [] : [`${summary.wordCount} words`]),
  ].join(' · ');
}

/**
 * The names of the assignments' links, in order: the story's short title; when a title repeats, with its class
 * ("The Red Kite (Room 4)"); when that repeats too, a number. Each is a voice command of at most 12 words.
 */
export function assignmentLinkNames(assignments: readonly AssignmentSummary[]): string[] {
  const key = (s: string) => s.toLocaleLowerCase();
  const titles = assignments.map((a) => shortName(a.storyTitle, 5));
  const count = new Map<string, number>();
  titles.forEach((t) => count.set(key(t), (count.get(key(t)) ?? 0) + 1));
  const tagged = assignments.map((a, i) =>
    count.get(key(titles[i]!))! > 1 ? `${titles[i]!} (${shortName(a.className, 4)})` : titles[i]!,
  );
  const total = new Map<string, number>();
  tagged.forEach((t) => total.set(key(t), (total.get(key(t)) ?? 0) + 1));
  const seen = new Map<string, number>();
  return tagged.map((t) => {
    if (total.get(key(t))! < 2) return t;
    const n = (seen.get(key(t)) ?? 0) + 1;
    seen.set(key(t), n);
    return `${t} ${n}`;
  });
}

/** The name of a reader's link to their latest reading's record: "How Mia read it" (`name` from distinctNames). */
export function readingLinkName(name: string): string {
  return `How ${name} read it`;
}

/** Where the list's heading is focused after an assignment was deleted (the results view is gone). */
interface ListState {
  deleted?: boolean;
}

/** The teacher's assignments, newest first, each a link to its results. */
function AssignmentList({ assignments }: { assignments: readonly AssignmentSummary[] }) {
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleted = (location.state as ListState | null)?.deleted === true;
  useEffect(() => {
    if (deleted) headingRef.current?.focus();
  }, [deleted, location.key]);
  const newest = [...assignments].sort((a, b) => b.assignedAt.localeCompare(a.assignedAt));
  const names = assignmentLinkNames(newest);
  return (
    <section className="page__card" aria-labelledby="assignment-list-title">
      <h2 id="assignment-list-title" ref={headingRef} tabIndex={-1}>
        Your assignments
      </h2>
      {newest.length === 0 ? (
        <>
          <p>You have not set an assignment yet.</p>
          <p>
            <Link href={protectedPaths.createAssignment} variant="primary">
              {screenName(protectedPaths.createAssignment)}
            </Link>
          </p>
        </>
      ) : (
        <ul className="classes__list" aria-labelledby="assignment-list-title">
          {newest.map((a, i) => (
            <li key={a.id} className="classes__item assignments__item">
              <Link href={assignmentResultsPath(a.id)} className="classes__name">
                <bdi>{names[i]}</bdi>
              </Link>
              <span>
                <bdi>{a.className}</bdi>
              </span>
              <span>{a.dueOn ? `Due ${dueDayText(a.dueOn)}` : 'No set day'}</span>
              <span>{doneText(a)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every reader now in the class with their work on the story (a table that stacks when narrow, as PupilTable). */
function ResultsTable({ detail }: { detail: AssignmentDetail }) {
  const r = stackedTableRoles;
  const { assignment, results } = detail;
  const caption = `Readers in ${assignment.className}`;
  const names = distinctNames(results.map((p) => ({ name: p.displayName })));
  const columns = [
    'Name',
    'Read it',
    'Readings',
    'Latest reading',
    'Words correct per minute',
    'Accuracy',
    'Best words correct per minute',
  ];
  return (
    <StackedTable caption={caption} columns={columns}>
      {results.map((pupil, i) => (
        <tr key={pupil.userId} {...r.row}>
          <th {...r.rowheader}>
            <StackLabel>Name</StackLabel>
            <Link href={studentProgressPath(pupil.userId)}>
              <bdi>{names[i]}</bdi>
            </Link>
            {shortName(pupil.displayName) === pupil.displayName.trim() ? null : (
              <span className="classes__full-name">
                <bdi>{pupil.displayName}</bdi>
              </span>
            )}
          </th>
          <td {...r.cell}>
            <StackLabel>Read it</StackLabel>
            {pupil.done ? 'Done' : 'Not yet'}
          </td>
          <td {...r.cell}>
            <StackLabel>Readings</StackLabel>
            {pupil.readings}
          </td>
          <td {...r.cell}>
            <StackLabel>Latest reading</StackLabel>
            {pupil.latest ? (
              <>
                {day(pupil.latest.at)}
                <span className="assignments__record-link">
                  <Link href={readingRecordPath(assignment.id, pupil.latest.id)}>
                    {readingLinkName(names[i]!)}
                  </Link>
                </span>
              </>
            ) : (
              '—'
            )}
          </td>
          <td {...r.cell}>
            <StackLabel>Words correct per minute</StackLabel>
            {wcpm(pupil.latest?.wpm)}
          </td>
          <td {...r.cell}>
            <StackLabel>Accuracy</StackLabel>
            {figure(pupil.latest?.accuracy, '%')}
          </td>
          <td {...r.cell}>
            <StackLabel>Best words correct per minute</StackLabel>
            {wcpm(pupil.bestWpm)}
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}

/** One assignment: what was set, who has read it, and "Delete the assignment" after a question. */
function AssignmentResults({ detail }: { detail: AssignmentDetail }) {
  const navigate = useNavigate();
  const remove = useDeleteAssignment();
  const [deleting, setDeleting] = useState(false);
  const { assignment, results } = detail;
  const backToList = () => void navigate(protectedPaths.gradeAssignments, { state: { deleted: true } });
  const heading = useRef<HTMLHeadingElement>(null);
  // Back from a reading record, the link pressed is gone with it: focus starts at the heading.
  useFocusWhenFree(heading, assignment.id);
  return (
    <div className="page classes-page">
      <h1 ref={heading} tabIndex={-1}>
        <bdi>{assignment.storyTitle}</bdi>
      </h1>
      <p className="page__lead">
        <bdi>{assignment.className}</bdi>. Set {day(assignment.assignedAt)}.{' '}
        {assignment.dueOn ? `Due ${dueDayText(assignment.dueOn)}.` : 'No set day.'}
      </p>
      <section className="page__card" aria-labelledby="results-title">
        <h2 id="results-title">{doneText(assignment)}</h2>
        <p>{storyLength(assignment)}</p>
        {assignment.note ? (
          <p>
            Note for the readers: <bdi>{assignment.note}</bdi>
          </p>
        ) : null}
        <p>A reader has read it once they save a scored reading of the story after it was set.</p>
        {results.length === 0 ? (
          <p>No reader is in this class now. Give readers the class code from the class's page.</p>
        ) : (
          <ResultsTable detail={detail} />
        )}
      </section>
      <section className="page__card" aria-labelledby="delete-assignment-title">
        <h2 id="delete-assignment-title">Delete</h2>
        <p>Readers no longer see it. Their readings stay theirs.</p>
        <div className="page__form-row">
          <Button variant="secondary" onPress={() => setDeleting(true)}>
            Delete the assignment
          </Button>
        </div>
      </section>
      <p>
        <Link href={protectedPaths.gradeAssignments}>All assignments</Link>
      </p>
      <ConfirmDialog
        isOpen={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${shortName(assignment.storyTitle)} for ${shortName(assignment.className, 4)}?`}
        description={
          <p>
            The readers of {assignment.className} no longer see it. Their readings stay theirs. This cannot be
            undone.
          </p>
        }
        confirmLabel="Delete the assignment"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(assignment.id, {
            onSuccess: () => {
              showToast({
                title: 'Assignment deleted',
                description: `${assignment.storyTitle} is no longer set for ${assignment.className}.`,
                variant: 'default',
              });
              backToList();
            },
            onError: (error) => {
              setDeleting(false);
              if (isNotFound(error)) {
                showToast({
                  title: 'Already deleted',
                  description: 'This assignment was deleted.',
                  variant: 'default',
                });
                backToList();
                return;
              }
              showToast({
                title: 'Could not delete the assignment',
                description: classActionFailure(error),
                variant: 'destructive',
              });
            },
          })
        }
      />
    </div>
  );
}

/** `?assignment={id}`: one assignment's results, or a plain message when it is not the teacher's. */
function ResultsView({ assignmentId, title }: { assignmentId: string; title: string }) {
  const detail = useAssignment(assignmentId);
  const data = detail.data;
  useDocumentTitle(data ? `${data.assignment.storyTitle} · ${title}` : title);
  let guidance: PageGuidance | null = null;
  if (isNotATeacher(detail.error)) guidance = NOT_A_TEACHER_GUIDANCE;
  else if (isNotFound(detail.error)) guidance = ASSIGNMENT_NOT_FOUND_GUIDANCE;
  else if (data) guidance = assignmentResultsGuidance(data.assignment.doneCount, data.assignment.pupilCount);
  usePageGuidance(guidance);

  if (isNotATeacher(detail.error)) return <NotATeacher title={title} />;
  if (isNotFound(detail.error))
    return (
      <div className="page">
        <h1>{title}</h1>
        <p role="alert">This assignment is not one of yours, or it was deleted.</p>
        <p>
          <Link href={protectedPaths.gradeAssignments} variant="secondary">
            All assignments
          </Link>
        </p>
      </div>
    );
  if (detail.isError)
    return (
      <div className="page">
        <h1>{title}</h1>
        <p role="alert">We could not load this assignment right now. Please try again later.</p>
        <p>
          <Link href={protectedPaths.gradeAssignments}>All assignments</Link>
        </p>
      </div>
    );
  if (!data) return <LoadingIndicator size="page" message="Loading the assignment…" />;
  return <AssignmentResults detail={data} />;
}

/** The list of the teacher's assignments. */
function ListView({ title }: { title: string }) {
  useDocumentTitle(title);
  const assignments = useAssignments();
  const list = assignments.data?.assignments;
  let guidance: PageGuidance | null = null;
  if (isNotATeacher(assignments.error)) guidance = NOT_A_TEACHER_GUIDANCE;
  else if (list) guidance = list.length === 0 ? GRADE_ASSIGNMENTS_NONE_GUIDANCE : GRADE_ASSIGNMENTS_GUIDANCE;
  usePageGuidance(guidance);

  if (isNotATeacher(assignments.error)) return <NotATeacher title={title} />;
  return (
    <div className="page classes-page">
      <h1>{title}</h1>
      <p className="page__lead">
        See who in each class has read the story you set, with their words correct per minute and accuracy.
      </p>
      {assignments.isError ? (
        <p role="alert">We could not load your assignments right now. Please try again later.</p>
      ) : !list ? (
        <LoadingIndicator message="Loading your assignments…" />
      ) : (
        <AssignmentList assignments={list} />
      )}
      {list && list.length > 0 ? (
        <nav className="page__form-row" aria-label="Assignment screens">
          <Link href={protectedPaths.createAssignment} variant="secondary">
            {screenName(protectedPaths.createAssignment)}
          </Link>
        </nav>
      ) : null}
    </div>
  );
}

/**
 * /grade-assignments, 'Grade Assignments' (spec §2.4 teacher menu; docs/decisions/0047-assignments.md): the
 * teacher's assignments, newest first, each with how many of the class have read it and a link to its results;
 * with none, a link to Create Assignment. `?assignment={id}` shows one assignment's results (the spec has no route
 * for it): every reader now in the class, done or not yet, their readings, latest and best words correct per
 * minute and accuracy, and a link to each reader's latest reading; "Delete the assignment" after a question.
 * `?assignment={id}&reading={readingId}` shows that reading's record (ReadingRecord.tsx;
 * docs/decisions/0048-reading-record.md). Never shown from an old cache (staleTime 0).
 */
export function GradeAssignmentsPage({
  createPlayer,
}: {
  /** Decodes a reading's recording for "Listen" on a reading record; a fake in tests. */
  createPlayer?: WordAudio['createPlayer'];
} = {}) {
  const title = screenName(protectedPaths.gradeAssignments);
  const [params] = useSearchParams();
  const assignmentId = params.get('assignment') ?? '';
  const readingId = params.get('reading') ?? '';
  const viewer = useViewer();

  if (viewer === 'error') return <AccountError title={title} />;
  if (viewer === 'not-teacher') return <NotATeacherPage title={title} />;
  if (viewer === 'loading') return <LoadingIndicator size="page" />;
  if (assignmentId && readingId)
    return (
      <ReadingRecordView
        key={`${assignmentId}/${readingId}`}
        assignmentId={assignmentId}
        readingId={readingId}
        title={title}
        {...(createPlayer ? { createPlayer } : {})}
      />
    );
  return assignmentId ? (
    <ResultsView key={assignmentId} assignmentId={assignmentId} title={title} />
  ) : (
    <ListView title={title} />
  );
}

/** Not a teacher: the shared page, with Sparky's line for it. */
function NotATeacherPage({ title }: { title: string }) {
  useDocumentTitle(title);
  usePageGuidance(NOT_A_TEACHER_GUIDANCE);
  return <NotATeacher title={title} />;
}
