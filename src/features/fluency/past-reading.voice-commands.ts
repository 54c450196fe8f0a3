/**
 * What can be said about past readings on Reading Practice (docs/decisions/0036-reopen-a-past-reading.md):
 * "my last reading" while choosing, when there is one; "back" and "read again" while a past reading is
 * shown. Apart from voice-commands.ts, which every page's voice layer loads (src/app/voice/screen-commands.ts):
 * these load with the page.
 */
import type { VoiceCommand } from '#core/voice/command.ts';

/** Action ids the page handles. */
export const PAST_READING_ACTIONS = {
  lastReading: 'last-reading',
  close: 'close-past-reading',
  readAgain: 'read-past-story-again',
} as const;

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/**
 * While choosing a story: "my last reading" (or "last reading") opens the newest reading.
 * @param hasReadings whether the reader has a reading to open (otherwise nothing is offered)
 */
export function lastReadingCommands(hasReadings: boolean): VoiceCommand[] {
  return hasReadings
    ? [
        action('my last reading', PAST_READING_ACTIONS.lastReading),
        action('last reading', PAST_READING_ACTIONS.lastReading),
      ]
    : [];
}

/** While a past reading is shown: back to choosing, or read its story again; nothing starts a recording. */
export function pastReadingCommands(): VoiceCommand[] {
  return [
    action('back', PAST_READING_ACTIONS.close),
    action('go back', PAST_READING_ACTIONS.close),
    action('read again', PAST_READING_ACTIONS.readAgain),
    action('read this story again', PAST_READING_ACTIONS.readAgain),
  ];
}
