import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import {
  answerLine,
  askLine,
  nextQuestion,
  type LetterQuestion,
  type RandomSource,
} from '#core/alphabet/game.ts';
import { ALPHABET_SIZE, LETTER_EXAMPLES, LETTERS, letterLine, type Letter } from '#core/alphabet/letters.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { useAlphabetProgress, useLetterFound } from '../../lib/api/alphabet.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { celebrate } from '../../lib/celebrate.ts';
import { ALPHABET_GUIDANCE } from './alphabet.guidance.ts';
import {
  ALPHABET_ACTIONS,
  alphabetVoiceCommands,
  letterOfTarget,
  type AlphabetStep,
} from './alphabet.voice-commands.ts';
import '../../ui/page.css';
import './alphabet.css';

/** Taught with the first question of a visit: the form of an answer heard best (ADR 0037). */
export const ANSWER_FORM_LINE = 'To answer, say letter, and then the letter.';

/** The game: not playing; a letter asked (with the wrong letters tried); the letter found. */
type Game =
  | { step: 'idle' }
  | { step: 'asking'; question: LetterQuestion; wrong: readonly Letter[] }
  | { step: 'right'; question: LetterQuestion };

/** The accessible name of a letter of the grid, which is also what can be said for it: "A for apple". */
export function gridLetterName(letter: Letter): string {
  const { word, position } = LETTER_EXAMPLES[letter];
  return position === 'end' ? `${letter} in ${word}` : `${letter} for ${word}`;
}

/** A letter as the page draws it: capital and small, hidden from screen readers (the name says it). */
function LetterGlyphs({ letter }: { letter: Letter }) {
  return (
    <span className="alphabet__glyphs" aria-hidden="true">
      {letter}
      <span className="alphabet__small">{letter.toLowerCase()}</span>
    </span>
  );
}

/** A letter's picture and word ("🌙 moon"), the picture hidden from screen readers. */
function LetterExample({ letter }: { letter: Letter }) {
  const { picture, word } = LETTER_EXAMPLES[letter];
  return (
    <span className="alphabet__example">
      <span className="alphabet__picture" aria-hidden="true">
        {picture}
      </span>
      <span className="alphabet__word">{word}</span>
    </span>
  );
}

/** The game's buttons: the step's own first, then "Finish the game". */
function GameActions({ children, onFinish }: { children: ReactNode; onFinish: () => void }) {
  return (
    <div className="alphabet__actions">
      {children}
      <Button variant="quiet" icon="stop" onPress={onFinish}>
        Finish the game
      </Button>
    </div>
  );
}

/**
 * /alphabet, 'Alphabet Learning' (spec §2.2, §2.5 alphabet_letters; docs/decisions/0037-alphabet-learning.md).
 *
 * - **The letter game.** Sparky names a letter ("Find the letter M") and the child finds it among three,
 *   by saying it ("m"), pressing it, or with the keyboard or a switch. A right answer is praised with its
 *   word ("M is for moon") and sent to the server, which counts it for Letter Learning and, at the 26th
 *   letter, Alphabet Master (spec §4.4, §4.5); a wrong one is named and the question asked again.
 * - **All the letters.** Each letter with its picture and word; pressing one makes Sparky say it.
 *   Letters found in the game carry a check.
 *
 * Every line Sparky says is also a caption and a screen-reader announcement (the audio queue). Focus
 * follows the game: the first letter shown when a letter is asked, Next after a right answer, Play
 * after the game.
 * @param random - uniform [0, 1) source of the questions (tests pass a fixed one)
 */
export function AlphabetPage({ random = Math.random }: { random?: RandomSource }) {
  const title = screenName(protectedPaths.alphabet);
  useDocumentTitle(title);
  const audio = useAudioQueue();
  const progress = useAlphabetProgress();
  const letterFound = useLetterFound();
  const [game, setGame] = useState<Game>({ step: 'idle' });
  // Once the game has started, the page's introduction is moot: its second line (priority 1) would
  // replace Sparky's question while it waits (§4.9), so the guidance is withdrawn for this visit.
  const [played, setPlayed] = useState(false);
  usePageGuidance(played ? null : ALPHABET_GUIDANCE);
  const [shown, setShown] = useState<Letter | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const [taught, setTaught] = useState(false);
  const found = new Set<string>(progress.data?.found ?? []);
  const today = progress.data?.today.length ?? 0;

  // Focus follows the game (see the TSDoc); set by the step that was entered, not on first render.
  const focusNext = useRef<'choices' | 'next' | 'play' | null>(null);
  const choicesRef = useRef<HTMLUListElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'choices') choicesRef.current?.querySelector('button')?.focus();
    else if (target === 'next') nextRef.current?.focus();
    else if (target === 'play') playRef.current?.focus();
  }, [game]);

  // Each game line cuts Sparky's line before it, so the answer heard (and captioned) is to what the child just
  // did, not a line behind (as in the word builder, ADR 0039).
  const say = (text: string) => {
    audio.withdraw('sparky');
    audio.speak({ text, type: 'sparky' });
  };

  const ask = (previous: Letter | null) => {
    const question = nextQuestion([...found], random, previous);
    focusNext.current = 'choices';
    setPlayed(true);
    setGame({ step: 'asking', question, wrong: [] });
    setShown(null);
    // The first question of a visit teaches the answer heard best: "letter m" (96 %, against 75 % for "m"
    // alone; ADR 0037).
    say(taught ? askLine(question.target) : `${askLine(question.target)} ${ANSWER_FORM_LINE}`);
    setTaught(true);
  };

  const choose = (picked: Letter, by: 'press' | 'voice') => {
    if (game.step !== 'asking') return;
    const { question } = game;
    say(answerLine(question.target, picked, by));
    if (picked !== question.target) {
      if (!game.wrong.includes(picked)) setGame({ ...game, wrong: [...game.wrong, picked] });
      return;
    }
    focusNext.current = 'next';
    setGame({ step: 'right', question });
    setSaveFailed(false);
    letterFound.mutate(
      { letter: picked },
      {
        onSuccess: (answer) => celebrate(answer, audio.speak),
        onError: () => setSaveFailed(true),
      },
    );
  };

  const finish = () => {
    if (game.step === 'idle') return;
    focusNext.current = 'play';
    setGame({ step: 'idle' });
    const count = progress.data?.today.length ?? 0;
    say(
      count > 0
        ? `Well done! You found ${count} ${count === 1 ? 'letter' : 'letters'} today. Say play to play again.`
        : 'Say play when you want to play again.',
    );
  };

  const showLetter = (letter: Letter) => {
    setShown(letter);
    say(`${letter}. ${letterLine(letter)}`);
  };

  const step: AlphabetStep =
    game.step === 'asking'
      ? { step: 'asking', choices: game.question.choices }
      : game.step === 'right'
        ? { step: 'right' }
        : { step: 'idle' };
  useVoiceCommands(
    alphabetVoiceCommands(step),
    (target) => {
      const letter = letterOfTarget(target);
      if (letter) choose(letter, 'voice');
      else if (target === ALPHABET_ACTIONS.play && game.step === 'idle') ask(null);
      else if (target === ALPHABET_ACTIONS.again && game.step === 'asking')
        say(askLine(game.question.target));
      else if (target === ALPHABET_ACTIONS.next && game.step === 'right') ask(game.question.target);
      else if (target === ALPHABET_ACTIONS.finish) finish();
    },
    { answering: game.step === 'asking' },
  );

  return (
    <div className="page alphabet">
      <h1>{title}</h1>
      <p className="page__lead">Play the letter game with Sparky, or press a letter to hear it.</p>

      <section className="page__card alphabet__game" aria-labelledby="alphabet-game">
        <h2 id="alphabet-game">The letter game</h2>
        {progress.isError ? (
          <p role="alert">We could not load your letters right now. You can still play.</p>
        ) : progress.data ? (
          <p className="alphabet__count">
            <Icon name="letters" size={24} /> You have found {found.size} of {ALPHABET_SIZE} letters
            {today > 0 ? `, ${today} of them today` : ''}.
          </p>
        ) : null}

        {game.step === 'idle' ? (
          <>
            <p>Sparky says a letter. You find it!</p>
            <Button ref={playRef} icon="play" onPress={() => ask(null)}>
              Play the letter game
            </Button>
          </>
        ) : null}

        {game.step === 'asking' ? (
          <>
            <p className="alphabet__ask" id="alphabet-ask">
              Find the letter you hear.
            </p>
            <ul className="alphabet__choices" ref={choicesRef} aria-labelledby="alphabet-ask">
              {game.question.choices.map((letter) => {
                const wrong = game.wrong.includes(letter);
                return (
                  <li key={letter}>
                    <Button
                      variant="secondary"
                      className={wrong ? 'alphabet__choice alphabet__choice--wrong' : 'alphabet__choice'}
                      aria-label={letter}
                      aria-describedby={wrong ? 'alphabet-not-it' : undefined}
                      data-letter={letter}
                      onPress={() => choose(letter, 'press')}
                    >
                      <LetterGlyphs letter={letter} />
                      {wrong ? <Icon name="close" size={24} className="alphabet__mark" /> : null}
                    </Button>
                  </li>
                );
              })}
            </ul>
            <span id="alphabet-not-it" hidden>
              Not this one
            </span>
            <GameActions onFinish={finish}>
              <Button variant="secondary" icon="speaker" onPress={() => say(askLine(game.question.target))}>
                Hear it again
              </Button>
            </GameActions>
          </>
        ) : null}

        {game.step === 'right' ? (
          <>
            <p className="alphabet__right" role="status">
              <Icon name="check" size={24} /> Yes! That is {game.question.target}.
            </p>
            <div className="alphabet__card" aria-hidden="true">
              <LetterGlyphs letter={game.question.target} />
              <LetterExample letter={game.question.target} />
            </div>
            <p className="visually-hidden">{letterLine(game.question.target)}</p>
            {saveFailed ? (
              <p role="alert">Sparky could not keep this letter just now. Find it again later to count it.</p>
            ) : null}
            <GameActions onFinish={finish}>
              <Button ref={nextRef} icon="arrowRight" onPress={() => ask(game.question.target)}>
                Next letter
              </Button>
            </GameActions>
          </>
        ) : null}
      </section>

      <section className="page__card" aria-labelledby="alphabet-all">
        <h2 id="alphabet-all">All the letters</h2>
        {shown ? (
          <div className="alphabet__card alphabet__card--shown">
            <LetterGlyphs letter={shown} />
            <LetterExample letter={shown} />
            <p className="visually-hidden">{letterLine(shown)}</p>
          </div>
        ) : null}
        <span id="alphabet-found" hidden>
          Found
        </span>
        {/* While a letter is asked, the grid's letters are not spoken commands: only the three shown are. */}
        <ul
          className="alphabet__grid"
          aria-labelledby="alphabet-all"
          data-voice-ignore={game.step === 'asking' ? '' : undefined}
        >
          {LETTERS.map((letter) => (
            <li key={letter}>
              <Button
                variant="secondary"
                className={
                  found.has(letter) ? 'alphabet__letter alphabet__letter--found' : 'alphabet__letter'
                }
                aria-label={gridLetterName(letter)}
                aria-describedby={found.has(letter) ? 'alphabet-found' : undefined}
                data-letter={letter}
                onPress={() => showLetter(letter)}
              >
                <LetterGlyphs letter={letter} />
                <LetterExample letter={letter} />
                {found.has(letter) ? <Icon name="check" size={20} className="alphabet__mark" /> : null}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
