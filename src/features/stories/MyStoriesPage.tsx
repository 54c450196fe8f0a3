import { useEffect, useRef, useState } from 'react';
import type { StorySummary } from '#core/api/stories.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { MY_STORIES_GUIDANCE } from './my-stories.guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import '../../ui/page.css';
import { useDeleteStory, useMyStories } from '../../lib/api/stories.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { StoryCard } from './StoryCard.tsx';
import './stories.css';

/**
 * /stories, 'Saved Stories' (spec §2.2, §2.6; one name for title, heading and menu): the reader's own
 * saved stories, made on Create Story (ADR 0045) or brought with Import Text (ADR 0044), newest first.
 * Each can be deleted, after a question; readings of it keep their scores.
 */
export function MyStoriesPage() {
  const name = screenName(protectedPaths.stories);
  useDocumentTitle(name);
  usePageGuidance(MY_STORIES_GUIDANCE);
  const mine = useMyStories();
  const remove = useDeleteStory();
  const [deleting, setDeleting] = useState<StorySummary | null>(null);
  // The deleted story's button is gone with it: focus goes to the heading, not to the page's end.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [deletedOne, setDeletedOne] = useState(0);
  useEffect(() => {
    if (deletedOne === 0) return;
    // After the dialog has put focus back where it was opened from (react-aria restores it a frame after closing).
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => headingRef.current?.focus());
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [deletedOne]);
  return (
    <div className="page stories-page">
      <h1 ref={headingRef} tabIndex={-1}>
        {name}
      </h1>
      <p className="page__form-row">
        <Link href={protectedPaths.create} variant="secondary">
          <Icon name="pencil" size={20} /> Create Story
        </Link>
        <Link href={protectedPaths.import} variant="secondary">
          <Icon name="clipboard" size={20} /> Import Text
        </Link>
      </p>
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
            Stories you make with Sparky on Create Story, and texts you bring with Import Text, are kept here,
            for you alone.
          </p>
          <p>Premade Stories has stories for every level, ready to read today.</p>
          <Link href={protectedPaths.premadeStories} variant="primary">
            Go to Premade Stories
          </Link>
        </div>
      ) : (
        <ul className="stories-list" aria-label="My stories">
          {mine.data.map((story) => (
            <li key={story.id} className="stories-list__own">
              <StoryCard story={story} />
              <Button variant="quiet" icon="close" onPress={() => setDeleting(story)}>
                Delete {story.title}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={deleting ? `Delete ${deleting.title}?` : 'Delete the story?'}
        description={<p>The text is deleted for good. Your readings of it keep their scores.</p>}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const title = deleting.title;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              setDeletedOne((n) => n + 1);
              showToast({ title: 'Story deleted', description: `${title} is deleted.`, variant: 'default' });
            },
            onError: () => {
              setDeleting(null);
              showToast({
                title: 'The story was not deleted',
                description: 'Something went wrong. Please try again.',
                variant: 'destructive',
              });
            },
          });
        }}
      />
    </div>
  );
}
