/**
 * What can be said on a story's page (issue 11 per-screen words: "read to me", "stop", "start
 * reading", "back", where the page shows such controls): "read to me" while the story is not being
 * read, "stop" while it is, "start reading" (the page's "Read it myself" link, which opens Reading
 * Practice with this story) and "back" (its "Back to Premade Stories" link). The page registers them
 * while it is shown (voice/use-voice-commands.ts).
 */
import type { VoiceCommand } from '#core/voice/command.ts';

/** Action ids the story page handles. */
export const READ_STORY_ACTIONS = {
  readToMe: 'read-story:read-to-me',
  stop: 'read-story:stop',
  readItMyself: 'read-story:read-it-myself',
  back: 'read-story:back',
} as const;

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/**
 * The story page's commands.
 * @param reading whether read-to-me is starting, playing or paused (then "stop"; otherwise "read to me")
 */
export function readStoryVoiceCommands(reading: boolean): VoiceCommand[] {
  return [
    reading ? action('stop', READ_STORY_ACTIONS.stop) : action('read to me', READ_STORY_ACTIONS.readToMe),
    action('start reading', READ_STORY_ACTIONS.readItMyself),
    action('read it myself', READ_STORY_ACTIONS.readItMyself),
    action('back', READ_STORY_ACTIONS.back),
  ];
}
