/**
 * What can be said on the story screens (issue 11): on the library, a story's
 * title opens it in the reader. The library registers them while shown (voice/use-voice-commands.ts);
 * the CLI builds the same list.
 */
import type { VoiceCommand } from '#core/voice/command.ts';
import { storyCommands } from '#voice/command-set.ts';
import { readStoryPath } from '../../app/paths.ts';

/**
 * A title said on a list of stories opens that story.
 * @param stories the stories shown
 */
export function storyListVoiceCommands(stories: readonly { id: string; title: string }[]): VoiceCommand[] {
  return storyCommands(stories).map((c) => ({
    ...c,
    intent: 'navigate' as const,
    target: readStoryPath(c.target.slice('story:'.length)),
  }));
}
