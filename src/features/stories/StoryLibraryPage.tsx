import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { LIBRARY_GUIDANCE } from './library.guidance.ts';
import { useSearchParams } from 'react-router-dom';
import type { StorySummary } from '#core/api/stories.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Select } from '../../ui/Select.tsx';
import { Switch } from '../../ui/Switch.tsx';
import '../../ui/page.css';
import { useLibrary, type LibraryFilters } from '../../lib/api/stories.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { storyListVoiceCommands } from './voice-commands.ts';
import { StoryCard } from './StoryCard.tsx';
import { ALL, LEVEL_OPTIONS, parseGradeBand, parseTheme, THEME_OPTIONS } from './story-labels.ts';
import './stories.css';

/** The filters held in the address bar (`?grade=K&theme=animals&justRight=1`), so Back keeps them. */
function useFilters(): [LibraryFilters, (next: LibraryFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: LibraryFilters = {
    grade: parseGradeBand(params.get('grade')),
    theme: parseTheme(params.get('theme')),
    justRight: params.get('justRight') === '1',
  };
  const update = (next: LibraryFilters) => {
    const query = new URLSearchParams();
    if (next.grade) query.set('grade', next.grade);
    if (next.theme) query.set('theme', next.theme);
    if (next.justRight) query.set('justRight', '1');
    setParams(query, { replace: true });
  };
  return [filters, update];
}

/** How many near stories to offer when nothing is just right. */
export const CLOSEST_COUNT = 3;

/** The `count` stories whose Lexile is nearest `lexile` (unmeasured ones last), nearest first. */
export function closestStories(
  stories: readonly StorySummary[],
  lexile: number,
  count: number,
): StorySummary[] {
  const distance = (s: StorySummary) => (s.lexile === null ? Infinity : Math.abs(s.lexile - lexile));
  return [...stories].sort((a, b) => distance(a) - distance(b)).slice(0, count);
}

/** "1 story matches your choices", "12 stories in the library". */
export function countText(count: number, filtered: boolean): string {
  const stories = count === 1 ? '1 story' : `${count} stories`;
  if (!filtered) return `${stories} in the library`;
  return `${stories} ${count === 1 ? 'matches' : 'match'} your choices`;
}

/**
 * /premade-stories, 'Premade Stories' (spec §2.2, §2.6; one name for title, heading and menu): the
 * library with level, theme and "Just right for me" filters, each story a link to the reader.
 */
export function StoryLibraryPage() {
  const name = screenName(protectedPaths.premadeStories);
  useDocumentTitle(name);
  usePageGuidance(LIBRARY_GUIDANCE);
  const [filters, setFilters] = useFilters();
  const library = useLibrary(filters);
  const band = library.data?.readerBand;
  const stories = library.data?.stories ?? [];
  const filtered = Boolean(filters.grade || filters.theme || filters.justRight);
  const nothingJustRight =
    Boolean(filters.justRight) && library.isSuccess && !library.isPlaceholderData && stories.length === 0;
  // When nothing is just right, the same level and theme without the band, nearest Lexile first.
  const nearby = useLibrary({ grade: filters.grade, theme: filters.theme }, { enabled: nothingJustRight });
  const closest =
    nothingJustRight && band && nearby.data && !nearby.isPlaceholderData
      ? closestStories(nearby.data.stories, band.lexile, CLOSEST_COUNT)
      : [];
  // Saying a story's title opens it in the reader (issue 11).
  useVoiceCommands(storyListVoiceCommands([...stories, ...closest]));

  return (
    <div className="page stories-page">
      <h1>{name}</h1>
      <p className="page__lead">Pick a story to read on your own or to hear Sparky read it to you.</p>

      <section className="stories-filters" aria-labelledby="stories-filters-title">
        <h2 id="stories-filters-title" className="visually-hidden">
          Filter stories
        </h2>
        <Select
          label="Level"
          options={LEVEL_OPTIONS}
          value={filters.grade ?? ALL}
          onChange={(grade) => setFilters({ ...filters, grade: parseGradeBand(grade) })}
        />
        <Select
          label="Theme"
          options={THEME_OPTIONS}
          value={filters.theme ?? ALL}
          onChange={(theme) => setFilters({ ...filters, theme: parseTheme(theme) })}
        />
        <div className="stories-filters__just-right">
          <Switch
            isSelected={Boolean(filters.justRight)}
            onChange={(justRight) => setFilters({ ...filters, justRight })}
            aria-describedby="stories-just-right-help"
          >
            Just right for me
          </Switch>
          <p id="stories-just-right-help" className="stories-filters__help">
            {band
              ? `Stories from ${band.min}L to ${band.max}L, around your reading level of ${band.lexile}L${
                  band.source === 'grade' ? ' (from your grade)' : ''
                }.`
              : 'Stories close to your reading level.'}
          </p>
        </div>
      </section>

      {library.isPending ? (
        <LoadingIndicator message="Loading stories..." />
      ) : library.isError ? (
        <div className="page__card" role="alert">
          <h2>We could not load the stories</h2>
          <p>{library.error.message || 'Please try again.'}</p>
          <Button icon="selfCorrection" onPress={() => void library.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p role="status" className="stories-count">
            {library.isPlaceholderData ? 'Finding stories…' : countText(stories.length, filtered)}
          </p>
          {stories.length === 0 && !library.isPlaceholderData ? (
            <div className="page__card stories-empty">
              <h2>No stories match these choices</h2>
              <p>
                {filters.justRight
                  ? 'There is no story at your level with these choices yet. Try another theme or level, or turn off “Just right for me”.'
                  : 'Try another level or theme.'}
              </p>
              <Button variant="secondary" onPress={() => setFilters({})}>
                Show all stories
              </Button>
              {closest.length ? (
                <section className="stories-closest" aria-labelledby="stories-closest-title">
                  <h2 id="stories-closest-title">Closest to your level</h2>
                  <ul className="stories-list" aria-label="Closest to your level">
                    {closest.map((story) => (
                      <li key={story.id}>
                        <StoryCard story={story} />
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
            </div>
          ) : (
            <ul
              className="stories-list"
              aria-label="Stories"
              aria-busy={library.isPlaceholderData || undefined}
            >
              {stories.map((story) => (
                <li key={story.id}>
                  <StoryCard story={story} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
