import { useEffect, useSyncExternalStore } from 'react';
import { getAudioSettings, subscribeToAudioSettings } from './audio-settings-store.ts';
import { useAudioQueue } from './audio-context.ts';
import { pageText } from './page-text.ts';

/** §4.8, §9: the first guidance line is said 1000 ms after arriving on a page. */
export const GUIDANCE_DELAY_MS = 1000;
/** §4.8: the second line 3 s after the first. */
export const GUIDANCE_SECOND_LINE_MS = 3000;

/** A page's guidance (one `*.guidance.ts` file per screen): one or two short lines for a 5-year-old. */
export type PageGuidance = readonly [string] | readonly [string, string];

/**
 * Speaks a page's guidance (§4.8): the first line 1 s after arriving, the second 3 s after that, both
 * as information (priority 1), when navigation audio is on; then, with auto-read on, the page's text;
 * and registers the guidance for Ctrl+V help. Leaving
 * the page cancels what has not been said yet, and cuts off its guidance or page reading mid-line.
 *
 * @param guidance the page's lines; null while the page is not ready to be explained
 */
export function usePageGuidance(guidance: PageGuidance | null): void {
  const audio = useAudioQueue();
  const navigationAudio = useSyncExternalStore(
    subscribeToAudioSettings,
    () => getAudioSettings().navigationAudio,
    () => true,
  );
  const autoRead = useSyncExternalStore(
    subscribeToAudioSettings,
    () => getAudioSettings().autoRead,
    () => false,
  );
  const key = guidance ? guidance.join('\n') : '';
  useEffect(() => {
    if (!key) return;
    const lines = key.split('\n');
    audio.setGuidance(lines);
    const timers: number[] = [];
    if (navigationAudio) {
      timers.push(
        window.setTimeout(() => audio.speak({ text: lines[0]!, type: 'guidance' }), GUIDANCE_DELAY_MS),
      );
      if (lines[1]) {
        timers.push(
          window.setTimeout(
            () => audio.speak({ text: lines[1]!, type: 'guidance' }),
            GUIDANCE_DELAY_MS + GUIDANCE_SECOND_LINE_MS,
          ),
        );
      }
    }
    if (autoRead) {
      // "Read each page to me": the page's text after its guidance.
      timers.push(
        window.setTimeout(
          () => audio.speak({ text: pageText(), type: 'read' }),
          GUIDANCE_DELAY_MS + (navigationAudio ? 2 * GUIDANCE_SECOND_LINE_MS : 0),
        ),
      );
    }
    return () => {
      timers.forEach((t) => window.clearTimeout(t));
      audio.setGuidance(null);
      // What this page still had to say is about a screen no longer shown: the next page's
      // guidance neither waits behind it nor is replaced by its own second line while it waits.
      audio.withdraw('guidance');
      audio.withdraw('read');
    };
  }, [audio, key, navigationAudio, autoRead]);
}
