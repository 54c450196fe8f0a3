/**
 * One answer in the tutor's practice (issue 12): the child says the word, and the recogniser of
 * spoken commands (POST /api/voice/command, issue 11) checks it against a list holding only that
 * word. Its refusal paths (a phone loop for anything else, docs/decisions/0015-spoken-commands.md)
 * answer "no command" when another word was said. The audio stays on this server: nothing goes to
 * the cloud.
 */
import type { VoiceAnswer, VoiceCommand } from '#core/voice/command.ts';
import type { WordCheck } from '#core/tutor/tutor-script.ts';
import type { ListenCallbacks, Listening } from '../../app/voice/voice-effects.ts';
import { ApiError } from '../../lib/api/http.ts';

/** The action target of the word being practised. */
export const PRACTICE_TARGET = 'tutor:word';

/** Refusals that mean "no voice was heard" (not counted as a try). */
const NOTHING_HEARD = new Set(['audio_silent', 'audio_too_short', 'audio_empty']);

/** What checking needs from the browser (tests pass fakes). */
export interface CheckWordEffects {
  listen(callbacks: ListenCallbacks): Listening;
  recognise(wav: Blob, commands: readonly VoiceCommand[], signal: AbortSignal): Promise<VoiceAnswer>;
  /** The audio queue is quieter while the microphone records. */
  duck(): void;
  unduck(): void;
}

/**
 * Listens to one answer and checks it.
 * @returns `right` when the word was recognised, `other` for other words or sounds, `nothing` for
 *   silence
 * @throws when the microphone cannot be used, or the recogniser fails (the machine offers Skip)
 */
export function checkWord(word: string, effects: CheckWordEffects, signal: AbortSignal): Promise<WordCheck> {
  return new Promise<WordCheck>((resolve, reject) => {
    effects.duck();
    let listening: Listening | null = null;
    const done = () => {
      effects.unduck();
      signal.removeEventListener('abort', abort);
    };
    const abort = () => {
      listening?.cancel();
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal.addEventListener('abort', abort);
    listening = effects.listen({
      started() {},
      ended(wav) {
        done();
        const commands: VoiceCommand[] = [{ phrase: word, intent: 'action', target: PRACTICE_TARGET }];
        effects.recognise(wav, commands, signal).then(
          (answer) => resolve(answer.target === PRACTICE_TARGET ? 'right' : 'other'),
          (error: unknown) => {
            if (error instanceof ApiError && NOTHING_HEARD.has(error.code)) resolve('nothing');
            else if (error instanceof ApiError && error.code === 'audio_noise') resolve('other');
            else reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      },
      failed(issue) {
        done();
        reject(new Error(`microphone: ${issue}`));
      },
    });
  });
}
