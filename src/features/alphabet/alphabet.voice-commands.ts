/**
 * What can be said on the alphabet screen (AlphabetPage.tsx), by the game's step: "play" to start;
 * while a letter is asked, each letter shown ("m", "letter m"; "ay" for A: `spokenLetter`), "again" to hear the question again
 * and "finish" to end the game; after a right answer, "next". The visible buttons can also be said by
 * their names (voice/visible-controls.ts).
 */
import { spokenLetter, type Letter } from '#core/alphabet/letters.ts';
import type { VoiceCommand } from '#core/voice/command.ts';

/** Action ids the alphabet screen handles; a letter chosen is `alphabet:letter:<L>`. */
export const ALPHABET_ACTIONS = {
  play: 'alphabet:play',
  again: 'alphabet:again',
  next: 'alphabet:next',
  finish: 'alphabet:finish',
} as const;

/** The action id of choosing a letter. */
export function letterTarget(letter: Letter): string {
  return `alphabet:letter:${letter}`;
}

/** The letter of a `alphabet:letter:<L>` action id, or null. */
export function letterOfTarget(target: string): Letter | null {
  const match = /^alphabet:letter:([A-Z])$/.exec(target);
  return match ? (match[1] as Letter) : null;
}

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/** The game's step, as the commands need it. */
export type AlphabetStep =
  { step: 'idle' } | { step: 'asking'; choices: readonly Letter[] } | { step: 'right' };

/** The commands of the screen at this step of the game. */
export function alphabetVoiceCommands(game: AlphabetStep): VoiceCommand[] {
  const finish = [
    action('finish', ALPHABET_ACTIONS.finish),
    action('stop the game', ALPHABET_ACTIONS.finish),
  ];
  if (game.step === 'idle') {
    return [
      action('play', ALPHABET_ACTIONS.play),
      action('play the letter game', ALPHABET_ACTIONS.play),
      action('letter game', ALPHABET_ACTIONS.play),
    ];
  }
  if (game.step === 'asking') {
    return [
      ...game.choices.flatMap((letter) => [
        action(spokenLetter(letter), letterTarget(letter)),
        action(`letter ${spokenLetter(letter)}`, letterTarget(letter)),
      ]),
      action('again', ALPHABET_ACTIONS.again),
      action('say it again', ALPHABET_ACTIONS.again),
      ...finish,
    ];
  }
  return [action('next', ALPHABET_ACTIONS.next), action('next letter', ALPHABET_ACTIONS.next), ...finish];
}
