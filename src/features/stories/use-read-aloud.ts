/**
 * Read-to-me for the story reader: plays the story in the chosen voice and reports the word being
 * spoken, so the page can highlight it.
 *
 * - Server voice (default): the speech API's WAV (flite, made offline on the server) played piece by
 *   piece; the current word follows the audio clock through the server's word timings.
 * - Browser voices, when the device has any: speechSynthesis, with the word from its boundary events.
 * If the server voice fails and the device has a voice, it falls back to the device (spec §7.7, §8).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { showToast } from '../../ui/toast-store.ts';
import { getSpeechQueryOptions } from './api/speech.ts';
import { chunkStory, wordAtChar, wordAtTime, type SpeechChunk } from './read-aloud.ts';

/** Where read-to-me is. */
export type ReadAloudStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'stopped' | 'finished' | 'error';

/** The id of the server voice in the voice list. */
export const SERVER_VOICE = 'server';

/** A voice a reader can choose. */
export interface VoiceChoice {
  id: string;
  label: string;
}

/** Spec §8 "Audio play fails" toast. */
export const AUDIO_FALLBACK_TOAST = {
  title: 'Audio Error',
  description: 'Failed to play audio. Trying fallback method.',
  variant: 'destructive',
} as const;

/** Pace of device voices (1 is the voice's own); a little slower for young listeners. */
const DEVICE_RATE = 0.9;

function synthesis(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
}

/** English voices of this device, as choices (empty in headless browsers and some devices). */
function useDeviceVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  useEffect(() => {
    const speech = synthesis();
    if (!speech) return;
    const update = () => setVoices(speech.getVoices().filter((v) => v.lang.toLowerCase().startsWith('en')));
    update();
    speech.addEventListener?.('voiceschanged', update);
    return () => speech.removeEventListener?.('voiceschanged', update);
  }, []);
  return voices;
}

/** What {@link useReadAloud} gives the page. */
export interface ReadAloud {
  status: ReadAloudStatus;
  /** Number of the word being spoken in the story, or null. */
  currentWord: number | null;
  /** A message fit to show when status is 'error'. */
  error: string | null;
  voices: VoiceChoice[];
  voice: string;
  setVoice: (id: string) => void;
  start: () => void;
  pause: () => void;
  resume: () => void;
  stop: () => void;
}

/**
 * Read-to-me for one story body.
 * @param body the story text (paragraphs separated by blank lines)
 */
export function useReadAloud(body: string): ReadAloud {
  const queryClient = useQueryClient();
  const deviceVoices = useDeviceVoices();
  const chunks = useMemo(() => chunkStory(body), [body]);
  const [status, setStatus] = useState<ReadAloudStatus>('idle');
  const [currentWord, setCurrentWord] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [voice, setVoice] = useState<string>(SERVER_VOICE);
  // One playback at a time; a new start or a stop ends the one before by bumping the run number.
  const run = useRef(0);
  const audio = useRef<HTMLAudioElement | null>(null);
  const frame = useRef<number | null>(null);
  const mode = useRef<'server' | 'device'>('server');

  const voices = useMemo<VoiceChoice[]>(
    () => [
      { id: SERVER_VOICE, label: 'Sparky’s voice (works offline)' },
      ...deviceVoices.map((v) => ({ id: v.voiceURI, label: `${v.name} (this device)` })),
    ],
    [deviceVoices],
  );

  const halt = useCallback(() => {
    run.current += 1;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    if (audio.current) {
      audio.current.pause();
      audio.current.removeAttribute('src');
      audio.current = null;
    }
    synthesis()?.cancel();
  }, []);

  useEffect(() => halt, [halt]);

  const playServerChunk = useCallback(
    (chunk: SpeechChunk, id: number) =>
      new Promise<void>((resolve, reject) => {
        void queryClient.fetchQuery(getSpeechQueryOptions(chunk.text)).then((speech) => {
          if (run.current !== id) return resolve();
          const element = new Audio(speech.audioUrl);
          audio.current = element;
          const follow = () => {
            if (run.current !== id) return;
            const word = wordAtTime(speech.words, element.currentTime);
            setCurrentWord(word < 0 ? null : chunk.firstWord + word);
            frame.current = requestAnimationFrame(follow);
          };
          element.addEventListener('playing', () => {
            if (run.current !== id) return;
            setStatus('playing');
            if (frame.current === null) frame.current = requestAnimationFrame(follow);
          });
          element.addEventListener('ended', () => {
            if (frame.current !== null) cancelAnimationFrame(frame.current);
            frame.current = null;
            resolve();
          });
          element.addEventListener('error', () => reject(new Error('audio failed')));
          element.play().catch(reject);
        }, reject);
      }),
    [queryClient],
  );

  const playDeviceChunk = useCallback(
    (chunk: SpeechChunk, id: number, chosen: SpeechSynthesisVoice | undefined) =>
      new Promise<void>((resolve, reject) => {
        const speech = synthesis();
        if (!speech) return reject(new Error('no speech synthesis'));
        const utterance = new SpeechSynthesisUtterance(chunk.text);
        if (chosen) utterance.voice = chosen;
        utterance.rate = DEVICE_RATE;
        utterance.onstart = () => run.current === id && setStatus('playing');
        utterance.onboundary = (event) => {
          if (run.current === id && event.name === 'word') {
            setCurrentWord(chunk.firstWord + wordAtChar(chunk.text, event.charIndex));
          }
        };
        utterance.onend = () => resolve();
        utterance.onerror = (event) =>
          event.error === 'interrupted' || event.error === 'canceled'
            ? resolve()
            : reject(new Error(event.error));
        speech.speak(utterance);
      }),
    [],
  );

  const start = useCallback(() => {
    halt();
    const id = run.current;
    setError(null);
    setCurrentWord(null);
    setStatus('loading');
    const chosenDevice = deviceVoices.find((v) => v.voiceURI === voice);
    const playAll = async (useDevice: boolean, fallbackVoice?: SpeechSynthesisVoice) => {
      mode.current = useDevice ? 'device' : 'server';
      for (const [k, chunk] of chunks.entries()) {
        if (run.current !== id) return;
        if (!useDevice && chunks[k + 1])
          void queryClient.prefetchQuery(getSpeechQueryOptions(chunks[k + 1]!.text));
        if (useDevice) await playDeviceChunk(chunk, id, fallbackVoice);
        else await playServerChunk(chunk, id);
      }
      if (run.current === id) {
        setStatus('finished');
        setCurrentWord(null);
      }
    };
    playAll(Boolean(chosenDevice), chosenDevice).catch(async () => {
      if (run.current !== id) return;
      const fallback = deviceVoices[0];
      if (mode.current === 'server' && fallback) {
        showToast(AUDIO_FALLBACK_TOAST);
        try {
          await playAll(true, fallback);
          return;
        } catch {
          // fall through to the error below
        }
      }
      if (run.current !== id) return;
      halt();
      setCurrentWord(null);
      setError('Read to me is not working right now. Please try again in a moment.');
      setStatus('error');
    });
  }, [chunks, deviceVoices, halt, playDeviceChunk, playServerChunk, queryClient, voice]);

  const pause = useCallback(() => {
    if (mode.current === 'device') synthesis()?.pause();
    else audio.current?.pause();
    setStatus('paused');
  }, []);

  const resume = useCallback(() => {
    if (mode.current === 'device') {
      synthesis()?.resume();
      setStatus('playing');
    } else {
      void audio.current?.play();
    }
  }, []);

  // Stopped, not idle: the status line says so (spec §8 'Audio stopped.'; issue 17, item 14).
  const stop = useCallback(() => {
    halt();
    setCurrentWord(null);
    setStatus('stopped');
  }, [halt]);

  return { status, currentWord, error, voices, voice, setVoice, start, pause, resume, stop };
}
