import { Fragment, useId } from 'react';
import type { StorySummary } from '#core/api/stories.ts';
import { readStoryPath } from '../../app/paths.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { gradeBandLabel, lexileLabel, themeLabel } from './story-labels.ts';

/**
 * One story in a list: its title is the link (so the link's name is the title alone), and the
 * level, Lexile, length and themes are its description. The whole card is clickable through the
 * link's stretched hit area, so pointer and touch users get a big target (stories.css).
 */
export function StoryCard({ story }: { story: StorySummary }) {
  const detailsId = useId();
  const parts = [
    gradeBandLabel(story.gradeBand),
    <>
      <span className="visually-hidden">Lexile </span>
      {lexileLabel(story.lexile)}
    </>,
    `${story.wordCount} words`,
    ...(story.themes.length ? [story.themes.map(themeLabel).join(' and ')] : []),
  ];
  return (
    <article className="story-card">
      <h3 className="story-card__title">
        <Link href={readStoryPath(story.id)} className="story-card__link" aria-describedby={detailsId}>
          {story.title}
        </Link>
      </h3>
      <p className="story-card__details" id={detailsId}>
        {parts.map((part, k) => (
          <Fragment key={k}>
            {k > 0 ? (
              <>
                <span aria-hidden="true"> · </span>
                <span className="visually-hidden">, </span>
              </>
            ) : null}
            {part}
          </Fragment>
        ))}
        {story.decodable ? (
          <>
            <span className="visually-hidden">, </span>
            <span className="story-card__badge">
              <Icon name="letters" size={18} />
              Decodable
            </span>
          </>
        ) : null}
      </p>
    </article>
  );
}
