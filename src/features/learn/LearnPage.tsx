import { navIcon } from '../../app/nav-icons.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { ALPHABET_SIZE } from '#core/alphabet/letters.ts';
import { useAlphabetProgress } from '../../lib/api/alphabet.ts';
import { useSoundItOutProgress } from '../../lib/api/sound-it-out.ts';
import { useWordBuilderProgress } from '../../lib/api/word-builder.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { LEARN_GUIDANCE } from './learn.guidance.ts';
import '../../ui/page.css';
import './learn.css';
import { plural } from '#core/text/plural.ts';

/**
 * /learn, 'Learning Hub' (the sidebar's "Learning Center", spec §2.4, §2.6; the daily challenge of a type
 * with no screen of its own leads here, §2.5; docs/decisions/0040-learning-hub.md): the letter and word games
 * in one place, each a big card with its picture, what it is in a child's words, and how far the child has
 * got. The card's link is the game's name, so a child can also say it ("alphabet", "word builder" are
 * navigation phrases, and every visible link is a spoken command): Alphabet Learning, Word Builder and Sound
 * It Out (docs/decisions/0043-sound-it-out.md). Under the games, a link to My Learning Path, which says which
 * one comes next for this child (docs/decisions/0052-my-learning-path.md).
 */
export function LearnPage() {
  const title = screenName(protectedPaths.learn);
  useDocumentTitle(title);
  usePageGuidance(LEARN_GUIDANCE);
  const letters = useAlphabetProgress();
  const words = useWordBuilderProgress();
  const sounded = useSoundItOutProgress();

  const games = [
    {
      path: protectedPaths.alphabet,
      text: 'Sparky says a letter, and you find it. Learn all 26!',
      progress: letters.data
        ? `You have found ${letters.data.found.length} of ${ALPHABET_SIZE} letters.`
        : null,
    },
    {
      path: protectedPaths.wordBuilder,
      text: 'Sparky shows a picture, and you build its word from letters.',
      progress: words.data
        ? `You have built ${plural(words.data.today.length, 'word', 'words')} today.`
        : null,
    },
    {
      path: protectedPaths.soundItOut,
      text: 'Hear the sounds of a word, and put them together.',
      progress: sounded.data
        ? `You have sounded out ${plural(sounded.data.today.length, 'word', 'words')} today.`
        : null,
    },
  ];

  return (
    <div className="page learn">
      <h1>{title}</h1>
      <p className="page__lead">Games for letters and words. Pick one!</p>
      <ul className="learn__games" aria-label="Games">
        {games.map((game) => (
          <li key={game.path} className="page__card learn__game">
            <h2 className="learn__name">
              <Link href={game.path} className="learn__link">
                <Icon name={navIcon(game.path)} size={48} className="learn__icon" />
                <span>{screenName(game.path)}</span>
              </Link>
            </h2>
            <p>{game.text}</p>
            {game.progress ? <p className="learn__progress">{game.progress}</p> : null}
          </li>
        ))}
      </ul>
      {/* Which game first: the reader's next step (docs/decisions/0052-my-learning-path.md). */}
      <p className="page__card learn__path">
        <span>Not sure what to play? Your path shows your next step.</span>{' '}
        <Link href={protectedPaths.myLearningPath} className="learn__link">
          <Icon name={navIcon(protectedPaths.myLearningPath)} size={40} className="learn__icon" />
          <span>{screenName(protectedPaths.myLearningPath)}</span>
        </Link>
      </p>
    </div>
  );
}
