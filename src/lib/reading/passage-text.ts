import { speakableTokens } from '#core/api/stories.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';

/**
 * The result's words carry normalised text ("bus"); the passage's own tokens ("bus.") read better.
 * Used only when the two line up one to one (core/api/stories.ts `speakableTokens` splits as the
 * scorer does); otherwise the result is shown as it is.
 */
export function withPassageText(result: FluencyResult, passageText: string | undefined): FluencyResult {
  if (!passageText) return result;
  const tokens = speakableTokens(passageText);
  if (tokens.length !== result.words.length) return result;
  return { ...result, words: result.words.map((w, i) => ({ ...w, text: tokens[i] ?? w.text })) };
}
