import type { ReaderAssignment } from '#core/api/assignments.ts';
import { fluencyPracticePath, protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useMyAssignments } from '../../lib/api/classroom.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';

/**
 * What the teacher sees and hears of these readings, in short (docs/decisions/0048-reading-record.md; My Classroom
 * says it in full): a pre-reader lands on Home, so it is said here too.
 */
export const TEACHER_HEARS_TEXT = 'Your teacher can see and hear how you read these stories.';

/** Stories shown on Home at most; the rest are on My Classroom. */
export const HOME_ASSIGNMENTS_SHOWN = 3;
/** Words of a title kept in a link's name ("Read … aloud" stays a short voice command: at most 10 words). */
const TITLE_WORDS = 8;

/** A title cut to {@link TITLE_WORDS} words, with "…" when cut. */
function shortTitle(title: string): string {
  const words = title.trim().split(/\s+/);
  return words.length <= TITLE_WORDS ? words.join(' ') : `${words.slice(0, TITLE_WORDS).join(' ')}…`;
}

/** "Read The Moon Says Goodnight aloud": the link's name, a voice command of at most 10 words. */
export function readAloudLinkName(title: string): string {
  return `Read ${shortTitle(title)} aloud`;
}

/**
 * The stories the reader's teachers asked for and the reader has not read yet, each story once (two classes may set
 * the same one), in the server's order (by due day; docs/decisions/0047-assignments.md).
 */
export function storiesToRead(assignments: readonly ReaderAssignment[] | undefined): ReaderAssignment[] {
  const seen = new Set<string>();
  const out: ReaderAssignment[] = [];
  for (const a of assignments ?? []) {
    if (a.done || seen.has(a.storyId)) continue;
    seen.add(a.storyId);
    out.push(a);
  }
  return out;
}

/**
 * "From your teacher" on Home (ADR 0047): the first stories a teacher asked the reader to read aloud, each with the
 * button that opens Reading Practice on it, and a link to My Classroom for the rest. A pre-reader lands on Home, so
 * what the teacher asked for is here too, not only on My Classroom, with what the teacher sees and hears of it
 * ({@link TEACHER_HEARS_TEXT}). Nothing when there is none, while loading, or on
 * failure (My Classroom says so).
 * @param enabled - whether the user is a reader (others are never asked: the server would answer 403)
 */
export function TeacherAsksCard({ enabled }: { enabled: boolean }) {
  const assignments = useMyAssignments({ enabled });
  const toRead = storiesToRead(assignments.data?.assignments);
  if (!enabled || toRead.length === 0) return null;
  return (
    <section className="page__card" aria-labelledby="home-teacher">
      <h2 id="home-teacher">From your teacher</h2>
      <ul className="home__offers">
        {toRead.slice(0, HOME_ASSIGNMENTS_SHOWN).map((a) => (
          <li key={a.id}>
            <p>
              <bdi>{a.teacherName || 'Your teacher'}</bdi> asked you to read <bdi>{a.storyTitle}</bdi>.
            </p>
            <Link href={fluencyPracticePath(a.storyId)} variant="primary">
              <Icon name="mic" size={20} className="button__icon" />
              {readAloudLinkName(a.storyTitle)}
            </Link>
          </li>
        ))}
      </ul>
      <p>{TEACHER_HEARS_TEXT}</p>
      <p>
        <Link href={protectedPaths.studentClassroom}>
          {toRead.length > HOME_ASSIGNMENTS_SHOWN
            ? `All ${toRead.length} on ${screenName(protectedPaths.studentClassroom)}`
            : screenName(protectedPaths.studentClassroom)}
        </Link>
      </p>
    </section>
  );
}
