/**
 * Speech for everything the app says (docs/requirements.md §7.5): an offline-first chain of providers
 * behind GET /api/speech, with a disk cache (server/speech/tts-cache.ts) and fair, bounded synthesis
 * slots (server/speech/fair-slots.ts). The chain and its choices: the speech ADR in docs/decisions.
 *
 * - The voice asked for names its provider (core/api/speech.ts VOICES); flite's `slt` by default.
 * - That provider is tried first when configured; then the other configured cloud providers with
 *   their default voices (ElevenLabs, then OpenAI); flite is always last. A provider that fails or
 *   passes its time limit is logged and the next is tried.
 * - Each provider's answers are cached by text, voice and speed.
 */
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { DEFAULT_VOICE, findVoice, type SpeechProvider } from '#core/api/speech.ts';
import type { SpokenWord } from '#core/api/stories.ts';
import { createFairSlots, SlotsBusyError, type FairSlots } from './fair-slots.ts';
import { createSpeechCache, isSpeechKey, type CachedSpeech } from './tts-cache.ts';
import { PHONES, type Phone } from '#core/sound-it-out/phones.ts';
import {
  createFlitePhoneSynthesiser,
  createFliteProvider,
  fliteStretch,
  FLITE_CONCURRENCY,
  PHONE_DURATION_STRETCH,
  type PhoneSynthesiser,
} from './tts-flite.ts';
import type { SpeechSynthesiser } from './tts-provider.ts';

export { isSpeechKey };

/** Time a cloud provider has to answer before the chain moves on, milliseconds. */
export const CLOUD_TIMEOUT_MS = 8000;
/** Cloud requests running at once (network bound, not CPU bound). */
const CLOUD_CONCURRENCY = 4;
/**
 * Syntheses one user may have waiting for a slot. A reader's next story piece, a page's two guidance
 * lines and a button name fit; a flood is refused (429) instead of queueing in front of others.
 */
export const MAX_WAITING_PER_USER = 4;
/** Order in which cloud providers are tried after the one asked for. */
const CLOUD_ORDER: readonly SpeechProvider[] = ['elevenlabs', 'openai'];

/** What to say, how. */
export interface SpeakOptions {
  /** 1–1000 characters (checked by the route). */
  text: string;
  /** A voice id of core/api/speech.ts; default flite's `slt`. */
  voice?: string;
  /** 0.5–2; default 1. */
  speed?: number;
  /** Whose request it is, for fair scheduling; anonymous work shares one owner. */
  userId?: string;
}

/** A spoken text. */
export interface SpeechResult extends CachedSpeech {
  /** True when a provider other than the voice's own made it. */
  fellBack: boolean;
}

/** The speech service. */
export interface TextToSpeech {
  /**
   * Makes (or finds) the speech of a text.
   * @throws UnknownVoiceError for a voice outside the catalogue
   * @throws SpeechBusyError when the user already has {@link MAX_WAITING_PER_USER} syntheses waiting
   * @throws TtsUnavailableError when every provider failed, flite included
   */
  speak(options: SpeakOptions): Promise<SpeechResult>;
  /**
   * Makes (or finds) the audio of one phone said alone (Sound It Out, docs/decisions/0043-sound-it-out.md),
   * always by flite (the cloud voices take text, not phones), through the same cache and fair flite slots
   * as text. Its audio is served by `audioPath` like any other.
   * @throws RangeError for a phone off core/sound-it-out/phones.ts PHONES
   * @throws SpeechBusyError when the user already has {@link MAX_WAITING_PER_USER} syntheses waiting
   * @throws TtsUnavailableError when flite failed
   */
  speakPhone(options: { phone: Phone; userId?: string }): Promise<CachedSpeech>;
  /** The audio file of a key returned by `speak` or `speakPhone`, or null when unknown or evicted. */
  audioPath(key: string): Promise<{ path: string; contentType: string } | null>;
  /** The providers this server can use, in the chain's order of preference (flite last). */
  providers(): SpeechProvider[];
  /** Remove cached speech whose text `matches` (a deleted account's texts); returns how many went. */
  forget(matches: (text: string) => boolean): Promise<number>;
}

/** Thrown when every provider failed; the route answers 503. */
export class TtsUnavailableError extends Error {
  override name = 'TtsUnavailableError';
}
/** Thrown for a voice outside the catalogue; the route answers 422 `voice_unknown`. */
export class UnknownVoiceError extends Error {
  override name = 'UnknownVoiceError';
}
/** Thrown when a user has too many syntheses waiting; the route answers 429. */
export class SpeechBusyError extends Error {
  override name = 'SpeechBusyError';
}

/** Whitespace collapsed and control characters removed: the text providers get and keys are made of. */
export function normaliseSpeechText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The cache key of a text in a voice at a speed. flite keys keep the form they had before the chain
 * (voice, duration stretch, text), so caches made earlier stay valid.
 */
export function speechKey(provider: SpeechProvider, voice: string, speed: number, text: string): string {
  const material =
    provider === 'flite'
      ? `${voice}|${fliteStretch(speed)}|${text}`
      : `${provider}:${voice}|${speed}|${text}`;
  return createHash('sha256').update(material).digest('hex');
}

const PHONES_ALLOWED: ReadonlySet<string> = new Set(PHONES);

/**
 * The version of how a phone's audio is made, in its cache key: 2 since phones are trimmed and their peaks
 * levelled (server/speech/tts-flite.ts `shapePhone`), so the quiet, padded files of version 1 still on disk
 * are never served again (they age out of the cache like any entry).
 */
export const PHONE_AUDIO_VERSION = 2;

/** The cache key of a phone said alone: apart from every text's key by its `phone|` prefix. */
export function phoneKey(phone: Phone): string {
  return createHash('sha256')
    .update(`phone|v${PHONE_AUDIO_VERSION}|${DEFAULT_VOICE.flite}|${PHONE_DURATION_STRETCH}|${phone}`)
    .digest('hex');
}

/**
 * Builds the speech service.
 * @param options.cacheDir DATA_DIR/speech-cache
 * @param options.providers the configured providers; flite is added when missing (it is the last resort)
 * @param options.timeoutMs time limit of each cloud provider (default {@link CLOUD_TIMEOUT_MS})
 * @param options.log where provider failures are logged
 */
export function createTextToSpeech(options: {
  cacheDir: string;
  providers?: SpeechSynthesiser[];
  timeoutMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  maxWaitingPerUser?: number;
  log?: Pick<Logger, 'warn' | 'error'>;
  /** Makes one phone's audio (default flite's `slt`, server/speech/tts-flite.ts); tests pass a fake. */
  phoneSynthesiser?: PhoneSynthesiser;
}): TextToSpeech {
  const cache = createSpeechCache({
    dir: options.cacheDir,
    ...(options.maxEntries !== undefined && { maxEntries: options.maxEntries }),
    ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }),
  });
  const byName = new Map<SpeechProvider, SpeechSynthesiser>();
  for (const provider of options.providers ?? []) byName.set(provider.name, provider);
  if (!byName.has('flite')) byName.set('flite', createFliteProvider());
  const timeoutMs = options.timeoutMs ?? CLOUD_TIMEOUT_MS;
  const waitingCap = options.maxWaitingPerUser ?? MAX_WAITING_PER_USER;
  const slots: Record<'flite' | 'cloud', FairSlots> = {
    flite: createFairSlots(FLITE_CONCURRENCY, waitingCap),
    cloud: createFairSlots(CLOUD_CONCURRENCY, waitingCap),
  };
  const inFlight = new Map<string, Promise<CachedSpeech>>();
  const makePhone = options.phoneSynthesiser ?? createFlitePhoneSynthesiser();

  function chainFor(provider: SpeechProvider, voice: string): { provider: SpeechProvider; voice: string }[] {
    const chain: { provider: SpeechProvider; voice: string }[] = [];
    if (byName.has(provider)) chain.push({ provider, voice });
    if (provider !== 'flite') {
      for (const cloud of CLOUD_ORDER) {
        if (cloud !== provider && byName.has(cloud))
          chain.push({ provider: cloud, voice: DEFAULT_VOICE[cloud] });
      }
      chain.push({ provider: 'flite', voice: DEFAULT_VOICE.flite });
    }
    return chain;
  }

  async function synthesise(
    key: string,
    provider: SpeechProvider,
    voice: string,
    speed: number,
    text: string,
    owner: string,
  ): Promise<CachedSpeech> {
    const synthesiser = byName.get(provider)!;
    const pool = provider === 'flite' ? slots.flite : slots.cloud;
    return pool.run(owner, async () => {
      const signal = provider === 'flite' ? new AbortController().signal : AbortSignal.timeout(timeoutMs);
      let made;
      try {
        made = await synthesiser.synthesise({ text, voice, speed, signal });
      } catch (error) {
        // SDKs wrap the abort in their own error ("Request was aborted."); the signal says why.
        if (signal.aborted) {
          const timeout = new Error(`${provider} did not answer within ${timeoutMs} ms`);
          timeout.name = 'TimeoutError';
          throw timeout;
        }
        throw error;
      }
      const entry: CachedSpeech = {
        key,
        duration: made.duration,
        voice: `${provider} ${voice}`,
        words: made.words.map((w): SpokenWord => ({
          index: w.index,
          text: w.text,
          start: w.start,
          end: w.end,
        })),
        provider,
        format: made.format,
        timing: made.timing,
      };
      await cache.put(entry, made.audio);
      return entry;
    });
  }

  return {
    async speak({ text: rawText, voice: askedVoice, speed = 1, userId }) {
      const text = normaliseSpeechText(rawText);
      const asked = findVoice(askedVoice ?? DEFAULT_VOICE.flite);
      if (!asked) throw new UnknownVoiceError(`Unknown voice '${askedVoice}'.`);
      const owner = userId ?? 'anonymous';
      const failures: string[] = [];
      for (const { provider, voice } of chainFor(asked.provider, asked.id)) {
        const key = speechKey(provider, voice, speed, text);
        const fellBack = provider !== asked.provider;
        const cached = await cache.get(key);
        if (cached) return { ...cached, fellBack };
        try {
          // The same text asked for twice at once is made once.
          let job = inFlight.get(key);
          if (!job) {
            job = synthesise(key, provider, voice, speed, text, owner).finally(() => inFlight.delete(key));
            inFlight.set(key, job);
          }
          return { ...(await job), fellBack };
        } catch (error) {
          if (error instanceof SlotsBusyError) throw new SpeechBusyError(error.message);
          const timedOut =
            error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
          const reason = error instanceof Error ? error.message : String(error);
          failures.push(`${provider}: ${timedOut ? 'timed out' : reason}`);
          options.log?.warn(
            { provider, voice, timedOut, err: reason },
            timedOut
              ? 'speech provider timed out; trying the next'
              : 'speech provider failed; trying the next',
          );
        }
      }
      throw new TtsUnavailableError(`Speech could not be made (${failures.join('; ')}).`);
    },
    async speakPhone({ phone, userId }) {
      if (!PHONES_ALLOWED.has(phone)) throw new RangeError(`Not a phone: ${String(phone)}`);
      const key = phoneKey(phone);
      const cached = await cache.get(key);
      if (cached) return cached;
      let job = inFlight.get(key);
      if (!job) {
        job = slots.flite
          .run(userId ?? 'anonymous', async () => {
            const made = await makePhone(phone);
            const entry: CachedSpeech = {
              key,
              duration: made.duration,
              voice: `flite ${DEFAULT_VOICE.flite}`,
              words: [],
              provider: 'flite',
              format: 'wav',
              timing: 'exact',
            };
            await cache.put(entry, made.audio);
            return entry;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, job);
      }
      try {
        return await job;
      } catch (error) {
        if (error instanceof SlotsBusyError) throw new SpeechBusyError(error.message);
        const reason = error instanceof Error ? error.message : String(error);
        options.log?.warn({ phone, err: reason }, 'flite could not make a phone');
        throw new TtsUnavailableError(`The phone could not be made (${reason}).`);
      }
    },
    async audioPath(key) {
      const file = await cache.audioFile(key);
      if (!file) return null;
      return { path: file.path, contentType: file.format === 'mp3' ? 'audio/mpeg' : 'audio/wav' };
    },
    providers() {
      return [...CLOUD_ORDER.filter((p) => byName.has(p)), 'flite'];
    },
    forget: (matches) => cache.forget(matches),
  };
}

/**
 * The speech service with flite only (tests, and a server with no cloud keys).
 * @param options.cacheDir the cache folder
 * @param options.maxEntries most texts kept
 * @param options.flite the flite binary
 */
export function createFliteTts(options: {
  cacheDir: string;
  maxEntries?: number;
  flite?: string;
}): TextToSpeech {
  return createTextToSpeech({
    cacheDir: options.cacheDir,
    providers: [createFliteProvider(options.flite ? { flite: options.flite } : {})],
    phoneSynthesiser: createFlitePhoneSynthesiser(options.flite ? { flite: options.flite } : {}),
    ...(options.maxEntries !== undefined && { maxEntries: options.maxEntries }),
  });
}
