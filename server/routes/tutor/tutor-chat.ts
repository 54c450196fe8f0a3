/**
 * The richer tutor conversation (issue 12: "with OPENAI_API_KEY a richer conversation through the
 * `openai` SDK"): chat completions, told about the reader's own plan (praise, words to practise, next
 * story). Only the child's typed or recognised words and that plan leave the machine, never audio
 * (the word check stays on the local recogniser; ALLOW_CLOUD_AUDIO is not consulted here because no
 * audio is sent). Like Sparky's chat (issue 13, ADR 0027), the child's words and the model's reply
 * each pass OpenAI's moderation check first; a flagged one gets Sparky's kind fixed answer instead.
 * Tests point `baseURL` at a local fake server.
 */
import OpenAI from 'openai';
import { SPARKY_REFUSAL } from '#core/api/sparky.ts';
import type { TutorPlan } from '#core/tutor/tutor-plan.ts';

/** The chat model: OpenAI's small, fast chat model. */
export const TUTOR_CHAT_MODEL = 'gpt-4o-mini';
/** The moderation model (the same as Sparky's chat: text in, flagged categories out). */
export const TUTOR_MODERATION_MODEL = 'omni-moderation-latest';
/** Longest reply, tokens (a few short sentences for a 5-year-old). */
export const TUTOR_CHAT_MAX_TOKENS = 150;
/** Longest reply passed on, characters (the model's answer is cut at a sentence if longer). */
export const TUTOR_REPLY_MAX_CHARS = 600;
/** Time limit for OpenAI's answer, ms. */
export const TUTOR_CHAT_TIMEOUT_MS = 15_000;

/** Answers a child's words. */
export interface TutorChat {
  /**
   * @returns Sparky's reply, plain text; {@link SPARKY_REFUSAL} when the moderation check flags the
   *   child's words or the model's reply
   * @throws Error when OpenAI fails, times out or answers nothing
   */
  reply(plan: TutorPlan, message: string, signal?: AbortSignal): Promise<string>;
}

/** What the model is told: who it is, the rules for a young reader, and this reader's plan. */
export function tutorSystemPrompt(plan: TutorPlan): string {
  const words = plan.practice.map((p) => p.word).join(', ');
  return [
    'You are Sparky, a friendly reading tutor for a child aged 4 to 10. Answer in at most three short, simple sentences.',
    "Stay on reading: the child's stories, words and sounds. Never ask for personal details, never give links, never talk about anything unsafe.",
    plan.praise.length > 0
      ? `What went well lately: ${plan.praise.join(' ')}`
      : 'The child has not read with you yet.',
    words ? `Words the child is practising: ${words}. You may help them sound these out.` : '',
    plan.next ? `Suggest reading "${plan.next.title}" next when it fits.` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Builds the OpenAI tutor chat.
 * @param options.apiKey OPENAI_API_KEY
 * @param options.baseURL OPENAI_BASE_URL (default the SDK's)
 */
export function createOpenAiTutorChat(options: { apiKey: string; baseURL?: string }): TutorChat {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL && { baseURL: options.baseURL }),
    maxRetries: 0,
    timeout: TUTOR_CHAT_TIMEOUT_MS,
  });
  const requestOptions = (signal?: AbortSignal) => (signal ? { signal } : {});
  /** Whether OpenAI's moderation check flags `input`. */
  const flagged = async (input: string, signal?: AbortSignal) => {
    const moderation = await client.moderations.create(
      { model: TUTOR_MODERATION_MODEL, input },
      requestOptions(signal),
    );
    const result = moderation.results[0];
    if (!result) throw new Error('The moderation check sent no result.');
    return result.flagged;
  };
  return {
    async reply(plan, message, signal) {
      if (await flagged(message, signal)) return SPARKY_REFUSAL;
      const completion = await client.chat.completions.create(
        {
          model: TUTOR_CHAT_MODEL,
          max_tokens: TUTOR_CHAT_MAX_TOKENS,
          messages: [
            { role: 'system', content: tutorSystemPrompt(plan) },
            { role: 'user', content: message },
          ],
        },
        requestOptions(signal),
      );
      const text = completion.choices[0]?.message?.content?.trim() ?? '';
      if (!text) throw new Error('OpenAI answered nothing.');
      const reply =
        text.length <= TUTOR_REPLY_MAX_CHARS
          ? text
          : text.slice(0, text.lastIndexOf('.', TUTOR_REPLY_MAX_CHARS) + 1 || TUTOR_REPLY_MAX_CHARS);
      return (await flagged(reply, signal)) ? SPARKY_REFUSAL : reply;
    },
  };
}
