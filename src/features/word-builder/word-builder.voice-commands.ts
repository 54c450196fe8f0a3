/**
 * What can be said on the word builder (WordBuilderPage.tsx), by the game's step: "play" to start; while a
 * word is built, each letter tile not yet used ("letter m", "m"; "ay" for A: `spokenLetter`), "say it again"
 * or "hear it again" to hear the word and the question again, "give me a clue", and "finish" to end the game;
 * after a word is built, "next", and "hear it again". Bare "clue" and "again" are not listened for while a
 * word is built: letter names said alone were heard as them (b, d, t as "clue"; measured, ADR 0039). While a
 * word is built only these are heard (`answering`), so the buttons' own names are listed here too.
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
  const again = [
    action('say it again', WORD_BUILDER_ACTIONS.again),
    action('hear it again', WORD_BUILDER_ACTIONS.again),
  ];
  if (game.step === 'building') {
    return [
      // "letter m" first: it is the form Sparky's help suggests (the registry's first phrase of each target),
      // and the one heard far more often (ADR 0039).
      ...game.tiles.flatMap((letter) => [
        action(`letter ${spokenLetter(letter)}`, tileTarget(letter)),
        action(spokenLetter(letter), tileTarget(letter)),
      ]),
      ...again,
      action('give me a clue', WORD_BUILDER_ACTIONS.clue),
      ...finish,
      action('finish the game', WORD_BUILDER_ACTIONS.finish),
    ];
  }
  return [
    action('next', WORD_BUILDER_ACTIONS.next),
    action('next word', WORD_BUILDER_ACTIONS.next),
    action('again', WORD_BUILDER_ACTIONS.again),
    ...again,
    ...finish,
  ];
}
