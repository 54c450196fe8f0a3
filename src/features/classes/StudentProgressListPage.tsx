import { usePageGuidance, type PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { isNotATeacher, usePupils } from '../../lib/api/classes.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { NOT_A_TEACHER_GUIDANCE, STUDENT_PROGRESS_LIST_GUIDANCE } from './classes.guidance.ts';
import { PupilTable } from './PupilTable.tsx';
import { AccountError, NotATeacher, useViewer } from './TeacherOnly.tsx';
import '../../ui/page.css';
import './classes.css';

/**
 * /student-progress, 'Student Progress' (spec §2.4 teacher menu; docs/decisions/0046-classes.md): every reader in
 * any of the teacher's classes, once, with their classes and the figures of a roster; each name leads to the
 * reader's own Student Progress page. Read-only.
 */
export function StudentProgressListPage() {
  const title = screenName(protectedPaths.studentProgressList);
  useDocumentTitle(title);
  const viewer = useViewer();
  const pupils = usePupils({ enabled: viewer === 'teacher' });
  const refused = isNotATeacher(pupils.error);
  let guidance: PageGuidance | null = null;
  if (viewer === 'not-teacher' || refused) guidance = NOT_A_TEACHER_GUIDANCE;
  else if (viewer === 'teacher') guidance = STUDENT_PROGRESS_LIST_GUIDANCE;
  usePageGuidance(guidance);

  if (viewer === 'error') return <AccountError title={title} />;
  if (viewer === 'not-teacher' || refused) return <NotATeacher title={title} />;
  if (viewer === 'loading') return <LoadingIndicator size="page" />;

  const list = pupils.data?.pupils;
  return (
    <div className="page classes-page">
      <h1>{title}</h1>
      <p className="page__lead">
        Every reader in your classes, and how they read. You see a reader while they are in one of your
        classes.
      </p>
      {pupils.isError ? (
        <p role="alert">We could not load your readers right now. Please try again later.</p>
      ) : !list ? (
        <LoadingIndicator message="Loading your readers…" />
      ) : list.length === 0 ? (
        <section className="page__card">
          <p>
            No reader is in your classes yet. Make a class code on a class's page: readers type it on My
            Classroom to join.
          </p>
          <p>
            <Link href={protectedPaths.classManagement} variant="secondary">
              {screenName(protectedPaths.classManagement)}
            </Link>
          </p>
        </section>
      ) : (
        <PupilTable pupils={list} caption="Readers in your classes" showClasses />
      )}
    </div>
  );
}
