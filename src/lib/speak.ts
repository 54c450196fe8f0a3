/**
 * What Sparky says, for every feature: `speak(text, priority)`. Today every line goes to the live-region
 * announcer (a11y/announcer.ts), which screen readers read and which is the caption of a deaf child;
 * the audio queue of "Sparky speaks" (issue #10) plugs in here, so callers do not change when it lands.
 * Priorities follow spec §4.9: 2 for warnings, 1 for information.
 */
import { announce } from '#a11y/announcer.ts';

/** How urgent a spoken line is (spec §4.9). */
export type SpeechPriority = 1 | 2;

/** A sink for spoken lines (the audio queue, when it exists). */
export type SpeechSink = (text: string, priority: SpeechPriority) => void;

let sink: SpeechSink | null = null;

/**
 * Routes spoken lines to `next` (the audio queue) as well as to the announcer; `null` stops that.
 * @returns a function that removes `next` again
 */
export function setSpeechSink(next: SpeechSink | null): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = null;
  };
}

/**
 * Says `text`: announced through the live region (warnings assertively), and spoken by the audio queue
 * once one is connected. Blank text is not spoken (spec §5).
 */
export function speak(text: string, priority: SpeechPriority = 1): void {
  if (!text.trim()) return;
  announce(text, priority === 2 ? 'assertive' : 'polite');
  sink?.(text, priority);
}
