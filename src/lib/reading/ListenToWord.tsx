import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { WordPlayer } from '#voice/word-player.ts';
import { ApiError } from '../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import type { ReadingAudience, ScoredWord } from './word-status.tsx';
import './reading.css';

/**
 * How a recording is fetched and played; fakes in tests. The reader's own results fetch their whole recording
 * (/api/reading-sessions/:id/audio, src/features/fluency/api/reading-session-audio.ts); a teacher's reading record
 * fetches one word's clip at a time, cut on the server, so a teacher hears the words and nothing else the microphone
 * heard (/api/assignments/:assignmentId/readings/:readingId/audio?word=, src/lib/api/assignments.ts; ADR 0048).
 */
export type WordAudio = (
  | {
      /** The whole recording of the reading `recordingId`. @throws {ApiError} 404 once it is no longer kept */
      fetchAudio(recordingId: string): Promise<ArrayBuffer>;
    }
  | {
      /** One word's clip of the reading `recordingId`. @throws {ApiError} 404 once it is no longer kept */
      fetchWordClip(recordingId: string, wordIndex: number): Promise<ArrayBuffer>;
    }
) & {
  createPlayer(wav: ArrayBuffer): Promise<WordPlayer>;
};

/** One reading's recording as the listen buttons play it, shared by every button of a screen. */
export interface RecordingPlayer {
  /**
   * Plays one word, fetching what it needs the first time (the whole recording once, or that word's clip); a
   * failure is not kept, so the next press tries again.
   * @param onPlaying called once the audio is loaded and the word starts
   * @returns false when the word has no timing
   * @throws {ApiError} 404 once the recording is no longer kept
   */
  playWord(word: Pick<ScoredWord, 'index' | 'start' | 'end'>, onPlaying?: () => void): Promise<boolean>;
}

/**
 * The recording of reading `recordingId`, loaded on first use and freed when the reading changes or the screen
 * goes. Give the same player to every part of a screen that plays words of this reading, so it is fetched once
 * (a whole recording), or each clip is kept while it is the last one played (word clips).
 */
export function useRecordingPlayer(recordingId: string, audio: WordAudio): RecordingPlayer {
  /** The whole recording's player, or the last word clip's with its word's index. */
  const player = useRef<{ index: number | null; loading: Promise<WordPlayer> } | null>(null);
  useEffect(
    () => () => {
      void player.current?.loading.then((p) => p.dispose()).catch(() => undefined);
      player.current = null;
    },
    [recordingId],
  );
  return useMemo(() => {
    /** The player for `index` (null: the whole recording), fetched unless it is the one kept. */
    const load = (index: number | null, fetch: () => Promise<ArrayBuffer>): Promise<WordPlayer> => {
      if (player.current?.index !== index) {
        void player.current?.loading.then((p) => p.dispose()).catch(() => undefined);
        player.current = { index, loading: fetch().then((wav) => audio.createPlayer(wav)) };
      }
      const kept = player.current;
      kept.loading.catch(() => {
        if (player.current === kept) player.current = null;
      });
      return kept.loading;
    };
    return {
      async playWord(word, onPlaying) {
        if (word.start === null || word.end === null || !(word.end > word.start)) return false;
        if ('fetchWordClip' in audio) {
          const clip = await load(word.index, () => audio.fetchWordClip(recordingId, word.index));
          onPlaying?.();
          return clip.playWord(0, clip.duration);
        }
        const whole = await load(null, () => audio.fetchAudio(recordingId));
        onPlaying?.();
        return whole.playWord(word.start, word.end);
      },
    };
  }, [recordingId, audio]);
}

/** Whether a failure to play is the recording being no longer kept (404 `audio_not_found`). */
export function isRecordingGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** What playing a word is doing now. */
export type PlayStatus = 'idle' | 'loading' | 'playing' | 'gone' | 'failed';

/**
 * Plays words of `recording` for one control or a list of them: `play(key, word)` loads the recording or the word's
 * clip (status `loading`), plays the word (`playing`, with `key` the one playing) and goes back to `idle`; a recording no longer
 * kept is `gone`, any other failure `failed`. A second press while a word loads or plays does nothing.
 */
export function useWordPlayback(recording: RecordingPlayer) {
  const [status, setStatus] = useState<PlayStatus>('idle');
  const [current, setCurrent] = useState<string | null>(null);
  const busy = useRef(false);
  const play = async (key: string, word: Pick<ScoredWord, 'index' | 'start' | 'end'>) => {
    if (busy.current) return;
    busy.current = true;
    setCurrent(key);
    setStatus('loading');
    try {
      await recording.playWord(word, () => setStatus('playing'));
      setStatus('idle');
    } catch (error) {
      setStatus(isRecordingGone(error) ? 'gone' : 'failed');
    } finally {
      busy.current = false;
      setCurrent(null);
    }
  };
  return { status, current, play };
}

/** A listen button's label while its word loads or plays, else `label`. */
export function listenLabel(status: PlayStatus, label: string): string {
  return status === 'playing' ? 'Playing…' : status === 'loading' ? 'Loading…' : label;
}

/** The texts of "Listen to a word", by audience. */
export function listenTexts(audience: ReadingAudience, readerName = 'the reader') {
  return audience === 'teacher'
    ? {
        lead: `Hear how ${readerName} read a word, in their own voice.`,
        gone: 'This recording is no longer kept (recordings are kept for 30 days, and a reader may delete theirs).',
      }
    : {
        lead: 'Hear how you read a word, in your own voice.',
        gone: 'Your recording is no longer kept (recordings are kept for 30 days).',
      };
}

/** Said when a recording could not be played for another reason than its being gone. */
export const PLAY_FAILED_TEXT = "Sorry, the recording couldn't be played.";

/** The words a reading has audio for: those read, with a start and an end (skipped and unreached ones have none). */
export function timedWords(words: readonly ScoredWord[]): ScoredWord[] {
  return words.filter((w) => w.start !== null && w.end !== null && w.end > w.start);
}

/**
 * "Listen to a word": pick a word the reader said and hear their own voice saying it, from the kept recording
 * (30 days). Words that were skipped or not reached have no audio and are not offered. The reader hears their own
 * ("Hear how you read a word"); a teacher hears a reader's reading they asked for ("Hear how Mia read a word").
 */
export function ListenToWord({
  recording,
  words,
  audience = 'reader',
  readerName,
  headingLevel = 3,
}: {
  /** The reading's recording (useRecordingPlayer), shared with any other listen button on the screen. */
  recording: RecordingPlayer;
  words: readonly ScoredWord[];
  audience?: ReadingAudience;
  /** The reader's name, for a teacher's texts. */
  readerName?: string;
  /** 3 under a results section's h2 (the reader's screen); 2 on a page of its own. */
  headingLevel?: 2 | 3;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const timed = timedWords(words);
  const firstMiscue = timed.find((w) => w.status !== 'correct' || w.hesitation) ?? timed[0];
  const [chosen, setChosen] = useState(firstMiscue ? String(firstMiscue.index) : '');
  const { status, play } = useWordPlayback(recording);

  if (timed.length === 0) return null;

  const texts = listenTexts(audience, readerName);
  const options = timed.map((w) => ({
    id: String(w.index),
    label: `${w.text.replace(/[^\p{L}\p{N}'’-]/gu, '')} (word ${w.index + 1})`,
  }));
  const listen = () => {
    const word = timed.find((w) => String(w.index) === chosen);
    if (word) void play(chosen, word);
  };

  return (
    <section aria-labelledby={titleId} className="page__card listen">
      <Heading id={titleId}>Listen to a word</Heading>
      <p>{texts.lead}</p>
      <div className="listen__row">
        <Select label="Word" options={options} value={chosen} onChange={setChosen} />
        {/* Pending, not disabled, while the word loads and plays: a disabled button drops the focus to
            <body> in the browser, and a keyboard or switch user had to find their way back. */}
        <Button
          onPress={listen}
          isDisabled={chosen === ''}
          isPending={status === 'loading' || status === 'playing'}
        >
          {listenLabel(status, 'Listen')}
        </Button>
      </div>
      <p role="status" className="listen__status">
        {status === 'gone' ? texts.gone : status === 'failed' ? PLAY_FAILED_TEXT : ''}
      </p>
    </section>
  );
}
