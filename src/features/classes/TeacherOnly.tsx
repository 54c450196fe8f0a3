import { menuKindFor } from '../../app/nav-items.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useMe } from '../../lib/api/me.ts';
import { Link } from '../../ui/Link.tsx';
import '../../ui/page.css';

/** Who is looking at a class screen: not known yet, could not be loaded, a teacher, or anyone else. */
export type Viewer = 'loading' | 'error' | 'teacher' | 'not-teacher';

/**
 * Whether the signed-in user is a teacher, by the menu's rule (`menuKindFor`: the teacher role or profile type),
 * which is the server's rule for /api/classes too (ADR 0046). The class queries wait for it, so nobody else
 * sends a request only to be refused.
 */
export function useViewer(): Viewer {
  const me = useMe();
  if (me.data) return menuKindFor(me.data) === 'teacher' ? 'teacher' : 'not-teacher';
  if (me.isError) return 'error';
  return 'loading';
}

/**
 * A class screen for someone who is not a teacher (their menu is not the teacher's, or the server said 403
 * `not_a_teacher`): what the screen is for, and the way home.
 */
export function NotATeacher({ title }: { title: string }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__lead">This page is for teachers.</p>
      <section className="page__card">
        <p>
          A teacher makes a class here and gives readers its code. A reader joins a class with that code on My
          Classroom.
        </p>
        <p>
          <Link href={protectedPaths.home} variant="secondary">
            {screenName(protectedPaths.home)}
          </Link>
        </p>
      </section>
    </div>
  );
}

/** A class screen whose user could not be loaded. */
export function AccountError({ title }: { title: string }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p role="alert">We could not load your account right now. Please reload the page.</p>
    </div>
  );
}
