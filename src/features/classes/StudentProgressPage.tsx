import { useParams } from 'react-router-dom';
import { usePageGuidance, type PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { classPath, protectedPaths, protectedPatterns } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { isNotATeacher, isNotFound, usePupilReport } from '../../lib/api/classes.ts';
import { ChildReportView } from '../../lib/reports/ChildReportView.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { distinctNames } from './class-text.ts';
import {
  NOT_A_TEACHER_GUIDANCE,
  NOT_IN_YOUR_CLASSES_GUIDANCE,
  studentProgressGuidance,
} from './classes.guidance.ts';
import { AccountError, NotATeacher, useViewer } from './TeacherOnly.tsx';
import '../../ui/page.css';
import './classes.css';

/**
 * /student-progress/:studentId, 'Student Progress' (spec §2.2; docs/decisions/0046-classes.md): one reader's
 * progress, read-only, the report a guardian sees (ChildReportView: the learning path's next step and the steps
 * done, in a teacher's words (ADR 0052), reading summary, change since the reading before, each story read,
 * letters, words, badges), and the teacher's classes the reader is in. A reader in none of them (or no such
 * reader: the server does not say which) gets a clear "not in your classes".
 */
export function StudentProgressPage() {
  const { studentId = '' } = useParams();
  const screen = screenName(protectedPatterns.studentProgress);
  const viewer = useViewer();
  const report = usePupilReport(studentId, { enabled: viewer === 'teacher' && studentId !== '' });
  const refused = isNotATeacher(report.error);
  const missing = studentId === '' || isNotFound(report.error);
  const name = report.data?.child.displayName;
  useDocumentTitle(name ? `${name} · ${screen}` : screen);
  let guidance: PageGuidance | null = null;
  if (viewer === 'not-teacher' || refused) guidance = NOT_A_TEACHER_GUIDANCE;
  else if (missing) guidance = NOT_IN_YOUR_CLASSES_GUIDANCE;
  else if (name) guidance = studentProgressGuidance(name, report.data?.learningPath);
  usePageGuidance(guidance);

  const back = (
    <p>
      <Link href={protectedPaths.studentProgressList}>All your readers</Link>
    </p>
  );
  if (viewer === 'error') return <AccountError title={screen} />;
  if (viewer === 'not-teacher' || refused) return <NotATeacher title={screen} />;
  if (missing)
    return (
      <div className="page">
        <h1>{screen}</h1>
        <p role="alert">
          This reader is not in your classes. You see a reader's progress only while they are in one of your
          classes.
        </p>
        {back}
      </div>
    );
  if (report.isError)
    return (
      <div className="page">
        <h1>{screen}</h1>
        <p role="alert">We could not load this report right now. Please try again later.</p>
        {back}
      </div>
    );
  if (!report.data) return <LoadingIndicator size="page" message="Loading the report…" />;

  const { classes } = report.data;
  const classNames = distinctNames(classes);
  return (
    <div className="page classes-page">
      <h1>
        <bdi>{report.data.child.displayName}</bdi>
      </h1>
      <p className="page__lead">{screen}: how this reader reads. Read-only: the recordings stay private.</p>
      <section className="page__card" aria-labelledby="pupil-classes-title">
        <h2 id="pupil-classes-title">Your classes they are in</h2>
        <ul className="classes__list" aria-labelledby="pupil-classes-title">
          {classes.map((c, i) => (
            <li key={c.id} className="classes__item">
              <Link href={classPath(c.id)} className="classes__name">
                <bdi>{classNames[i]}</bdi>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="page__card">
        <ChildReportView report={report.data} headingLevel={2} viewer="teacher" />
      </section>
      {back}
    </div>
  );
}
