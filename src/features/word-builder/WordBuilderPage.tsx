import { useEffect, useRef, useState } from 'react';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import type { Letter } from '#core/alphabet/letters.ts';
import { WORD_BUILDER_WORDS } from '#core/rewards/achievements.ts';
import {
  askLine,
  clueLine,
  giveClue,
  letterQuestion,
  nextLetter,
  nextPuzzle,
  startBuilding,
  tryLetter,
  tryLine,
  spelledLine,
  type Building,
  type RandomSource,
} from '#core/word-builder/game.ts';
import { lettersOf } from '#core/word-builder/words.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { celebrate } from '../../lib/celebrate.ts';
import { useWordBuilderProgress, useWordBuilt } from '../../lib/api/word-builder.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { WORD_BUILDER_GUIDANCE } from './word-builder.guidance.ts';
import {
  letterOfTileTarget,
  WORD_BUILDER_ACTIONS,
  wordBuilderVoiceCommands,
  type WordBuilderStep,
} from './word-builder.voice-commands.ts';
import '../../ui/page.css';
import './word-builder.css';

/** Taught with the first word of a visit: the form of an answer heard best (ADR 0039). */
export const ANSWER_FORM_LINE = 'To answer, say letter, and then the letter.';
/** Said when a word built could not be kept. */
export const SAVE_FAILED_LINE = 'Sparky could not keep this word just now. Press Try again.';

/** The game: not playing; a word being built; a word built. */
type Game =
  { step: 'idle' } | { step: 'building'; building: Building } | { step: 'built'; building: Building };

/** "1 word" / "3 words". */
function words(count: number): string {
  return `${count} ${count === 1 ? 'word' : 'words'}`;
}

/** A word's picture, hidden from screen readers (the word is said and written beside it). */
function Picture({ picture }: { picture: string }) {
  return (
    <span className="word-builder__picture" aria-hidden="true">
      {picture}
    </span>
  );
}

/**
 * The word's letters as built so far: a box per letter, filled from the first. A screen reader hears the
 * list as "Your word" and each box as its letter or "empty"; the box of the next letter is marked.
 */
function Slots({ building }: { building: Building }) {
  const letters = lettersOf(building.puzzle.word.word);
  return (
    <ol className="word-builder__slots" aria-label="Your word">
      {letters.map((letter, index) => {
        const placed = index < building.placed;
        const current = index === building.placed;
        return (
          <li
            key={index}
            className={`word-builder__slot${placed ? ' word-builder__slot--placed' : ''}${current ? ' word-builder__slot--current' : ''}`}
            aria-current={current ? 'step' : undefined}
          >
            {placed ? letter.toLowerCase() : <span className="visually-hidden">empty</span>}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * /word-builder, 'Word Builder' (spec §2.2, §2.5 practice_words; docs/decisions/0039-word-builder.md).
 *
 * Sparky shows a picture and says its word ("Let's build cat. What letter does cat start with?"), and the
 * child builds the word from letter tiles, first letter to last, by saying a letter ("c", "letter c"),
 * pressing its tile, or with the keyboard or a switch. A right letter goes into its box; a wrong one is
 * named and explained ("T is in cat, but not yet"), and after two wrong letters (or on "Give me a clue")
 * Sparky names the letter and its tile is marked. A word built is praised and spelled out, and sent to the
 * server, which counts it for Word Practice and Word Architect (spec §4.4, §4.5).
 *
 * Every line Sparky says is also a caption and a screen-reader announcement (the audio queue). Focus
 * follows the game: the first tile left when a word is given and after each letter placed, Next after a
 * word built, Play after the game.
 * @param random - uniform [0, 1) source of the words and tiles (tests pass a fixed one)
 */
export function WordBuilderPage({ random = Math.random }: { random?: RandomSource }) {
  const title = screenName(protectedPaths.wordBuilder);
  useDocumentTitle(title);
  const audio = useAudioQueue();
  const progress = useWordBuilderProgress();
  const wordBuilt = useWordBuilt();
  const [game, setGame] = useState<Game>({ step: 'idle' });
  // Once the game has started, the page's introduction is moot: its second line (priority 1) would
  // replace Sparky's question while it waits (§4.9), so the guidance is withdrawn for this visit.
  const [played, setPlayed] = useState(false);
  usePageGuidance(played ? null : WORD_BUILDER_GUIDANCE);
  // The word whose save failed, while its step is shown.
  const [saveFailed, setSaveFailed] = useState<string | null>(null);
  // The answer form is taught once a visit, with the first word.
  const [taught, setTaught] = useState(false);
  const today = progress.data?.today.length ?? 0;
  const total = progress.data?.total ?? 0;

  // Focus follows the game (see the TSDoc); set by the step that was entered, not on first render.
  const focusNext = useRef<'tiles' | 'next' | 'play' | null>(null);
  const tilesRef = useRef<HTMLUListElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'tiles')
      tilesRef.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
    else if (target === 'next') nextRef.current?.focus();
    else if (target === 'play') playRef.current?.focus();
  }, [game]);

  // Each game line cuts Sparky's line before it: a child who answers fast hears (and a deaf child reads)
  // the answer to what they just did, not a line or two behind (review of ADR 0039).
  const say = (text: string) => {
    audio.withdraw('sparky');
    audio.speak({ text, type: 'sparky' });
  };

  /** Sends a word built; a failure is said and shown, with a button to send it again. */
  const save = (word: string) => {
    setSaveFailed(null);
    wordBuilt
      .mutateAsync({ word })
      .then((answer) => celebrate(answer, audio.speak))
      .catch(() => {
        setSaveFailed(word);
        audio.speak({ text: SAVE_FAILED_LINE, type: 'sparky', priority: 0 });
      });
  };

  const give = (previous: string | null) => {
    const building = startBuilding(
      nextPuzzle({ today: progress.data?.today ?? [], total }, random, previous),
    );
    focusNext.current = 'tiles';
    setPlayed(true);
    setSaveFailed(null);
    setGame({ step: 'building', building });
    say(taught ? askLine(building) : `${askLine(building)} ${ANSWER_FORM_LINE}`);
    setTaught(true);
  };

  const choose = (letter: Letter, by: 'press' | 'voice') => {
    if (game.step !== 'building') return;
    const before = game.building;
    const { outcome, building } = tryLetter(before, letter);
    say(tryLine(before, letter, outcome, building, by));
    if (outcome === 'placed') {
      focusNext.current = 'tiles';
      setGame({ step: 'building', building });
    } else if (outcome === 'built') {
      focusNext.current = 'next';
      setGame({ step: 'built', building });
      save(building.puzzle.word.word);
    } else {
      setGame({ step: 'building', building });
    }
  };

  const again = () => {
    if (game.step === 'idle') return;
    const { building } = game;
    if (game.step === 'built') say(spelledLine(building.puzzle.word.word));
    else
      say(
        `${building.puzzle.word.word}. ${letterQuestion(building)}${building.clue ? ` ${clueLine(building)}` : ''}`,
      );
  };

  const clue = () => {
    if (game.step !== 'building') return;
    const building = giveClue(game.building);
    setGame({ step: 'building', building });
    say(clueLine(building));
  };

  const finish = () => {
    if (game.step === 'idle') return;
    focusNext.current = 'play';
    setGame({ step: 'idle' });
    say(
      today > 0
        ? `Well done! You built ${words(today)} today. Say play to build more.`
        : 'Say play when you want to build a word.',
    );
  };

  // The tiles not used yet, in the order shown: a word has no letter twice (core/word-builder/words.ts).
  const placedLetters =
    game.step === 'idle' ? [] : lettersOf(game.building.puzzle.word.word).slice(0, game.building.placed);
  const step: WordBuilderStep =
    game.step === 'building'
      ? { step: 'building', tiles: game.building.puzzle.tiles.filter((t) => !placedLetters.includes(t)) }
      : game.step === 'built'
        ? { step: 'built' }
        : { step: 'idle' };
  useVoiceCommands(
    wordBuilderVoiceCommands(step),
    (target) => {
      const letter = letterOfTileTarget(target);
      if (letter) choose(letter, 'voice');
      else if (target === WORD_BUILDER_ACTIONS.play && game.step === 'idle' && !progress.isPending)
        give(null);
      else if (target === WORD_BUILDER_ACTIONS.again) again();
      else if (target === WORD_BUILDER_ACTIONS.clue) clue();
      else if (target === WORD_BUILDER_ACTIONS.next && game.step === 'built')
        give(game.building.puzzle.word.word);
      else if (target === WORD_BUILDER_ACTIONS.finish) finish();
    },
    { answering: game.step === 'building' },
  );

  const finishButton = (
    <Button variant="quiet" icon="stop" onPress={finish}>
      Finish the game
    </Button>
  );

  return (
    <div className="page word-builder">
      <h1>{title}</h1>
      <p className="page__lead">Build words with Sparky, one letter at a time.</p>

      <section className="page__card" aria-labelledby="word-builder-game">
        <h2 id="word-builder-game">The word game</h2>
        {progress.isError ? (
          <p role="alert">We could not load your words right now. You can still play.</p>
        ) : progress.data ? (
          <p className="word-builder__count">
            <Icon name="blocks" size={24} /> Words built today: {today}.{' '}
            {total < WORD_BUILDER_WORDS
              ? `Word Architect badge: ${total} of ${WORD_BUILDER_WORDS}.`
              : `In all: ${total}.`}
          </p>
        ) : null}

        {game.step === 'idle' ? (
          <>
            <p>Sparky shows a picture and says its word. You find its letters!</p>
            {/* Not before the words built are known: the level and today's words choose the word. */}
            <Button ref={playRef} icon="play" onPress={() => give(null)} isDisabled={progress.isPending}>
              Build a word
            </Button>
          </>
        ) : null}

        {game.step === 'building' ? (
          <BuildingStep
            building={game.building}
            tilesRef={tilesRef}
            onChoose={(letter) => choose(letter, 'press')}
            onAgain={again}
            onClue={clue}
            finishButton={finishButton}
          />
        ) : null}

        {game.step === 'built' ? (
          <>
            <p className="word-builder__right" role="status">
              <Icon name="check" size={24} /> Yes! You built {game.building.puzzle.word.word}.
            </p>
            <div className="word-builder__card">
              <Picture picture={game.building.puzzle.word.picture} />
              <span className="word-builder__word">{game.building.puzzle.word.word}</span>
            </div>
            {saveFailed === game.building.puzzle.word.word ? (
              <div role="alert" className="word-builder__failed">
                <p>Sparky could not keep this word just now.</p>
                <Button variant="secondary" icon="arrowRight" onPress={() => save(saveFailed)}>
                  Try again
                </Button>
              </div>
            ) : null}
            <div className="word-builder__actions">
              <Button ref={nextRef} icon="arrowRight" onPress={() => give(game.building.puzzle.word.word)}>
                Next word
              </Button>
              <Button variant="secondary" icon="speaker" onPress={again}>
                Hear it again
              </Button>
              {finishButton}
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}

/** The step of building a word: the picture, the boxes, the tiles and the step's buttons. */
function BuildingStep({
  building,
  tilesRef,
  onChoose,
  onAgain,
  onClue,
  finishButton,
}: {
  building: Building;
  tilesRef: React.RefObject<HTMLUListElement | null>;
  onChoose: (letter: Letter) => void;
  onAgain: () => void;
  onClue: () => void;
  finishButton: React.ReactNode;
}) {
  const { word, tiles } = building.puzzle;
  const placed = lettersOf(word.word).slice(0, building.placed);
  const needed = nextLetter(building);
  return (
    <>
      <div className="word-builder__prompt">
        <Picture picture={word.picture} />
        <p className="word-builder__ask" id="word-builder-ask">
          Build the word <span className="visually-hidden">{word.word}</span>
        </p>
      </div>
      <Slots building={building} />
      <p className="word-builder__tiles-label" id="word-builder-tiles">
        Letters
      </p>
      <ul className="word-builder__tiles" ref={tilesRef} aria-labelledby="word-builder-tiles">
        {tiles.map((letter) => {
          const used = placed.includes(letter);
          const wrong = building.wrong.includes(letter);
          const isClue = building.clue && letter === needed;
          const describedBy = used
            ? 'word-builder-used'
            : wrong
              ? 'word-builder-not-it'
              : isClue
                ? 'word-builder-clue'
                : undefined;
          return (
            <li key={letter}>
              <Button
                variant="secondary"
                className={`word-builder__tile${wrong ? ' word-builder__tile--wrong' : ''}${isClue ? ' word-builder__tile--clue' : ''}`}
                aria-label={letter}
                aria-describedby={describedBy}
                data-letter={letter}
                isDisabled={used}
                onPress={() => onChoose(letter)}
              >
                <span aria-hidden="true">
                  {letter.toLowerCase()}
                  <span className="word-builder__capital">{letter}</span>
                </span>
                {wrong ? <Icon name="close" size={24} className="word-builder__mark" /> : null}
                {isClue ? <Icon name="star" size={24} className="word-builder__mark" /> : null}
              </Button>
            </li>
          );
        })}
      </ul>
      <span id="word-builder-not-it" hidden>
        Not this one
      </span>
      <span id="word-builder-clue" hidden>
        This is the one
      </span>
      <span id="word-builder-used" hidden>
        In your word
      </span>
      <div className="word-builder__actions">
        <Button variant="secondary" icon="speaker" onPress={onAgain}>
          Hear it again
        </Button>
        {/* Never disabled: a second press says the clue again, and focus stays on the button. */}
        <Button variant="secondary" icon="help" onPress={onClue}>
          Give me a clue
        </Button>
        {finishButton}
      </div>
    </>
  );
}
