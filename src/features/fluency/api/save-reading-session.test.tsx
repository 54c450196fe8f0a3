import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_RESPONSE } from '#machines/fluency-session.test-model.ts';
import { SaveReadingError, saveReadingSession } from './save-reading-session.ts';

/** A stand-in XMLHttpRequest that records what was sent and answers as told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: string } | 'network' = { status: 201, body: '{}' };
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  upload: { onload: (() => void) | null } = { onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
    const answer = FakeXhr.answer;
    queueMicrotask(() => {
      if (answer === 'network') return this.onerror?.();
      this.upload.onload?.();
      this.status = answer.status;
      this.responseText = answer.body;
      this.onload?.();
    });
  }
}

afterEach(() => vi.unstubAllGlobals());

const request = {
  audio: new Blob(['RIFF'], { type: 'audio/wav' }),
  storyId: 'story-1',
  idempotencyKey: 'key-12345678',
};

describe('saveReadingSession', () => {
  it('posts the multipart form and reports the upload before the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 201, body: JSON.stringify(SAMPLE_RESPONSE) };
    const onUploaded = vi.fn();
    const response = await saveReadingSession(request, { onUploaded });
    expect(response).toEqual(SAMPLE_RESPONSE);
    expect(onUploaded).toHaveBeenCalledOnce();
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/api/reading-sessions', true]);
    expect(xhr.body?.get('storyId')).toBe('story-1');
    expect(xhr.body?.get('idempotencyKey')).toBe('key-12345678');
    expect(xhr.body?.get('mode')).toBe('practice');
    expect(xhr.body?.get('audio')).toBeInstanceOf(Blob);
    expect(xhr.body?.has('screeningId')).toBe(false);
  });

  it('sends a Reading Screening reading with its screening id, in assessment mode', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 201, body: JSON.stringify(SAMPLE_RESPONSE) };
    const screeningId = '7d0c2b1a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    await saveReadingSession({ ...request, mode: 'assessment', screeningId });
    expect(FakeXhr.last!.body?.get('screeningId')).toBe(screeningId);
    expect(FakeXhr.last!.body?.get('mode')).toBe('assessment');
  });

  it('classifies refusals and network failures', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const cases: [typeof FakeXhr.answer, string, string][] = [
      [
        { status: 422, body: JSON.stringify({ error: { code: 'no_speech', message: 'Nothing heard' } }) },
        'noSpeech',
        'no_speech',
      ],
      [
        { status: 422, body: JSON.stringify({ error: { code: 'audio_silent', message: 'Silent' } }) },
        'tooQuiet',
        'audio_silent',
      ],
      [{ status: 503, body: 'not json' }, 'server', 'http_error'],
      [{ status: 201, body: '{"unexpected":true}' }, 'server', 'bad_answer'],
      ['network', 'network', 'network_error'],
    ];
    for (const [answer, kind, code] of cases) {
      FakeXhr.answer = answer;
      const error = await saveReadingSession(request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SaveReadingError);
      expect((error as SaveReadingError).detail).toMatchObject({ kind, code });
    }
  });
});
