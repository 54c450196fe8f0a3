import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { MY_STORIES_GUIDANCE } from './my-stories.guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import '../../ui/page.css';
import { useMyStories } from '../../lib/api/stories.ts';
import { StoryCard } from './StoryCard.tsx';
import './stories.css';

/**
 * /stories, 'Saved Stories' (spec §2.2, §2.6; one name for title, heading and menu): the reader's own
 * saved stories. Making stories is not built yet, so the list is honestly empty for now and points
 * to the library.
 */
export function MyStoriesPage() {
  const name = screenName(protectedPaths.stories);
  useDocumentTitle(name);
  usePageGuidance(MY_STORIES_GUIDANCE);
  const mine = useMyStories();
  return (
    <div className="page stories-page">
      <h1>{name}</h1>
      {mine.isPending ? (
        <LoadingIndicator message="Loading your stories..." />
      ) : mine.isError ? (
        <div className="page__card" role="alert">
          <h2>We could not load your stories</h2>
          <p>{mine.error.message || 'Please try again.'}</p>
          <Button icon="selfCorrection" onPress={() => void mine.refetch()}>
            Try again
          </Button>
        </div>
      ) : mine.data.length === 0 ? (
        <div className="page__card stories-empty">
          <h2>No saved stories yet</h2>
          <p>
            Stories you make will be kept here. Making your own stories is still being built, so this list is
            empty for now.
          </p>
          <p>Premade Stories has stories for every level, ready to read today.</p>
          <Link href={protectedPaths.premadeStories} variant="primary">
            Go to Premade Stories
          </Link>
        </div>
      ) : (
        <ul className="stories-list" aria-label="My stories">
          {mine.data.map((story) => (
            <li key={story.id}>
              <StoryCard story={story} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
