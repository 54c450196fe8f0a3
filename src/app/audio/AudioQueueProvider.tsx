import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { announce } from '#a11y/announcer.ts';
import { isControlElement, matchAudioShortcut } from '#a11y/audio-shortcuts.ts';
import { isEditableElement } from '#a11y/editable-element.ts';
import { PRIORITY_WARNING } from '#core/audio/priorities.ts';
import { getCurrentToast, showToast, subscribeToToasts } from '../../ui/toast-store.ts';
import type { AudioEffects, AudioQueueActor } from './audio-engine.ts';
import { markAudio, SPEAK_MARK } from './marks.ts';
import {
  AudioQueueContext,
  AudioStatusContext,
  IDLE_STATUS,
  type AudioQueueApi,
  type AudioStatus,
  type LineEnd,
  type SpeakRequest,
} from './audio-context.ts';
import { getAudioSettings, getReadButtonsOn, subscribeToAudioSettings } from './audio-settings-store.ts';
import { CaptionStrip } from './CaptionStrip.tsx';
import { installReadButtons } from './read-buttons.ts';
import { SHORTCUTS_HELP_SPOKEN } from './shortcuts-help-text.ts';
import { pageText } from './page-text.ts';
import './audio.css';

// The help dialog (react-aria's Modal) loads the first time it opens: not on every page's first paint.
const ShortcutsHelp = lazy(() => import('./ShortcutsHelp.tsx').then((m) => ({ default: m.ShortcutsHelp })));

/** Spec §8 "Audio fails to play" toast. */
export const AUDIO_ERROR_TOAST = {
  title: 'Audio Error',
  description: 'Failed to play audio. Trying fallback method.',
  variant: 'destructive',
} as const;
/** The Audio Error toast is shown at most once in this many ms (a broken voice must not nag). */
const AUDIO_ERROR_TOAST_EVERY_MS = 60_000;
/** A caption stays this long after its line ends, so a deaf child can finish reading it. */
export const CAPTION_LINGER_MS = 4000;
/** Spec §8 spoken messages. */
export const SPOKEN = {
  nothingToRead: 'No content found to read on this page.',
  stopped: 'Audio stopped.',
  paused: 'Audio paused.',
} as const;

/** Props of {@link AudioQueueProvider}. */
export interface AudioQueueProviderProps {
  children: ReactNode;
  /** Effects instead of the browser's (tests). */
  effects?: AudioEffects;
}

function statusOf(actor: AudioQueueActor): Omit<AudioStatus, 'caption' | 'type'> & {
  current: { id: string; text: string; type: AudioStatus['type']; priority: number; phone?: string } | null;
} {
  const snapshot = actor.getSnapshot();
  const state: AudioStatus['state'] = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches({ playing: 'paused' })
      ? 'paused'
      : snapshot.matches('playing')
        ? 'playing'
        : snapshot.matches('fallingBack')
          ? 'fallingBack'
          : 'idle';
  return { state, isDucked: snapshot.context.isDucked, current: snapshot.context.current };
}

/**
 * What Sparky says for a toast (§4.9: toasts are spoken): its title and its description as two
 * sentences. A full stop is added after the title only when it does not already end a sentence
 * ("Welcome back!" is followed by a space, not "!.").
 */
export function toastSpeech(title: string, description: string): string {
  const head = title.trim();
  return `${/[.!?…:]$/.test(head) ? head : `${head}.`} ${description.trim()}`.trim();
}

/**
 * The app's one audio queue (issue 10; spec §4.9), owned here and given to everything below through
 * {@link useAudioQueue} (src/app/audio/audio-context.ts):
 *
 * - runs machines/audio-queue.machine.ts with howler, the speech API and the device voice
 *   (audio-engine.ts, loaded after first paint; lines offered before it loads wait for it);
 * - shows every line in the caption strip and announces it once through the live region (a warning
 *   assertively), so a deaf child and a screen-reader user get the same words;
 * - speaks toasts (destructive ones as warnings; "Achievement Unlocked!" with a fanfare when
 *   achievement sounds are on);
 * - the voice shortcuts (a11y/audio-shortcuts.ts) and their spoken help dialog;
 * - "Read buttons to me": controls say their name on focus or hover (read-buttons.ts).
 */
export function AudioQueueProvider({ children, effects }: AudioQueueProviderProps) {
  const actorRef = useRef<AudioQueueActor | null>(null);
  const pending = useRef<((actor: AudioQueueActor) => void)[]>([]);
  const guidance = useRef<readonly string[] | null>(null);
  // Guidance withdrawn while its page is shown stays withdrawn until a page registers its guidance
  // again: the page's second line is still on its timer, and said later it would replace (§4.9)
  // the answer the child's own action is waiting for (a chat answer, the letter game's question).
  const guidanceWithdrawn = useRef(false);
  const lastAudioError = useRef(0);
  // Lines offered with `say`, by item id, waiting for their end; and those heard to their end.
  const waiters = useRef(new Map<string, (how: LineEnd) => void>());
  const heard = useRef(new Set<string>());
  const started = useRef(new Set<string>());
  // Lines offered with `say` that were skipped ("Next"), and speech sounds whose audio failed.
  const skipped = useRef(new Set<string>());
  const failed = useRef(new Set<string>());
  // Who wants to know of a stop (Sound It Out's sounds, between two of them).
  const stopListeners = useRef(new Set<() => void>());
  // The effects running, once the engine has loaded (for prefetching).
  const effectsRef = useRef<AudioEffects | null>(null);
  const [status, setStatus] = useState<AudioStatus>(IDLE_STATUS);
  const [helpOpen, setHelpOpen] = useState(false);
  const settings = useSyncExternalStore(subscribeToAudioSettings, getAudioSettings, getAudioSettings);

  const api = useMemo<AudioQueueApi>(() => {
    const withActor = (work: (actor: AudioQueueActor) => void) => {
      if (actorRef.current) work(actorRef.current);
      else pending.current.push(work);
    };
    const speak = (request: SpeakRequest) => {
      if (request.text.trim() === '' && request.sound === undefined) return;
      if (request.type === 'guidance' && guidanceWithdrawn.current) return;
      const at = Date.now();
      // For `npm run bench:speech` (and the browser's performance panel): when a line was offered.
      markAudio(SPEAK_MARK, request.text);
      withActor((actor) => actor.send({ type: 'audio.enqueue', request, at }));
    };
    const say = (request: SpeakRequest) =>
      new Promise<LineEnd>((resolve) => {
        if (request.text.trim() === '' && request.sound === undefined) return resolve('dropped');
        markAudio(SPEAK_MARK, request.text);
        withActor((actor) => {
          actor.send({ type: 'audio.enqueue', request, at: Date.now() });
          const { lastOutcome, offered, current, queue } = actor.getSnapshot().context;
          const id = `a${offered}`;
          // Accepted items are numbered by `offered` (machines/audio-queue.machine.ts `itemOf`).
          if (lastOutcome !== 'queued' || !(current?.id === id || queue.some((i) => i.id === id)))
            resolve('dropped');
          else {
            waiters.current.set(id, resolve);
            if (current?.id === id) started.current.add(id);
          }
        });
      });
    return {
      speak,
      say,
      pause: () => withActor((a) => a.send({ type: 'audio.pause' })),
      resume: () => withActor((a) => a.send({ type: 'audio.resume' })),
      toggle: () => withActor((a) => a.send({ type: 'audio.toggle' })),
      skip: () =>
        withActor((a) => {
          const current = a.getSnapshot().context.current;
          if (current && waiters.current.has(current.id)) skipped.current.add(current.id);
          a.send({ type: 'audio.skip' });
        }),
      stop: () => {
        withActor((a) => a.send({ type: 'audio.stop' }));
        for (const listener of [...stopListeners.current]) listener();
      },
      onStop: (listener) => {
        stopListeners.current.add(listener);
        return () => void stopListeners.current.delete(listener);
      },
      prefetchPhones: (phones) =>
        withActor(() => {
          if (!getAudioSettings().enabled) return;
          for (const phone of new Set(phones)) effectsRef.current?.prefetchPhone?.(phone);
        }),
      withdraw: (itemType) => {
        if (itemType === 'guidance') guidanceWithdrawn.current = true;
        withActor((a) => a.send({ type: 'audio.withdraw', itemType }));
      },
      duck: () => withActor((a) => a.send({ type: 'audio.duck' })),
      unduck: () => withActor((a) => a.send({ type: 'audio.unduck' })),
      setGuidance: (lines) => {
        guidance.current = lines;
        if (lines) guidanceWithdrawn.current = false;
      },
      speakGuidance: () => {
        const lines = guidance.current;
        if (lines?.length) speak({ text: lines.join(' '), type: 'help' });
      },
      openHelp: () => setHelpOpen(true),
    };
  }, []);

  // Start the engine after first paint; then hand it what was offered meanwhile.
  useEffect(() => {
    let cancelled = false;
    let actor: AudioQueueActor | null = null;
    let lastId: string | null = null;
    let linger: number | undefined;
    void import('./audio-engine.ts').then(({ browserAudioEffects, hasDeviceVoice, startAudioQueue }) => {
      if (cancelled) return;
      const base = effects ?? browserAudioEffects;
      // A line is heard to its end when its player ends or the device's voice finishes it.
      const markHeard = (id: string) => {
        if (waiters.current.has(id)) heard.current.add(id);
      };
      const withToast: AudioEffects = {
        ...base,
        play: (input, callbacks) =>
          base.play(input, {
            onEnd: () => {
              markHeard(input.item.id);
              callbacks.onEnd();
            },
            onError: callbacks.onError,
          }),
        speakFallback: (item, settings) => {
          // A speech sound has no spoken fallback (its text is a caption, "c… a…"): it ends as `failed`,
          // and the page carries on with the next sound (ADR 0043).
          if (item.phone !== undefined) {
            if (waiters.current.has(item.id)) failed.current.add(item.id);
            return Promise.reject(new Error('a speech sound has no spoken fallback'));
          }
          return base.speakFallback(item, settings).then(() => markHeard(item.id));
        },
        reportFailure: (item, error) => {
          base.reportFailure(item, error);
          console.warn('Sparky audio failed', error);
          // §8's toast promises a fallback: shown only when the device has a voice to fall back to, and
          // never for a speech sound, which has none.
          if (
            item?.phone === undefined &&
            hasDeviceVoice() &&
            Date.now() - lastAudioError.current > AUDIO_ERROR_TOAST_EVERY_MS
          ) {
            lastAudioError.current = Date.now();
            showToast({ ...AUDIO_ERROR_TOAST, silent: true });
          }
        },
      };
      actor = startAudioQueue(withToast, getAudioSettings);
      actorRef.current = actor;
      effectsRef.current = withToast;
      // The end-of-line event: a line offered with `say` ends when it is neither current nor waiting.
      const settleLines = () => {
        if (waiters.current.size === 0) return;
        const { current, queue } = actor!.getSnapshot().context;
        if (current && waiters.current.has(current.id)) started.current.add(current.id);
        for (const [id, resolve] of [...waiters.current]) {
          if (current?.id === id || queue.some((i) => i.id === id)) continue;
          waiters.current.delete(id);
          const wasStarted = started.current.delete(id);
          const wasSkipped = skipped.current.delete(id);
          const hasFailed = failed.current.delete(id);
          resolve(
            heard.current.delete(id)
              ? 'said'
              : hasFailed
                ? 'failed'
                : wasStarted
                  ? wasSkipped
                    ? 'skipped'
                    : 'cut'
                  : 'dropped',
          );
        }
      };
      const update = () => {
        settleLines();
        const next = statusOf(actor!);
        const current = next.current;
        if (current && current.id !== lastId) {
          lastId = current.id;
          // Once per line, through the app's one live region (a11y/announcer.ts); the tutor's word
          // (issue 12) only while the reader keeps those announcements on (it is still said and captioned);
          // never a speech sound (Sound It Out's "c…", "c… a…"), whose caption a screen reader would read
          // over the sound itself (ADR 0043).
          const isSound = current.phone !== undefined;
          if (!isSound && (current.type !== 'tutor' || getAudioSettings().tutorAnnouncements !== false))
            announce(current.text, current.priority >= PRIORITY_WARNING ? 'assertive' : 'polite');
        }
        window.clearTimeout(linger);
        if (current) {
          setStatus({
            state: next.state,
            isDucked: next.isDucked,
            caption: current.text,
            type: current.type,
          });
        } else {
          setStatus((old) => ({ ...old, state: 'idle', isDucked: next.isDucked }));
          linger = window.setTimeout(
            () => setStatus((old) => (old.state === 'idle' ? { ...old, caption: null, type: null } : old)),
            CAPTION_LINGER_MS,
          );
        }
      };
      actor.subscribe(update);
      update();
      for (const work of pending.current.splice(0)) work(actor);
    });
    const lines = waiters.current;
    return () => {
      cancelled = true;
      window.clearTimeout(linger);
      actor?.stop();
      actorRef.current = null;
      effectsRef.current = null;
      // The queue is gone: whatever was being said or waited will not be heard.
      for (const resolve of lines.values()) resolve('cut');
      lines.clear();
    };
  }, [effects]);

  // The help dialog is spoken as it opens: one line, the page's guidance then the keys (two lines
  // would replace each other, §4.9).
  useEffect(() => {
    if (helpOpen)
      api.speak({ text: [...(guidance.current ?? []), SHORTCUTS_HELP_SPOKEN].join(' '), type: 'help' });
  }, [api, helpOpen]);

  // Volume follows the settings.
  useEffect(() => {
    actorRef.current?.send({ type: 'audio.volume', volume: settings.volume });
  }, [settings.volume]);

  // Toasts are spoken (§4.9): failures as warnings, achievements with a fanfare.
  useEffect(() => {
    let lastToast = getCurrentToast()?.id ?? 0;
    return subscribeToToasts(() => {
      const toast = getCurrentToast();
      if (!toast || toast.id === lastToast) return;
      lastToast = toast.id;
      if (toast.silent) return;
      const isAchievement = /achievement unlocked/i.test(toast.title);
      if (isAchievement && getAudioSettings().achievementSounds)
        api.speak({ text: 'Ta-da!', type: 'achievement', sound: 'fanfare' });
      api.speak({
        text: toastSpeech(toast.title, toast.description),
        type: isAchievement ? 'achievement' : toast.variant === 'destructive' ? 'error' : 'toast',
      });
    });
  }, [api]);

  // The voice shortcuts (§2.6).
  const statusRef = useRef(status);
  useEffect(() => {
    statusRef.current = status;
  }, [status]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const active = document.activeElement;
      const action = matchAudioShortcut(event, {
        isEditing: isEditableElement(active),
        isOnControl: isControlElement(active),
        isBusy: statusRef.current.state !== 'idle',
        isHandled: event.defaultPrevented,
      });
      if (!action) return;
      event.preventDefault();
      if (action === 'help') {
        setHelpOpen(true);
      } else if (action === 'readPage') {
        const text = pageText();
        api.speak({ text: text || SPOKEN.nothingToRead, type: 'read' });
      } else if (action === 'toggle') {
        if (statusRef.current.state === 'playing') announce(SPOKEN.paused);
        api.toggle();
      } else {
        api.stop();
        announce(SPOKEN.stopped);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [api]);

  // "Read buttons to me", and the click of button sounds.
  useEffect(
    () =>
      installReadButtons(document, {
        isOn: getReadButtonsOn,
        buttonSounds: () => getAudioSettings().buttonSounds,
        speak: api.speak,
      }),
    [api],
  );

  return (
    <AudioQueueContext.Provider value={api}>
      <AudioStatusContext.Provider value={status}>
        {children}
        {settings.captions ? <CaptionStrip /> : null}
        {helpOpen ? (
          <Suspense fallback={null}>
            <ShortcutsHelp isOpen onOpenChange={setHelpOpen} />
          </Suspense>
        ) : null}
      </AudioStatusContext.Provider>
    </AudioQueueContext.Provider>
  );
}
