/**
 * Pure helpers of the story reader's read-to-me mode: how a story is split into paragraphs and
 * numbered words for display, into pieces short enough for the speech API, and which word is being
 * spoken at a moment of the audio. Word numbers are shared with the server: both use
 * `speakableTokens` (core/api/stories.ts), so the server's `index` names the same word on screen.
 */
import { SPEECH_MAX_CHARS, speakableTokens, type SpokenWord } from '#core/api/stories.ts';

/** A piece of a paragraph as drawn: a word with its number, or a token with no letter (a dash). */
export interface StoryPiece {
  text: string;
  /** Number of the word in the whole story, or null for a token that is not spoken. */
  index: number | null;
}

/** Paragraphs of a story body (separated by blank lines), each as numbered pieces. */
export function storyParagraphs(body: string): StoryPiece[][] {
  let next = 0;
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) =>
      paragraph.split(/\s+/).map((text) => {
        const spoken = speakableTokens(text).length > 0;
        return { text, index: spoken ? next++ : null };
      }),
    );
}

/** A piece of a story sent to the speech API, and the number of its first word in the story. */
export interface SpeechChunk {
  text: string;
  firstWord: number;
  wordCount: number;
}

/**
 * Split a story into pieces of at most `maxChars` characters, at sentence ends when it can (a
 * paragraph stays whole when it fits), and never inside a word.
 */
export function chunkStory(body: string, maxChars: number = SPEECH_MAX_CHARS): SpeechChunk[] {
  const sentences = body
    .split(/\n\s*\n/)
    .flatMap((paragraph) => paragraph.trim().split(/(?<=[.!?]["”’)]*)\s+/))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .flatMap((sentence) => splitLong(sentence, maxChars));
  const chunks: SpeechChunk[] = [];
  let current = '';
  const flush = () => {
    if (!current) return;
    const previous = chunks[chunks.length - 1];
    const firstWord = previous ? previous.firstWord + previous.wordCount : 0;
    chunks.push({ text: current, firstWord, wordCount: speakableTokens(current).length });
    current = '';
  };
  for (const sentence of sentences) {
    if (current && current.length + 1 + sentence.length > maxChars) flush();
    current = current ? `${current} ${sentence}` : sentence;
  }
  flush();
  return chunks;
}

function splitLong(sentence: string, maxChars: number): string[] {
  if (sentence.length <= maxChars) return [sentence];
  const parts: string[] = [];
  let current = '';
  for (const token of sentence.split(' ')) {
    if (current && current.length + 1 + token.length > maxChars) {
      parts.push(current);
      current = '';
    }
    current = current ? `${current} ${token}` : token.slice(0, maxChars);
  }
  if (current) parts.push(current);
  return parts;
}

/**
 * The word being spoken at `seconds` into the audio: the last word that has started, kept through
 * the pause after it. -1 before the first word starts.
 */
export function wordAtTime(words: readonly SpokenWord[], seconds: number): number {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (words[middle]!.start <= seconds) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * The number (within `text`) of the spoken token at character `charIndex`, as browsers report word
 * boundaries of speech synthesis; the token before when the index falls on a space.
 */
export function wordAtChar(text: string, charIndex: number): number {
  let count = -1;
  const pattern = /\S+/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > charIndex) break;
    if (speakableTokens(match[0]).length > 0) count += 1;
  }
  return Math.max(count, 0);
}
