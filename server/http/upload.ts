/**
 * What the two audio upload routes (POST /api/reading-sessions, POST /api/fluency/score) share: the
 * body limit and how a refused form is answered.
 */
import { bodyLimit } from 'hono/body-limit';
import { MAX_AUDIO_BYTES } from '../speech/wav.ts';
import { apiError } from './errors.ts';
import type { RefusalFor } from './validate.ts';

/**
 * Refuses a body over the audio limit (10 MB, issue 4) plus `extraBytes` of form fields and
 * boundaries with 413 `audio_too_large`, before it is read whole.
 */
export function audioBodyLimit(extraBytes = 64 * 1024) {
  return bodyLimit({
    maxSize: MAX_AUDIO_BYTES + extraBytes,
    onError: (c) => apiError(c, 413, 'audio_too_large', 'The audio file is larger than 10 MB.'),
  });
}

/** A form without its `audio` file is 400 `audio_missing`; any other fault 422 `invalid_input`. */
export const uploadRefusal: RefusalFor = (issues) => {
  const audio = issues.find((i) => i.path === 'audio');
  if (audio) return { status: 400, code: 'audio_missing', message: audio.message };
  return {
    status: 422,
    code: 'invalid_input',
    message: issues.map((i) => i.message).join('; ') || 'Invalid form.',
    details: issues,
  };
};
