/**
 * The follow-along socket's messages (issue 12, spec §7.6 "a realtime socket with heartbeat and
 * reconnect"): shared by the server (server/routes/follow/) and the browser.
 *
 * Client → server:
 * - text `{"type":"start","storyId","helpAfterSeconds"?}`: follow a new reading of a story the
 *   reader may read; answered `{"type":"ready","streamId","expectSeq":0}`.
 * - text `{"type":"resume","streamId"}` after a dropped socket: answered `ready` with the next
 *   sequence number the server expects (chunks after the last ack are sent again).
 * - binary: a chunk of audio, `AUDIO_HEADER_BYTES` of sequence number (uint32, little-endian)
 *   then 16 kHz mono 16-bit little-endian PCM (about 100 ms, at most `MAX_CHUNK_SAMPLES`).
 *   Each is acknowledged `{"type":"ack","seq"}`; a chunk already received is acknowledged again
 *   and not used twice; a chunk after a gap is refused with the sequence number expected.
 * - text `{"type":"stop"}`: the reader stopped; answered by the last events and
 *   `{"type":"result","result"}` (provisional: the uploaded WAV's scoring is what is saved).
 * Server → client: `ready`, `ack`, `{"type":"event", ...FollowEvent}`, `result` and
 * `{"type":"error","code","message","expectSeq"?}`. The server pings every `HEARTBEAT_MS` and
 * closes a socket that has not answered within `MESSAGE_TIMEOUT_MS`.
 */
import { z } from 'zod';
import { HELP_AFTER_RANGE } from '#core/tutor/follow.ts';

/** Heartbeat interval, ms (spec §9: the realtime client's default heartbeat, 25 s). */
export const HEARTBEAT_MS = 25_000;
/** A heartbeat not answered within this is a dead socket, ms (spec §9: message timeout 10 s). */
export const MESSAGE_TIMEOUT_MS = 10_000;
/** Most events kept for a reader whose socket dropped (spec §9: push buffer of 100 messages). */
export const PUSH_BUFFER = 100;
/** A stream waits this long for its reader to reconnect before it is closed, ms. */
export const RESUME_WINDOW_MS = 30_000;
/** Bytes before the samples of an audio chunk: the sequence number. */
export const AUDIO_HEADER_BYTES = 4;
/** Largest chunk: 0.5 s of 16 kHz audio (chunks are about 100 ms). */
export const MAX_CHUNK_SAMPLES = 8000;
/** Largest text message, bytes. */
export const MAX_TEXT_BYTES = 1024;
/** Audio may run ahead of the wall clock by at most this much (a reconnect resends what was missed), seconds. */
export const MAX_AUDIO_AHEAD_SECONDS = 35;

/** A text message from the client. */
export const FollowClientMessageSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('start'),
      storyId: z.uuid(),
      helpAfterSeconds: z.number().min(HELP_AFTER_RANGE.min).max(HELP_AFTER_RANGE.max).optional(),
    })
    .strict(),
  z.object({ type: z.literal('resume'), streamId: z.uuid() }).strict(),
  z.object({ type: z.literal('stop') }).strict(),
]);
export type FollowClientMessage = z.infer<typeof FollowClientMessageSchema>;

/** Error codes the socket sends (then, for the fatal ones, closes). */
export type FollowErrorCode =
  | 'invalid_message'
  | 'not_started'
  | 'story_not_found'
  | 'stream_not_found'
  | 'out_of_order'
  | 'chunk_too_large'
  | 'rate_limited'
  | 'busy'
  | 'recogniser_unavailable'
  | 'recogniser_failed';

/**
 * Reads an audio chunk.
 * @returns the sequence number and the samples (a copy, aligned).
 * @throws RangeError when the frame is shorter than its header, has an odd number of sample
 *   bytes, or more than `MAX_CHUNK_SAMPLES` samples.
 */
export function parseAudioChunk(frame: Uint8Array): { seq: number; samples: Int16Array } {
  if (frame.byteLength < AUDIO_HEADER_BYTES + 2) throw new RangeError('chunk shorter than its header');
  const body = frame.byteLength - AUDIO_HEADER_BYTES;
  if (body % 2 !== 0) throw new RangeError('chunk has an odd number of sample bytes');
  if (body / 2 > MAX_CHUNK_SAMPLES) throw new RangeError('chunk too large');
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const seq = view.getUint32(0, true);
  const samples = new Int16Array(body / 2);
  for (let k = 0; k < samples.length; k++) samples[k] = view.getInt16(AUDIO_HEADER_BYTES + 2 * k, true);
  return { seq, samples };
}

/** Builds an audio chunk frame (the browser's side of `parseAudioChunk`). */
export function audioChunk(seq: number, samples: Int16Array): Uint8Array<ArrayBuffer> {
  const frame = new Uint8Array(AUDIO_HEADER_BYTES + samples.length * 2);
  const view = new DataView(frame.buffer);
  view.setUint32(0, seq, true);
  samples.forEach((s, k) => view.setInt16(AUDIO_HEADER_BYTES + 2 * k, s, true));
  return frame;
}
