import type { Page } from '@playwright/test';

/** One spoken command the page sent: how long its utterance was, and what the server answered. */
export interface HeardCommand {
  /** The utterance's length, seconds (from the WAV in the upload), or null when none was found. */
  seconds: number | null;
  /** The answer's status and body (`{ intent, target, phrase, confidence }` on 200). */
  status: number;
  answer: string;
}

/**
 * Seconds of PCM in the first WAV inside `body` (a multipart upload): the `data` chunk's size over
 * the `fmt ` chunk's byte rate. Null when the body holds no readable WAV.
 */
export function wavSecondsIn(body: Buffer): number | null {
  const riff = body.indexOf('RIFF');
  if (riff < 0 || body.toString('latin1', riff + 8, riff + 12) !== 'WAVE') return null;
  let byteRate = 0;
  for (let at = riff + 12; at + 8 <= body.length;) {
    const id = body.toString('latin1', at, at + 4);
    const size = body.readUInt32LE(at + 4);
    if (id === 'fmt ') byteRate = body.readUInt32LE(at + 16);
    if (id === 'data') return byteRate > 0 ? Math.min(size, body.length - at - 8) / byteRate : null;
    at += 8 + size + (size % 2);
  }
  return null;
}

/**
 * Records every spoken command `page` sends to `POST /api/voice/command` with the server's answer, so
 * a journey that gets the wrong answer can say what was heard and how long the utterance was.
 *
 * @returns the list (filled as answers arrive) and a one-line summary of it for an error message.
 */
export function logVoiceCommands(page: Page): { heard: HeardCommand[]; summary(): string } {
  const heard: HeardCommand[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('/api/voice/command')) return;
    const body = response.request().postDataBuffer();
    void response
      .text()
      .catch(() => '(no body)')
      .then((answer) =>
        heard.push({ seconds: body ? wavSecondsIn(body) : null, status: response.status(), answer }),
      );
  });
  return {
    heard,
    summary: () =>
      heard.length === 0
        ? 'no spoken command was sent'
        : heard
            .map((h) => `${h.seconds === null ? '?' : h.seconds.toFixed(2)} s → ${h.status} ${h.answer}`)
            .join('; '),
  };
}
