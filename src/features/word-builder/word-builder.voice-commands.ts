/**
 * What can be said on the word builder (WordBuilderPage.tsx), by the game's step: "play" to start; while a
 * word is built, each letter tile not yet used ("m", "letter m"; "ay" for A: `spokenLetter`), "again" to hear
 * the word and the question again, "clue" for a clue, and "finish" to end the game; after a word is built,
 * "next". The visible buttons can also be said by their names (voice/visible-controls.ts).
 */
import { spokenLetter, type Letter } from '#core/alphabet/letters.ts';
import type { VoiceCommand } from '#core/voice/command.ts';

/** Action ids the word builder handles; a tile chosen is `word-builder:letter:<L>`. */
export const WORD_BUILDER_ACTIONS = {
  play: 'word-builder:play',
  again: 'word-builder:again',
  clue: 'word-builder:clue',
  next: 'word-builder:next',
  finish: 'word-builder:finish',
} as const;

/** The action id of choosing a letter tile. */
export function tileTarget(letter: Letter): string {
  return `word-builder:letter:${letter}`;
}

/** The letter of a `word-builder:letter:<L>` action id, or null. */
export function letterOfTileTarget(target: string): Letter | null {
  const match = /^word-builder:letter:([A-Z])$/.exec(target);
  return match ? (match[1] as Letter) : null;
}

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/** The game's step, as the commands need it: while building, the tiles not used yet. */
export type WordBuilderStep =
  { step: 'idle' } | { step: 'building'; tiles: readonly Letter[] } | { step: 'built' };

/** The commands of the screen at this step of the game. */
export function wordBuilderVoiceCommands(game: WordBuilderStep): VoiceCommand[] {
  const finish = [
    action('finish', WORD_BUILDER_ACTIONS.finish),
    action('stop the game', WORD_BUILDER_ACTIONS.finish),
  ];
  if (game.step === 'idle') {
    return [
      action('play', WORD_BUILDER_ACTIONS.play),
      action('build a word', WORD_BUILDER_ACTIONS.play),
      action('word game', WORD_BUILDER_ACTIONS.play),
    ];
  }
  if (game.step === 'building') {
    return [
      ...game.tiles.flatMap((letter) => [
        action(spokenLetter(letter), tileTarget(letter)),
        action(`letter ${spokenLetter(letter)}`, tileTarget(letter)),
      ]),
      action('again', WORD_BUILDER_ACTIONS.again),
      action('say it again', WORD_BUILDER_ACTIONS.again),
      action('clue', WORD_BUILDER_ACTIONS.clue),
      action('give me a clue', WORD_BUILDER_ACTIONS.clue),
      ...finish,
    ];
  }
  return [
    action('next', WORD_BUILDER_ACTIONS.next),
    action('next word', WORD_BUILDER_ACTIONS.next),
    ...finish,
  ];
}
