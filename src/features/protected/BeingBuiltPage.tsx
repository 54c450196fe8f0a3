import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { BEING_BUILT_GUIDANCE } from './being-built.guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { SCREEN_TITLES } from './screen-titles.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Link } from '../../ui/Link.tsx';
import '../../ui/page.css';

/** The note every unbuilt protected screen shows. */
export const BEING_BUILT_NOTE =
  'This screen is being built. It is not ready yet, so there is nothing to do here today.';

/** Props of {@link BeingBuiltPage}. */
export interface BeingBuiltPageProps {
  /** The screen's title, e.g. 'Create Story'. */
  title: string;
}

/**
 * A protected screen that later issues build (spec §2.2): its title and a short honest note,
 * with a way back to a screen that works. It sits behind the route guard like the real page will.
 */
export function BeingBuiltPage({ title }: BeingBuiltPageProps) {
  useDocumentTitle(title);
  usePageGuidance(BEING_BUILT_GUIDANCE);
  return (
    <div className="page">
      <h1>{title}</h1>
      <div className="page__card">
        <p className="page__lead">{BEING_BUILT_NOTE}</p>
        <p>
          <Link href={protectedPaths.home}>Go to Home</Link> or{' '}
          <Link href={protectedPaths.profile}>edit your profile</Link>.
        </p>
      </div>
    </div>
  );
}

/**
 * The "being built" page of a protected route pattern (src/app/router.tsx), titled from
 * {@link SCREEN_TITLES}; the pattern itself when it has no title.
 */
export function BeingBuiltRoute({ path }: { path: string }) {
  return <BeingBuiltPage title={SCREEN_TITLES[path] ?? path} />;
}
