import type { ReaderAssignment } from '#core/api/assignments.ts';
import { fluencyPracticePath } from '../../app/paths.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { assignmentLinkNames, dueDayText } from './assignment-text.ts';

/**
 * What a reader in a class is told under "To read" (docs/decisions/0048-reading-record.md, 0050): a teacher opens the
 * readings of the stories they set word by word, hears their words one at a time while the recording is kept, and
 * sees the figures of the reader's Reading Screenings started in the class.
 */
export const TEACHER_SEES_TEXT =
  'Your teacher can see how you read the stories they ask for, word by word, and hear the words you read for 30 days. They see your Reading Screenings too.';

/** Props of {@link AssignmentList}. */
export interface AssignmentListProps {
  /** The reader's assignments in the server's order (not done first); undefined while loading. */
  assignments: readonly ReaderAssignment[] | undefined;
  /** They could not be loaded: said in an alert, and the rest of the page works as before. */
  isError: boolean;
}

/** "Ms Rivera asked you to read this", or "Your teacher …" when the teacher has no name to show. */
function askedBy(assignment: ReaderAssignment) {
  return assignment.teacherName ? (
    <>
      <bdi>{assignment.teacherName}</bdi> asked you to read this
    </>
  ) : (
    <>Your teacher asked you to read this</>
  );
}

/** An assignment, and the name of its link (assignmentLinkNames: different from every other on the page). */
interface ItemProps {
  assignment: ReaderAssignment;
  linkName: string;
}

/** One assignment not read yet: the story's title, big; who asked, the note, the day; "Read {story} aloud". */
function ToReadItem({ assignment, linkName }: ItemProps) {
  return (
    <li className="assignment">
      <h3 className="assignment__title">
        <bdi>{assignment.storyTitle}</bdi>
      </h3>
      <p>{askedBy(assignment)}</p>
      {assignment.note ? (
        <p className="assignment__note">
          <bdi>{assignment.note}</bdi>
        </p>
      ) : null}
      {assignment.dueOn ? (
        <p className="assignment__due">
          <Icon name="clock" size={20} />
          <span>Read it {dueDayText(assignment.dueOn)}.</span>
        </p>
      ) : null}
      <p className="assignment__action">
        <Link href={fluencyPracticePath(assignment.storyId)} variant="primary">
          <Icon name="mic" size={20} className="button__icon" />
          {linkName}
        </Link>
      </p>
    </li>
  );
}

/** One assignment read already: its title, a check and "You read it", and a quieter link to read it again. */
function DoneItem({ assignment, linkName }: ItemProps) {
  return (
    <li className="assignment assignment--done">
      <h4 className="assignment__title">
        <bdi>{assignment.storyTitle}</bdi>
      </h4>
      <p className="assignment__done">
        <Icon name="check" size={28} strokeWidth={3} />
        <span>You read it</span>
      </p>
      <p className="assignment__action">
        <Link href={fluencyPracticePath(assignment.storyId)} variant="secondary">
          <Icon name="mic" size={20} className="button__icon" />
          {linkName}
        </Link>
      </p>
    </li>
  );
}

/**
 * My Classroom's "To read" (docs/decisions/0047-assignments.md): what the reader's teachers asked them to read
 * aloud, in the server's order, each with a link that opens Reading Practice on the story; those read already
 * below, under "You read these". Links to the same story (from two classes, or set twice) say the class, then a
 * number. Loading, a failure (an alert) and none each say so. Last, what the teacher sees of these readings
 * ({@link TEACHER_SEES_TEXT}).
 */
export function AssignmentList({ assignments, isError }: AssignmentListProps) {
  const toRead = assignments?.filter((a) => !a.done) ?? [];
  const done = assignments?.filter((a) => a.done) ?? [];
  // Named together, in the order shown, so no two links on the page have the same name.
  const shown = [...toRead, ...done];
  const names = assignmentLinkNames(shown);
  const linkName = (assignment: ReaderAssignment) => names[shown.indexOf(assignment)]!;
  return (
    <section className="page__card classroom__to-read" aria-labelledby="classroom-to-read-title">
      <h2 id="classroom-to-read-title">To read</h2>
      {isError ? (
        <p role="alert">We could not load what your teacher asked you to read. Please try again later.</p>
      ) : !assignments ? (
        <LoadingIndicator message="Loading what to read…" />
      ) : assignments.length === 0 ? (
        <p>Nothing to read yet.</p>
      ) : (
        <>
          {toRead.length === 0 ? (
            <p>You read them all. Well done!</p>
          ) : (
            <ul className="assignments" aria-labelledby="classroom-to-read-title">
              {toRead.map((assignment) => (
                <ToReadItem key={assignment.id} assignment={assignment} linkName={linkName(assignment)} />
              ))}
            </ul>
          )}
          {done.length > 0 ? (
            <>
              <h3 id="classroom-read-done" className="assignments__done-title">
                <Icon name="check" size={24} /> You read these
              </h3>
              <ul className="assignments" aria-labelledby="classroom-read-done">
                {done.map((assignment) => (
                  <DoneItem key={assignment.id} assignment={assignment} linkName={linkName(assignment)} />
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
      <p>{TEACHER_SEES_TEXT}</p>
    </section>
  );
}
