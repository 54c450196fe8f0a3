/**
 * The app's one audio queue, running: the statechart of machines/audio-queue.machine.ts with the
 * browser's effects — speech from GET /api/speech (the server's provider chain) kept in a 50-entry
 * cache (§9 "audio cache 50 entries"), sounds from the app's own files, playback with howler, the
 * device's speech synthesis as the fallback (§7.7, §8 "Audio Error" toast). Loaded on demand by
 * AudioQueueProvider, so a page's first load does not carry xstate and howler.
 */
import { Howl } from 'howler';
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate';
import type { SpeechResponse } from '#core/api/speech.ts';
import type { AudioItem, AudioSound } from '#core/audio/queue.ts';
import type { AudioSettings } from '#core/audio/settings.ts';
import type { Phone } from '#core/sound-it-out/phones.ts';
import { mergeAudioSettings, voiceForSettings } from '#core/audio/settings.ts';
import {
  audioQueueMachine,
  type AudioQueueEvent,
  type PlayInput,
  type PlayerCommand,
  type Playable,
} from '#machines/audio-queue.machine.ts';
import { api } from '../../lib/api/client.ts';
import { validateLocalAudioSettings } from './audio-settings-store.ts';
import { markAudio, PLAY_MARK } from './marks.ts';
import { call } from '../../lib/api/http.ts';

/** §9: entries kept in the browser's audio cache. */
export const BROWSER_AUDIO_CACHE_ENTRIES = 50;

/** The sound files (public/sounds, made with sox, each under 30 kB). */
const SOUND_FILES: Record<AudioSound, string> = {
  chime: '/sounds/chime.wav',
  click: '/sounds/click.wav',
  fanfare: '/sounds/fanfare.wav',
};

/** The effects the engine needs from outside (tests pass fakes). */
export interface AudioEffects {
  /** Makes an item playable. */
  loadItem(item: AudioItem, settings: AudioSettings): Promise<Playable>;
  /** Plays a playable; returns controls. Calls `onEnd` when done, `onError` on failure. */
  play(
    input: PlayInput,
    callbacks: { onEnd: () => void; onError: (message: string) => void },
  ): { pause(): void; resume(): void; volume(v: number): void; stop(): void };
  /** Says an item with the device's voice; rejects when there is none. */
  speakFallback(item: AudioItem, settings: AudioSettings): Promise<void>;
  /** Shows the §8 "Audio Error" toast (at most once a minute) and logs. */
  reportFailure(item: AudioItem | null, error: string): void;
  /** Fetches a speech sound's audio ahead into the cache `loadItem` reads (best effort; never rejects). */
  prefetchPhone?(phone: string): void;
}

/** A least-recently-used map of speech answers by text, voice and speed. */
function createSpeechCache(limit: number) {
  const entries = new Map<string, Promise<SpeechResponse>>();
  return {
    get(key: string, make: () => Promise<SpeechResponse>): Promise<SpeechResponse> {
      const found = entries.get(key);
      if (found) {
        entries.delete(key);
        entries.set(key, found);
        return found;
      }
      const made = make();
      made.catch(() => entries.delete(key));
      entries.set(key, made);
      while (entries.size > limit) entries.delete(entries.keys().next().value as string);
      return made;
    },
  };
}

const speechCache = createSpeechCache(BROWSER_AUDIO_CACHE_ENTRIES);

/**
 * One speech sound of Sound It Out (ADR 0043), in flite's voice whatever the settings (the cloud voices take
 * text, not phones), through the same 50-entry cache as lines. The server checks the phone (422 otherwise).
 */
function phoneSpeech(phone: string): Promise<SpeechResponse> {
  return speechCache.get(`phone|${phone}`, () =>
    // The queue's item carries any string; the endpoint checks it against the phone list (422 otherwise).
    call(api.speech.phone[':phone'].$get({ param: { phone: phone as Phone } })).then(
      (answer): SpeechResponse => ({
        audioUrl: answer.audioUrl,
        duration: answer.duration,
        voice: 'flite slt',
        words: [],
        provider: 'flite',
        fellBack: false,
        timing: 'exact',
      }),
    ),
  );
}

/** How long a caption stays when nothing is heard (audio off): reading time, 1.5–8 s. */
export function captionSeconds(text: string): number {
  return Math.min(8, Math.max(1.5, text.split(/\s+/).length * 0.4));
}

/** English voices of this device (none in headless browsers and many Linux desktops). */
function deviceVoices(): SpeechSynthesisVoice[] {
  const synthesis = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  return synthesis?.getVoices().filter((v) => v.lang.toLowerCase().startsWith('en')) ?? [];
}

/** Whether the device can say a line itself (the §7.7 fallback). */
export function hasDeviceVoice(): boolean {
  return deviceVoices().length > 0;
}

/** The browser's effects: the speech API, howler, speechSynthesis. */
export const browserAudioEffects: AudioEffects = {
  async loadItem(item, settings) {
    if (!settings.enabled) {
      // Sparky is quiet: the caption stays for a reading time, with no audio.
      return { src: '', format: 'none', duration: captionSeconds(item.text), words: [] };
    }
    if (item.sound) return { src: SOUND_FILES[item.sound], format: 'wav', duration: 0, words: [] };
    if (item.phone !== undefined) {
      // Its caption is the item's text ("c… a…").
      const sound = await phoneSpeech(item.phone);
      return { src: sound.audioUrl, format: 'wav', duration: sound.duration, words: [] };
    }
    const voice = voiceForSettings(settings);
    const speed = settings.speed;
    const speech = await speechCache.get(`${voice}|${speed}|${item.text}`, () =>
      call(api.speech.$get({ query: { text: item.text, voice, speed: String(speed) } })),
    );
    return {
      src: speech.audioUrl,
      format: speech.audioUrl.endsWith('.mp3') ? 'mp3' : 'wav',
      duration: speech.duration,
      words: speech.words,
    };
  },
  play(input, { onEnd, onError }) {
    if (input.playable.format === 'none') {
      const timer = window.setTimeout(onEnd, input.playable.duration * 1000);
      return { pause() {}, resume() {}, volume() {}, stop: () => window.clearTimeout(timer) };
    }
    const howl = new Howl({
      src: [input.playable.src],
      format: [input.playable.format],
      volume: input.volume,
      onend: onEnd,
      // For `npm run bench:speech`: when the line's audio started.
      onplay: () => markAudio(PLAY_MARK, input.item.text),
      onloaderror: (_id, error) => onError(`load: ${String(error)}`),
      onplayerror: (_id, error) => {
        // Locked until the page is touched (autoplay policy): howler unlocks on the first gesture.
        howl.once('unlock', () => howl.play());
        void error;
      },
    });
    howl.play();
    if (input.startPaused) howl.pause();
    return {
      pause: () => howl.pause(),
      resume: () => void howl.play(),
      volume: (v) => void howl.volume(v),
      stop: () => {
        howl.stop();
        howl.unload();
      },
    };
  },
  speakFallback(item, settings) {
    return new Promise<void>((resolve, reject) => {
      // A speech sound is never read by the device's voice: its text is a caption ("c… a…"), and reading it
      // would teach letter names instead of the sound (ADR 0043).
      if (item.phone !== undefined) return reject(new Error('a speech sound has no spoken fallback'));
      const voices = deviceVoices();
      const synthesis = window.speechSynthesis;
      if (voices.length === 0 || !settings.enabled) return reject(new Error('no device voice'));
      const utterance = new SpeechSynthesisUtterance(item.text);
      utterance.voice = voices[0]!;
      utterance.rate = settings.speed;
      utterance.volume = settings.volume;
      utterance.onend = () => resolve();
      utterance.onerror = (event) => reject(new Error(event.error));
      synthesis.speak(utterance);
    });
  },
  reportFailure() {
    // Replaced by the provider, which shows the toast.
  },
  prefetchPhone(phone) {
    // A failure is forgotten by the cache, and loading the item asks again.
    phoneSpeech(phone).catch(() => {});
  },
};

/** The running queue. */
export type AudioQueueActor = Actor<typeof audioQueueMachine>;

/**
 * Starts the queue with the given effects.
 * @param effects browser effects or fakes
 * @param getSettings the current audio settings (read at each item)
 */
export function startAudioQueue(effects: AudioEffects, getSettings: () => AudioSettings): AudioQueueActor {
  // The first paint checked this browser's copy for kinds only; now the full check, before any audio.
  validateLocalAudioSettings(mergeAudioSettings);
  const machine = audioQueueMachine.provide({
    actors: {
      loadItem: fromPromise<Playable, { item: AudioItem }>(({ input }) =>
        effects.loadItem(input.item, getSettings()),
      ),
      playItem: fromCallback<PlayerCommand, PlayInput>(({ input, sendBack, receive }) => {
        let done = false;
        const controls = effects.play(input, {
          onEnd: () => {
            if (!done) sendBack({ type: 'audio.ended' } satisfies AudioQueueEvent);
            done = true;
          },
          onError: (message) => {
            if (!done) sendBack({ type: 'audio.failed', error: message } satisfies AudioQueueEvent);
            done = true;
          },
        });
        receive((command) => {
          if (command.type === 'player.pause') controls.pause();
          else if (command.type === 'player.resume') controls.resume();
          else controls.volume(command.volume);
        });
        return () => {
          done = true;
          controls.stop();
        };
      }),
      speakFallback: fromPromise<void, { item: AudioItem }>(({ input }) =>
        effects.speakFallback(input.item, getSettings()),
      ),
    },
    actions: {
      reportFailure: (_, params) => effects.reportFailure(params.item, params.error),
    },
  });
  return createActor(machine, { input: { volume: getSettings().volume } }).start();
}
