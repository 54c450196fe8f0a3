/**
 * The command list of a screen as it is first shown, without a browser (issue 11): what the screen
 * registers through voice/use-voice-commands.ts, then the actions every screen has, then
 * navigation. The CLI (`npm run command -- --screen /path`) and `npm run bench:commands` use it;
 * in the app the same pieces are registered by the mounted screens, plus the buttons and links that
 * are visible (voice/visible-controls.ts), which only a browser can see.
 */
import type { VoiceCommand } from '#core/voice/command.ts';
import { globalActionCommands, mergeCommands, navigationCommands } from '#voice/command-set.ts';
import { alphabetVoiceCommands } from '../../features/alphabet/alphabet.voice-commands.ts';
import { classCalendarVoiceCommands } from '../../features/classes/class-calendar.voice-commands.ts';
import { assessmentVoiceCommands } from '../../features/fluency/assessment/assessment.voice-commands.ts';
import { fluencyVoiceCommands } from '../../features/fluency/voice-commands.ts';
import {
  screeningHistoryVoiceCommands,
  screeningVoiceCommands,
} from '../../features/fluency/screening/screening.voice-commands.ts';
import { SCREEN_TITLES } from '../../features/protected/screen-titles.ts';
import { storyListVoiceCommands } from '../../features/stories/voice-commands.ts';
import { wordBuilderVoiceCommands } from '../../features/word-builder/word-builder.voice-commands.ts';
import { soundItOutVoiceCommands } from '../../features/sound-it-out/sound-it-out.voice-commands.ts';
import { protectedPaths } from '../paths.ts';

/** A story as a screen lists it. */
export interface ListedStory {
  id: string;
  title: string;
}

/**
 * The screen's own commands when first shown.
 * @param path a route path (`/fluency`)
 * @param library the stories the library shows (and Reading Practice offers)
 */
export function ownScreenCommands(path: string, library: readonly ListedStory[]): VoiceCommand[] {
  switch (path) {
    case protectedPaths.fluency:
      return fluencyVoiceCommands('choosing', library);
    case protectedPaths.premadeStories:
      return storyListVoiceCommands(library);
    case protectedPaths.assessment:
      // A reader who has not done the assessment yet: "Not now" is offered.
      return assessmentVoiceCommands('choosing', true);
    case protectedPaths.screening:
      // A reader with no screening under way.
      return screeningVoiceCommands('intro');
    case protectedPaths.screeningHistory:
      return screeningHistoryVoiceCommands();
    case protectedPaths.alphabet:
    case protectedPaths.alphabetLearning:
      return alphabetVoiceCommands({ step: 'idle' });
    case protectedPaths.wordBuilder:
      return wordBuilderVoiceCommands({ step: 'idle' });
    case protectedPaths.soundItOut:
      return soundItOutVoiceCommands({ step: 'idle' });
    case protectedPaths.classCalendar:
      return classCalendarVoiceCommands();
    default:
      return [];
  }
}

/**
 * Every command active on a screen (its own first: a screen's "stop" beats the global one).
 * @param path a route path, or undefined for no screen in particular (global commands only)
 * @param library the library's stories
 */
export function screenCommandList(path: string | undefined, library: readonly ListedStory[]): VoiceCommand[] {
  return mergeCommands(
    path ? ownScreenCommands(path, library) : [],
    globalActionCommands(),
    navigationCommands(SCREEN_TITLES),
  );
}
