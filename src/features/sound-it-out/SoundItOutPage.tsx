import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import {
  answer,
  clueLine,
  giveClue,
  LISTEN_LINE,
  nextRound,
  QUESTION_LINE,
  rightLine,
  SOUND_GAP_MS,
  soundSteps,
  startPlaying,
  wrongLine,
  type Playing,
  type RandomSource,
} from '#core/sound-it-out/game.ts';
import type { SoundWord } from '#core/sound-it-out/words.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import type { SoundItOutProgress } from '#core/api/sound-it-out.ts';
import { SOUND_IT_OUT_QUERY_KEY, useSoundItOutProgress, useWordSounded } from '../../lib/api/sound-it-out.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { SOUND_IT_OUT_GUIDANCE } from './sound-it-out.guidance.ts';
import {
  SOUND_IT_OUT_ACTIONS,
  soundItOutVoiceCommands,
  wordOfCardTarget,
  type SoundItOutStep,
} from './sound-it-out.voice-commands.ts';
import '../../ui/page.css';
import './sound-it-out.css';

/** Said when a word sounded out could not be kept. */
export const SAVE_FAILED_LINE = 'Sparky could not keep your word just now. Say or press Try again.';

/**
 * Words found that the server has not kept yet, in the query cache rather than the page's state, so a child
 * who leaves the page and comes back can still send them (Try again). Apart from SOUND_IT_OUT_QUERY_KEY,
 * whose invalidation after each save must not refetch (and so empty) this list.
 */
const UNSAVED_QUERY_KEY = ['sound-it-out-unsaved'] as const;

/** The game: not playing; a round being played; a round just won (Sparky praises it, then the next). */
type Game = { step: 'idle' } | { step: 'playing'; playing: Playing } | { step: 'right'; playing: Playing };

/** "1 word" / "3 words". */
function words(count: number): string {
  return `${count} ${count === 1 ? 'word' : 'words'}`;
}

/** How long a tile stays lit when its sound was dropped by the queue: about one phone's length. */
const DROPPED_SOUND_MS = 600;

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * The word's letters as tiles, the one whose sound plays lit: thicker, raised and with a speaker mark (not
 * by colour alone), and `aria-current`, for the deaf child who sees the sounds go by.
 */
function Tiles({ word, lit }: { word: SoundWord; lit: number | null }) {
  return (
    <ol className="sound-it-out__tiles" aria-label="Letters of the word">
      {[...word.word].map((letter, index) => (
        <li
          key={index}
          className={`sound-it-out__tile${lit === index ? ' sound-it-out__tile--lit' : ''}`}
          aria-current={lit === index ? 'true' : undefined}
        >
          {letter}
          {lit === index ? <Icon name="speaker" size={24} className="sound-it-out__tile-mark" /> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * /sound-it-out, 'Sound It Out' (spec §2.2, §2.6, §9 "sound it out", "phonics";
 * docs/decisions/0043-sound-it-out.md): a phonics blending game.
 *
 * A round shows a word's letter tiles and three picture cards. Sparky says "Listen, and sound it out with
 * me.", plays the word's sounds one at a time (phones from GET /api/speech/phone/:phone, through the audio
 * queue, each captioned "c…", "c… a…", "c… a… t" but never announced to screen readers, which would read the
 * caption over the sound) lighting each tile as its sound plays, and asks "What word is that?". The round's
 * phones are prefetched as it starts. The child answers by saying the word, pressing its card, or with Tab and
 * Enter or a switch. Right: "Yes! cat!", the word is sent to the server, and the next round comes. Wrong:
 * "That is dog. Listen again.", the card fades with a ✕, and the sounds play again. After two wrong cards, or
 * on "Give me a clue", the right card gets a star and Sparky names it. A word that could not be kept is said
 * (an error line), with a Try again button and "try again"; the game goes on and the word is not lost.
 * A stop (Escape) ends the sounding out even between two sounds; "Next" on the caption strip skips one.
 *
 * Focus follows the game: the first card when a round starts, the card found when the word is said from a
 * button that leaves with the round, Play after the game.
 * @param random - uniform [0, 1) source of the words and cards (tests pass a fixed one)
 */
export function SoundItOutPage({ random = Math.random }: { random?: RandomSource }) {
  const title = screenName(protectedPaths.soundItOut);
  useDocumentTitle(title);
  const audio = useAudioQueue();
  const progress = useSoundItOutProgress();
  const wordSounded = useWordSounded();
  const [game, setGame] = useState<Game>({ step: 'idle' });
  // Once the game has started the introduction is moot (as on the word builder, ADR 0039).
  const [played, setPlayed] = useState(false);
  usePageGuidance(played ? null : SOUND_IT_OUT_GUIDANCE);
  // The latest progress, read from the query cache when a round is chosen (after Sparky's praise ends, the
  // render's copy may be a word behind).
  const queryClient = useQueryClient();
  // Words sounded out that the server has not kept yet (a failed save), sent again by Try again.
  const unsaved =
    useQuery({
      queryKey: UNSAVED_QUERY_KEY,
      queryFn: () => queryClient.getQueryData<readonly string[]>(UNSAVED_QUERY_KEY) ?? [],
      initialData: [] as readonly string[],
      staleTime: Infinity,
      gcTime: Infinity,
    }).data ?? [];
  const setUnsaved = (update: (before: readonly string[]) => readonly string[]) =>
    queryClient.setQueryData<readonly string[]>(UNSAVED_QUERY_KEY, (before) => update(before ?? []));
  // The tile whose sound plays, or null.
  const [lit, setLit] = useState<number | null>(null);
  // Each sounding out has a number; a newer one (or the page leaving) stops an older one.
  const run = useRef(0);
  const latest = () => queryClient.getQueryData<SoundItOutProgress>(SOUND_IT_OUT_QUERY_KEY);
  const today = progress.data?.today.length ?? 0;

  // Leaving the page ends the sounding out and Sparky's game line (a sound or the question must not be
  // heard over the next page).
  useEffect(
    () => () => {
      run.current += 1;
      audio.withdraw('sparky');
    },
    [audio],
  );
  // A stop (Escape, "Quiet", the caption strip's Stop) ends the sounding out even between two sounds,
  // where no line is waiting to end as `cut`.
  useEffect(
    () =>
      audio.onStop?.(() => {
        run.current += 1;
        setLit(null);
      }),
    [audio],
  );

  // Focus follows the game; set by the step that was entered, not on first render.
  const focusNext = useRef<'cards' | 'found' | 'play' | null>(null);
  const cardsRef = useRef<HTMLUListElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'cards') cardsRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    else if (target === 'found')
      cardsRef.current?.querySelector<HTMLButtonElement>('[aria-describedby="sound-it-out-found"]')?.focus();
    else if (target === 'play') playRef.current?.focus();
  }, [game]);

  /** Stops the sounds being played and Sparky's line, and returns the new run's number. */
  const hush = (): number => {
    run.current += 1;
    setLit(null);
    audio.withdraw('sparky');
    return run.current;
  };

  /**
   * Says `intro`, then the word's sounds one by one with a short gap, each tile lit while its sound plays,
   * then the question. Stops when a newer run starts, or when Sparky is stopped (Escape, even between two
   * sounds: `onStop`), or the page is left; a line skipped ("Next" on the caption strip), a sound that failed to
   * load, or a line cut off by a more urgent one (Sparky's news arriving as the round starts) goes on: every stop
   * the child makes moves `run` on, and a round that went quiet would leave a pre-reader with nothing to listen to.
   */
  const soundOut = async (word: SoundWord, intro: string) => {
    const id = hush();
    const still = () => run.current === id;
    await audio.say({ text: intro, type: 'sparky' });
    if (!still()) return;
    for (const [index, step] of soundSteps(word).entries()) {
      setLit(index);
      const end = await audio.say({ text: step.caption, type: 'sparky', phone: step.phone });
      if (!still()) return setLit(null);
      // A sound not heard (the queue full, its audio failed: it is never read aloud as letter names, or cut off
      // by a more urgent line) still lights its tile for about a sound's length, so the letters are not skipped
      // and the game goes on.
      if (end === 'dropped' || end === 'failed' || end === 'cut') await wait(DROPPED_SOUND_MS);
      if (run.current !== id) return setLit(null);
      await wait(SOUND_GAP_MS);
      if (run.current !== id) return;
    }
    setLit(null);
    await audio.say({ text: QUESTION_LINE, type: 'sparky' });
  };

  /** Sends the words not kept yet; a failure is said and shown, with a button to send them again. */
  const save = (toSave: readonly string[]) => {
    setUnsaved((before) => before.filter((word) => !toSave.includes(word)));
    void Promise.allSettled(toSave.map((word) => wordSounded.mutateAsync({ word }))).then((results) => {
      const failed = toSave.filter((_, i) => results[i]!.status === 'rejected');
      if (failed.length === 0) return;
      setUnsaved((before) => [...new Set([...before, ...failed])]);
      // An error line, which the next round's withdraw('sparky') does not cut; at priority 1, not 2, so it
      // does not cut Sparky's praise either (that would stop the game), and waits for it to end.
      audio.speak({ text: SAVE_FAILED_LINE, type: 'error', priority: 1 });
    });
  };

  const give = (previous: string | null) => {
    const data = latest();
    const playing = startPlaying(
      nextRound({ today: data?.today ?? [], total: data?.total ?? 0 }, random, previous),
    );
    // The round's sounds are fetched now, while Sparky says his first line, so the first does not wait for
    // the server's synthesis.
    audio.prefetchPhones?.(playing.round.word.phones);
    focusNext.current = 'cards';
    setPlayed(true);
    setGame({ step: 'playing', playing });
    void soundOut(playing.round.word, LISTEN_LINE);
  };

  const choose = (word: string, by: 'press' | 'voice') => {
    if (game.step !== 'playing') return;
    const before = game.playing;
    const { outcome, playing } = answer(before, word);
    if (outcome === 'right') {
      const id = hush();
      // "Hear it again" and "Give me a clue" leave with the step: a child who answered by voice while on one
      // of them gets the found card, not the page's body.
      if (!cardsRef.current?.contains(document.activeElement)) focusNext.current = 'found';
      setGame({ step: 'right', playing });
      save([...unsaved, word]);
      // The next round comes when the praise ends, even cut off by a more urgent line; a stop the child made
      // (Escape, "Quiet", the caption strip's Stop: `onStop`), "next" or leaving the page moves the run on, and
      // the step waits for "next" or Next word.
      void audio.say({ text: rightLine(word), type: 'sparky' }).then(() => {
        if (run.current === id) give(word);
      });
      return;
    }
    setGame({ step: 'playing', playing });
    void soundOut(playing.round.word, wrongLine(word, playing, by));
  };

  /** The next round at once, from the step of a word found (its button, or "next"). */
  const next = () => {
    if (game.step !== 'right') return;
    hush();
    give(game.playing.round.word.word);
  };

  const again = () => {
    if (game.step !== 'playing') return;
    void soundOut(game.playing.round.word, LISTEN_LINE);
  };

  // The clue line being said, if it is: a second "Give me a clue" lets it go on rather than cut it and say it
  // again, which the queue would drop as a duplicate (§4.9: the same line within 2 s), leaving silence.
  const clueSaying = useRef<number | null>(null);
  const clue = () => {
    if (game.step !== 'playing') return;
    const playing = giveClue(game.playing);
    setGame({ step: 'playing', playing });
    if (clueSaying.current !== null && clueSaying.current === run.current) return;
    const id = hush();
    clueSaying.current = id;
    void audio.say({ text: clueLine(playing), type: 'sparky' }).then(() => {
      if (clueSaying.current === id) clueSaying.current = null;
    });
  };

  const finish = () => {
    if (game.step === 'idle') return;
    hush();
    focusNext.current = 'play';
    setGame({ step: 'idle' });
    const count = latest()?.today.length ?? 0;
    audio.speak({
      text:
        count > 0
          ? `Well done! You sounded out ${words(count)} today. Say play to sound out more.`
          : 'Say play when you want to sound out a word.',
      type: 'sparky',
    });
  };

  const step: SoundItOutStep =
    game.step === 'playing'
      ? { step: 'playing', words: game.playing.round.cards.map((c) => c.word) }
      : game.step === 'right'
        ? { step: 'right' }
        : { step: 'idle' };
  useVoiceCommands(
    soundItOutVoiceCommands(step, { hasUnsaved: unsaved.length > 0 }),
    (target) => {
      const word = wordOfCardTarget(target);
      if (word) choose(word, 'voice');
      else if (target === SOUND_IT_OUT_ACTIONS.play && game.step === 'idle' && !progress.isPending)
        give(null);
      else if (target === SOUND_IT_OUT_ACTIONS.again) again();
      else if (target === SOUND_IT_OUT_ACTIONS.next) next();
      else if (target === SOUND_IT_OUT_ACTIONS.clue) clue();
      else if (target === SOUND_IT_OUT_ACTIONS.finish) finish();
      else if (target === SOUND_IT_OUT_ACTIONS.retry && unsaved.length > 0) save(unsaved);
    },
    { answering: game.step === 'playing' },
  );

  const finishButton = (
    <Button variant="quiet" icon="stop" onPress={finish}>
      Finish the game
    </Button>
  );

  return (
    <div className="page sound-it-out">
      <h1>{title}</h1>
      <p className="page__lead">Hear the sounds of a word, and put them together.</p>

      <section className="page__card" aria-labelledby="sound-it-out-game">
        <h2 id="sound-it-out-game">The sound game</h2>
        {progress.isError ? (
          <p role="alert">We could not load your words right now. You can still play.</p>
        ) : progress.data ? (
          <p className="sound-it-out__count">
            <Icon name="speaker" size={24} /> Words sounded out today: {today}.
          </p>
        ) : null}

        {unsaved.length > 0 ? (
          <div role="alert" className="sound-it-out__failed">
            <p>Sparky could not keep your word just now.</p>
            <Button variant="secondary" icon="arrowRight" onPress={() => save(unsaved)}>
              Try again
            </Button>
          </div>
        ) : null}

        {game.step === 'idle' ? (
          <>
            <p>Sparky says the sounds of a word. You put them together, and find its picture!</p>
            {/* Not before the words sounded out are known: the level and today's words choose the word. */}
            <Button ref={playRef} icon="play" onPress={() => give(null)} isDisabled={progress.isPending}>
              Sound out a word
            </Button>
          </>
        ) : null}

        {game.step !== 'idle' ? (
          <>
            {game.step === 'right' ? (
              <p className="sound-it-out__right" role="status">
                <Icon name="check" size={24} /> Yes! {game.playing.round.word.word}.
              </p>
            ) : null}
            <Tiles word={game.playing.round.word} lit={lit} />
            <p className="sound-it-out__ask" id="sound-it-out-cards">
              What word is that?
            </p>
            {/* The cards stay while Sparky praises the word, so the card pressed keeps the focus. */}
            <ul className="sound-it-out__cards" ref={cardsRef} aria-labelledby="sound-it-out-cards">
              {game.playing.round.cards.map((card) => {
                const isWord = card.word === game.playing.round.word.word;
                const found = game.step === 'right' && isWord;
                const wrong = game.playing.wrong.includes(card.word);
                const isClue = game.playing.clue && isWord && !found;
                return (
                  <li key={card.word}>
                    <Button
                      variant="secondary"
                      className={`sound-it-out__card${wrong ? ' sound-it-out__card--wrong' : ''}${isClue || found ? ' sound-it-out__card--clue' : ''}`}
                      aria-label={card.word}
                      aria-describedby={
                        found
                          ? 'sound-it-out-found'
                          : wrong
                            ? 'sound-it-out-not-it'
                            : isClue
                              ? 'sound-it-out-clue'
                              : undefined
                      }
                      onPress={() => choose(card.word, 'press')}
                    >
                      <span className="sound-it-out__picture" aria-hidden="true">
                        {card.picture}
                      </span>
                      {found ? (
                        <span className="sound-it-out__word" aria-hidden="true">
                          {card.word}
                        </span>
                      ) : null}
                      {wrong ? <Icon name="close" size={32} className="sound-it-out__mark" /> : null}
                      {isClue ? <Icon name="star" size={32} className="sound-it-out__mark" /> : null}
                      {found ? <Icon name="check" size={32} className="sound-it-out__mark" /> : null}
                    </Button>
                  </li>
                );
              })}
            </ul>
            <span id="sound-it-out-not-it" hidden>
              Not this one
            </span>
            <span id="sound-it-out-clue" hidden>
              This is the one
            </span>
            <span id="sound-it-out-found" hidden>
              You found it
            </span>
            {game.step === 'playing' ? (
              <div className="sound-it-out__actions">
                <Button variant="secondary" icon="speaker" onPress={again}>
                  Hear it again
                </Button>
                {/* Never disabled: a second press says the clue again, and focus stays on the button. */}
                <Button variant="secondary" icon="help" onPress={clue}>
                  Give me a clue
                </Button>
                {finishButton}
              </div>
            ) : (
              <div className="sound-it-out__actions">
                {/* The next round comes by itself after Sparky's praise; this is for a child who wants it
                    now, or after Escape silenced him. */}
                <Button icon="arrowRight" onPress={next}>
                  Next word
                </Button>
                {finishButton}
              </div>
            )}
          </>
        ) : null}
      </section>
    </div>
  );
}
