/**
 * POST /api/reading-sessions: uploads one recording (multipart `audio` WAV, `storyId`, `mode`,
 * `idempotencyKey`, and a Reading Screening's `screeningId`) and answers the saved session with its result and rewards
 * (core/api/reading-sessions.ts). XMLHttpRequest rather than fetch, because only XHR reports when
 * the body has finished uploading, which is when the page says "Sparky is listening".
 */
import {
  SaveReadingSessionResponseSchema,
  type SaveReadingSessionResponse,
} from '#core/api/reading-sessions.ts';
import { ApiErrorBodySchema } from '#core/api/errors.ts';
import { classifySaveError, type SaveError } from '#core/fluency-session/save-errors.ts';

/** What to upload. */
export interface SaveReadingRequest {
  audio: Blob;
  storyId: string;
  /** Chosen once per recording; the same on every retry. */
  idempotencyKey: string;
  mode?: 'practice' | 'assessment';
  /**
   * The Reading Screening this reading is the next passage of (docs/decisions/0049-reading-screening.md); with
   * `mode: 'assessment'`. The answer's `screening` is then the screening after it.
   */
  screeningId?: string;
}

/** Callbacks of {@link saveReadingSession}. */
export interface SaveReadingCallbacks {
  /** The body has been sent; the server is scoring. */
  onUploaded?: () => void;
}

/** A failed save, classified for the page ({@link SaveError}). */
export class SaveReadingError extends Error {
  override readonly name = 'SaveReadingError';
  constructor(readonly detail: SaveError) {
    super(detail.message || detail.code);
  }
}

/**
 * Uploads a recording.
 * @returns the parsed 201 (or 200 replay) answer
 * @throws {SaveReadingError} on a non-2xx answer, a network failure or an unreadable answer
 */
export function saveReadingSession(
  request: SaveReadingRequest,
  callbacks: SaveReadingCallbacks = {},
  signal?: AbortSignal,
): Promise<SaveReadingSessionResponse> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('audio', request.audio, 'reading.wav');
    form.append('storyId', request.storyId);
    form.append('mode', request.mode ?? 'practice');
    form.append('idempotencyKey', request.idempotencyKey);
    if (request.screeningId) form.append('screeningId', request.screeningId);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/reading-sessions');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    let uploaded = false;
    const markUploaded = () => {
      if (uploaded) return;
      uploaded = true;
      callbacks.onUploaded?.();
    };
    xhr.upload.onload = markUploaded;
    xhr.onerror = () =>
      reject(new SaveReadingError(classifySaveError(0, 'network_error', 'The connection failed.')));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () =>
      reject(new SaveReadingError(classifySaveError(0, 'aborted', 'The upload was cancelled.')));
    xhr.onload = () => {
      markUploaded();
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = SaveReadingSessionResponseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else
          reject(
            new SaveReadingError(
              classifySaveError(xhr.status, 'bad_answer', 'The server answered something unexpected.'),
            ),
          );
        return;
      }
      const error = ApiErrorBodySchema.safeParse(body);
      reject(
        new SaveReadingError(
          classifySaveError(
            xhr.status,
            error.success ? error.data.error.code : 'http_error',
            error.success ? error.data.error.message : xhr.statusText,
          ),
        ),
      );
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
