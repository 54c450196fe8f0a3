import { usePageGuidance, type PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths, studentProgressPath } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { isNotATeacher, useClasses, usePupils } from '../../lib/api/classes.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { ClassLine } from './ClassLine.tsx';
import { distinctNames, lastReadText } from './class-text.ts';
import {
  DASHBOARD_FIRST_CLASS_GUIDANCE,
  DASHBOARD_GUIDANCE,
  NOT_A_TEACHER_GUIDANCE,
} from './classes.guidance.ts';
import { AccountError, NotATeacher, useViewer } from './TeacherOnly.tsx';
import '../../ui/page.css';
import './classes.css';

/**
 * /teacher-dashboard, 'Teacher Dashboard' (spec §2.4 teacher menu, §6: where login sends a teacher;
 * docs/decisions/0046-classes.md). Sums up a teacher's classes: each with its reader count and live code, the
 * readers who have not read in the last 7 days, and the ways to Class Management and Student Progress. With no
 * class yet, the page and Sparky lead to making the first one.
 */
export function TeacherDashboardPage() {
  const title = screenName(protectedPaths.teacherDashboard);
  useDocumentTitle(title);
  const viewer = useViewer();
  const isTeacher = viewer === 'teacher';
  const classes = useClasses({ enabled: isTeacher });
  const pupils = usePupils({ enabled: isTeacher });
  const refused = isNotATeacher(classes.error) || isNotATeacher(pupils.error);
  const list = classes.data?.classes;
  let guidance: PageGuidance | null = null;
  if (viewer === 'not-teacher' || refused) guidance = NOT_A_TEACHER_GUIDANCE;
  else if (list) guidance = list.length === 0 ? DASHBOARD_FIRST_CLASS_GUIDANCE : DASHBOARD_GUIDANCE;
  usePageGuidance(guidance);

  if (viewer === 'error') return <AccountError title={title} />;
  if (viewer === 'not-teacher' || refused) return <NotATeacher title={title} />;
  if (viewer === 'loading') return <LoadingIndicator size="page" />;

  // Readers with no reading in the 7 days before the request (the server counts them: readingsThisWeek).
  // Named in their links as on Student Progress: short, and two readers called Mia told apart.
  const allPupils = pupils.data?.pupils ?? [];
  const pupilNames = distinctNames(allPupils.map((p) => ({ name: p.displayName, grade: p.grade })));
  const quiet = allPupils
    .map((pupil, i) => ({ pupil, label: pupilNames[i]! }))
    .filter(({ pupil }) => pupil.readingsThisWeek === 0);
  const classNames = distinctNames(list ?? []);
  const classManagement = screenName(protectedPaths.classManagement);
  const studentProgress = screenName(protectedPaths.studentProgressList);

  return (
    <div className="page classes-page">
      <h1>{title}</h1>
      {classes.isError ? (
        <p role="alert">We could not load your classes right now. Please try again later.</p>
      ) : !list ? (
        <LoadingIndicator message="Loading your classes…" />
      ) : list.length === 0 ? (
        <section className="page__card" aria-labelledby="first-class-title">
          <h2 id="first-class-title">Make your first class</h2>
          <p>
            Give the class a name, then make its code. Readers type the code on My Classroom to join, and you
            see how they read.
          </p>
          <p>
            <Link href={protectedPaths.classManagement} variant="primary">
              Make your first class
            </Link>
          </p>
        </section>
      ) : (
        <>
          <section className="page__card" aria-labelledby="your-classes-title">
            <h2 id="your-classes-title">Your classes</h2>
            <ul className="classes__list" aria-labelledby="your-classes-title">
              {list.map((summary, i) => (
                <ClassLine key={summary.id} summary={summary} label={classNames[i]!} />
              ))}
            </ul>
          </section>
          <section className="page__card" aria-labelledby="quiet-title">
            <h2 id="quiet-title">Not read in 7 days</h2>
            {pupils.isError ? (
              <p role="alert">We could not load your readers right now.</p>
            ) : !pupils.data ? (
              <LoadingIndicator message="Loading your readers…" />
            ) : pupils.data.pupils.length === 0 ? (
              <p>No reader has joined your classes yet. Give readers a class code from the class's page.</p>
            ) : quiet.length === 0 ? (
              <p>Every reader in your classes has read in the last 7 days.</p>
            ) : (
              <ul className="classes__list" aria-labelledby="quiet-title">
                {quiet.map(({ pupil, label }) => (
                  <li key={pupil.userId} className="classes__item">
                    <Link href={studentProgressPath(pupil.userId)} className="classes__name">
                      <bdi>{label}</bdi>
                    </Link>
                    <span>
                      {pupil.lastReadingAt
                        ? `Last read ${lastReadText(pupil.lastReadingAt)}`
                        : 'Has not read yet'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <nav className="page__form-row" aria-label="Teacher screens">
        <Link href={protectedPaths.classManagement} variant="secondary">
          {classManagement}
        </Link>
        <Link href={protectedPaths.studentProgressList} variant="secondary">
          {studentProgress}
        </Link>
      </nav>
    </div>
  );
}
