import { useEffect, useRef, useState } from 'react';
import { createWordPlayer, type WordPlayer } from '#voice/word-player.ts';
import { ApiError } from '../../lib/api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { fetchReadingSessionAudio } from './api/reading-session-audio.ts';
import type { ScoredWord } from './word-status.tsx';

/** How the recording is fetched and played; fakes in tests. */
export interface WordAudio {
  fetchAudio(sessionId: string): Promise<ArrayBuffer>;
  createPlayer(wav: ArrayBuffer): Promise<WordPlayer>;
}

/** The real ones: GET /api/reading-sessions/:id/audio and Web Audio. */
export const browserWordAudio: WordAudio = {
  fetchAudio: (id) => fetchReadingSessionAudio(id),
  createPlayer: createWordPlayer,
};

/**
 * "Listen to a word": pick a word the reader said and hear their own voice saying it, from the
 * kept recording (30 days). Words that were skipped or not reached have no audio and are not offered.
 */
export function ListenToWord({
  sessionId,
  words,
  audio = browserWordAudio,
}: {
  sessionId: string;
  words: readonly ScoredWord[];
  audio?: WordAudio;
}) {
  const timed = words.filter((w) => w.start !== null && w.end !== null && w.end > w.start);
  const firstMiscue = timed.find((w) => w.status !== 'correct' || w.hesitation) ?? timed[0];
  const [chosen, setChosen] = useState(firstMiscue ? String(firstMiscue.index) : '');
  const [status, setStatus] = useState<'idle' | 'loading' | 'playing' | 'gone' | 'failed'>('idle');
  const player = useRef<Promise<WordPlayer> | null>(null);

  useEffect(
    () => () => {
      void player.current?.then((p) => p.dispose()).catch(() => undefined);
      player.current = null;
    },
    [sessionId],
  );

  if (timed.length === 0) return null;

  const play = async () => {
    const word = timed.find((w) => String(w.index) === chosen);
    if (!word) return;
    setStatus('loading');
    try {
      player.current ??= audio.fetchAudio(sessionId).then((wav) => audio.createPlayer(wav));
      const p = await player.current;
      setStatus('playing');
      await p.playWord(word.start, word.end);
      setStatus('idle');
    } catch (error) {
      player.current = null;
      setStatus(error instanceof ApiError && error.status === 404 ? 'gone' : 'failed');
    }
  };

  const options = timed.map((w) => ({
    id: String(w.index),
    label: `${w.text.replace(/[^\p{L}\p{N}'’-]/gu, '')} (word ${w.index + 1})`,
  }));

  return (
    <section aria-labelledby="listen-title" className="page__card listen">
      <h3 id="listen-title">Listen to a word</h3>
      <p>Hear how you read a word, in your own voice.</p>
      <div className="listen__row">
        <Select label="Word" options={options} value={chosen} onChange={setChosen} />
        {/* Pending, not disabled, while the word loads and plays: a disabled button drops the focus to
            <body> in the browser, and a keyboard or switch user had to find their way back. */}
        <Button
          onPress={() => void play()}
          isDisabled={chosen === ''}
          isPending={status === 'loading' || status === 'playing'}
        >
          {status === 'playing' ? 'Playing…' : status === 'loading' ? 'Loading…' : 'Listen'}
        </Button>
      </div>
      <p role="status" className="listen__status">
        {status === 'gone'
          ? 'Your recording is no longer kept (recordings are kept for 30 days).'
          : status === 'failed'
            ? "Sorry, the recording couldn't be played."
            : ''}
      </p>
    </section>
  );
}
