/**
 * What can be said on Sound It Out (SoundItOutPage.tsx; docs/decisions/0043-sound-it-out.md), by the game's
 * step: "play" to start; while a round is played, the three words of its cards ("cat", or "a cat"), "hear it again" or
 * "say it again" to hear the sounds again, "give me a clue", and "finish" or "stop the game" to end the game;
 * while Sparky praises a word found, "next" for the next round at once (it comes by itself when he is done, but
 * not after Escape silenced him); and at any step, while a word could not be kept, "try again" to send it again.
 * While a round is played only these are heard (`answering`), so the buttons' own names are listed too. Bare
 * "again" and "clue" are not listened for then, as in the word builder (ADR 0039): short words said alone were
 * heard as them.
 */
import type { VoiceCommand } from '#core/voice/command.ts';

/** Action ids Sound It Out handles; a card chosen is `sound-it-out:word:<word>`. */
export const SOUND_IT_OUT_ACTIONS = {
  play: 'sound-it-out:play',
  next: 'sound-it-out:next',
  again: 'sound-it-out:again',
  clue: 'sound-it-out:clue',
  finish: 'sound-it-out:finish',
  retry: 'sound-it-out:retry',
} as const;

/** The action id of choosing a card. */
export function cardTarget(word: string): string {
  return `sound-it-out:word:${word}`;
}

/** The word of a `sound-it-out:word:<word>` action id, or null. */
export function wordOfCardTarget(target: string): string | null {
  const match = /^sound-it-out:word:([a-z]+)$/.exec(target);
  return match ? match[1]! : null;
}

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/** The game's step, as the commands need it: while a round is played, its cards' words. */
export type SoundItOutStep =
  { step: 'idle' } | { step: 'playing'; words: readonly string[] } | { step: 'right' };

/**
 * The commands of the screen at this step of the game, with "try again" added while words wait to be kept.
 * @param options.hasUnsaved some word found could not be kept by the server (the page's Try again button)
 */
export function soundItOutVoiceCommands(
  game: SoundItOutStep,
  options: { hasUnsaved?: boolean } = {},
): VoiceCommand[] {
  const commands = commandsOfStep(game);
  return options.hasUnsaved ? [...commands, action('try again', SOUND_IT_OUT_ACTIONS.retry)] : commands;
}

function commandsOfStep(game: SoundItOutStep): VoiceCommand[] {
  const finish = [
    action('finish', SOUND_IT_OUT_ACTIONS.finish),
    action('stop the game', SOUND_IT_OUT_ACTIONS.finish),
    action('finish the game', SOUND_IT_OUT_ACTIONS.finish),
  ];
  if (game.step === 'idle') {
    return [
      action('play', SOUND_IT_OUT_ACTIONS.play),
      action('sound out a word', SOUND_IT_OUT_ACTIONS.play),
      action('sound game', SOUND_IT_OUT_ACTIONS.play),
    ];
  }
  if (game.step === 'right')
    return [
      action('next', SOUND_IT_OUT_ACTIONS.next),
      action('next word', SOUND_IT_OUT_ACTIONS.next),
      ...finish,
    ];
  return [
    // The words first: they are the answers, and "help" suggests the first phrase of each target. "a cat" too,
    // as a child names a picture; it was heard best of all (94 % against 85 % for "cat", ADR 0043).
    ...game.words.flatMap((word) => [action(word, cardTarget(word)), action(`a ${word}`, cardTarget(word))]),
    action('hear it again', SOUND_IT_OUT_ACTIONS.again),
    action('say it again', SOUND_IT_OUT_ACTIONS.again),
    action('give me a clue', SOUND_IT_OUT_ACTIONS.clue),
    ...finish,
  ];
}
