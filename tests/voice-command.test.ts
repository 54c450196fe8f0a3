/**
 * Spoken commands through the whole server (issue 11): a signed-in reader sends a short utterance
 * (made with flite at test time) and the screen's command list to POST /api/voice/command, and gets
 * `{ intent, target, phrase, confidence }`. Bad, oversized and hostile input gets the shared error
 * shape with a clear code; many readers at once are all answered. The endpoint holds no ids of its
 * own (nothing of one user can be asked for by another), so "another user's ids" is the rate limit
 * and queue being per user.
 *
 * The endpoint reads and writes no table: on the PostgreSQL pass only the refusals run (sign-in and
 * the limits against that database); the tests that decode run once, on the PGlite pass, to keep
 * the suite's time (as tests/command-cli.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseResponse } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoiceAnswerSchema } from '../core/api/voice.ts';
import type { VoiceCommand } from '../core/voice/command.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import {
  createCommandRecogniser,
  SECOND_OPINION_CONFIDENCE,
  type CommandDecodeDetail,
} from '../server/speech/command-decoder.ts';
import {
  createMoonshineSecondOpinion,
  moonshineModelPresent,
  type CommandSecondOpinion,
} from '../server/speech/command-moonshine.ts';
import { prepareCommandAudio } from '../server/speech/command-service.ts';
import { createBrowser, createSignedInClient, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';
import { audioForm, makeSilence } from './helpers/readings.ts';

const COMMANDS: VoiceCommand[] = [
  { phrase: 'start reading', intent: 'action', target: 'start-reading' },
  { phrase: 'The Lost Mitten', intent: 'action', target: 'story:lost-mitten' },
  { phrase: 'stop', intent: 'action', target: 'stop' },
  { phrase: 'read page', intent: 'action', target: 'read-page' },
  { phrase: 'reading practice', intent: 'navigate', target: '/fluency' },
  { phrase: 'go home', intent: 'navigate', target: '/home' },
  { phrase: 'rewards', intent: 'navigate', target: '/rewards' },
];

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const decoding = it.skipIf(onPostgres);

const folder = mkdtempSync(join(tmpdir(), 'sparky-voice-'));

/** flite's `voice` saying `text`, with 0.3 s of silence each side, as 16 kHz mono WAV; sox effects after. */
function say(text: string, voice = 'slt', effects: string[] = []): Uint8Array {
  const raw = join(folder, 'raw.wav');
  const wav = join(folder, `${text.replace(/\W+/g, '-')}-${voice}-${effects.length}.wav`);
  execFileSync('flite', ['-voice', voice, '-t', text, '-o', raw]);
  execFileSync('sox', [
    '-R',
    raw,
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    wav,
    'pad',
    '0.3',
    '0.3',
    ...effects,
  ]);
  return new Uint8Array(readFileSync(wav));
}

/**
 * A child-like voice as `npm run bench:commands` makes it: flite slowed by `scale`, then sped up by
 * the same factor, which raises pitch and formants together.
 */
function sayLikeAChild(text: string, voice: string, scale: number): Uint8Array {
  const raw = join(folder, 'raw-child.wav');
  const wav = join(folder, `${text.replace(/\W+/g, '-')}-${voice}-child-${scale}.wav`);
  execFileSync('flite', ['-voice', voice, '--setf', `duration_stretch=${scale}`, '-t', text, '-o', raw]);
  execFileSync('sox', [
    '-R',
    raw,
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    wav,
    'speed',
    String(scale),
    'rate',
    '16000',
    'pad',
    '0.3',
    '0.3',
  ]);
  return new Uint8Array(readFileSync(wav));
}

/** sox-made audio of `seconds` (`synth` arguments). */
function synth(seconds: number, ...args: string[]): Uint8Array {
  const wav = join(folder, `synth-${args.join('-')}-${seconds}.wav`);
  execFileSync('sox', [
    '-R',
    '-n',
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    wav,
    'synth',
    String(seconds),
    ...args,
  ]);
  return new Uint8Array(readFileSync(wav));
}

const form = (audio: Uint8Array | null, commands: unknown = COMMANDS) =>
  audioForm(audio, { commands: typeof commands === 'string' ? commands : JSON.stringify(commands) });

describe(`spoken commands API (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  decoding('answers the command said, with the carrier words children add', { timeout: 60_000 }, async () => {
    const { client } = await createSignedInClient(app, handle);
    const wav = (bytes: Uint8Array) => new File([bytes as BlobPart], 'u.wav', { type: 'audio/wav' });
    const practice = await parseResponse(
      client.api.voice.command.$post({
        form: { audio: wav(say('take me to reading practice')), commands: JSON.stringify(COMMANDS) },
      }),
    );
    expect(VoiceAnswerSchema.parse(practice)).toEqual({
      intent: 'navigate',
      target: '/fluency',
      phrase: 'reading practice',
      confidence: expect.any(Number),
    });
    expect(practice.confidence).toBeGreaterThanOrEqual(0.5);
    const title = await parseResponse(
      client.api.voice.command.$post({
        form: { audio: wav(say('The Lost Mitten', 'rms')), commands: JSON.stringify(COMMANDS) },
      }),
    );
    expect(title).toMatchObject({ intent: 'action', target: 'story:lost-mitten', phrase: 'The Lost Mitten' });
  });

  decoding(
    'answers no command for ordinary talk, two commands at once and shouting, never a wrong one',
    { timeout: 90_000 },
    async () => {
      const { client } = await createSignedInClient(app, handle);
      for (const audio of [
        say('my sister has a red bike'),
        say('go home rewards', 'rms'),
        say('go home', 'slt', ['gain', '20']),
      ]) {
        const response = await client.request('/api/voice/command', { method: 'POST', body: form(audio) });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ intent: null, target: null, phrase: null, confidence: 0 });
      }
    },
  );

  decoding(
    "checks one practised word against a list of that word alone (the tutor's Say it, issue 12)",
    { timeout: 90_000 },
    async () => {
      const { client } = await createSignedInClient(app, handle);
      const practice = [{ phrase: 'garden', intent: 'action', target: 'tutor:word' }];
      const answer = async (audio: Uint8Array) => {
        const response = await client.request('/api/voice/command', {
          method: 'POST',
          body: form(audio, practice),
        });
        expect(response.status).toBe(200);
        return VoiceAnswerSchema.parse(await response.json()).target;
      };
      expect(await answer(say('garden'))).toBe('tutor:word');
      expect(await answer(say('garden', 'rms'))).toBe('tutor:word');
      // Another word, or a sentence, is not it.
      expect(await answer(say('window'))).toBeNull();
      expect(await answer(say('my sister has a red bike'))).toBeNull();
    },
  );

  decoding(
    'a warm decoder answers as a process of its own does, and learns a title outside the dictionary',
    { timeout: 120_000 },
    async () => {
      const details: CommandDecodeDetail[] = [];
      const warm = createCommandRecogniser({ onDecode: (d) => details.push(d) });
      const cold = createCommandRecogniser({ warm: false });
      try {
        const audio = await prepareCommandAudio(say('take me to reading practice'));
        const known = await warm.recognise(audio, COMMANDS);
        expect(details.at(-1)?.decoder).toBe('warm');
        expect(known).toEqual(await cold.recognise(audio, COMMANDS));
        expect(known.target).toBe('/fluency');

        // "Zorblax" is in no dictionary: that command is decoded by processes of its own while the
        // warm decoders restart with its letter-to-sound guess, then by the warm decoders.
        const withTitle = [
          ...COMMANDS,
          { phrase: 'Zorblax the Brave', intent: 'action' as const, target: 'story:zorblax' },
        ];
        const title = await prepareCommandAudio(say('Zorblax the Brave', 'rms'));
        const first = await warm.recognise(title, withTitle);
        expect(details.at(-1)?.decoder).toBe('process');
        expect(first.target).toBe('story:zorblax');
        let again = first;
        for (let tries = 0; tries < 60 && details.at(-1)?.decoder !== 'warm'; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          again = await warm.recognise(title, withTitle);
        }
        expect(details.at(-1)?.decoder).toBe('warm');
        expect(again).toEqual(first);
      } finally {
        await warm.close?.();
      }
    },
  );

  decoding(
    'warmed at start with the titles, the first command, even one outside the dictionary, is decoded warm',
    { timeout: 120_000 },
    async () => {
      const details: CommandDecodeDetail[] = [];
      const recogniser = createCommandRecogniser({ onDecode: (d) => details.push(d) });
      try {
        const withTitle = [
          ...COMMANDS,
          { phrase: 'Quibbleworth Goes Home', intent: 'action' as const, target: 'story:quibbleworth' },
        ];
        await recogniser.warm?.(withTitle.map((c) => c.phrase));
        const answer = await recogniser.recognise(
          await prepareCommandAudio(say('Quibbleworth Goes Home', 'rms')),
          withTitle,
        );
        expect(details).toHaveLength(1);
        expect(details[0]?.decoder).toBe('warm');
        expect(answer.target).toBe('story:quibbleworth');
      } finally {
        await recogniser.close?.();
      }
    },
  );

  decoding(
    'asks the second opinion only when pocketsphinx refuses other words or a weak command, and takes its answer; checks carriers when told',
    { timeout: 90_000 },
    async () => {
      const asked: string[][] = [];
      let transcript = '';
      const transcribed: number[] = [];
      const secondOpinion: CommandSecondOpinion = {
        hear: (_audio, commands) => {
          asked.push(commands.map((c) => c.target));
          return Promise.resolve(commands.find((c) => c.target === '/rewards') ?? null);
        },
        transcribe: (_audio, maxWords) => {
          transcribed.push(maxWords);
          return Promise.resolve(transcript);
        },
        warm: () => Promise.resolve(),
        cpuSeconds: () => 0,
      };
      const details: CommandDecodeDetail[] = [];
      const recogniser = createCommandRecogniser({
        secondOpinion,
        checkCarriers: true,
        onDecode: (d) => details.push(d),
      });
      try {
        // pocketsphinx takes "go home" itself: the second opinion is not asked
        const home = await recogniser.recognise(await prepareCommandAudio(say('go home')), COMMANDS);
        expect(home.target).toBe('/home');
        expect(asked).toHaveLength(0);
        expect(details.at(-1)?.secondOpinion).toBeUndefined();
        // nor asked to transcribe a command said without a carrier
        expect(transcribed).toHaveLength(0);
        // through a carrier, its free transcript is asked for: words that agree let the command through…
        const carried = await prepareCommandAudio(say('take me to reading practice'));
        transcript = ' Take me to reading practise.';
        expect((await recogniser.recognise(carried, COMMANDS)).target).toBe('/fluency');
        expect(transcribed).toHaveLength(1);
        // …another word refuses it (a carrier that swallowed a first command: "goals reports")
        transcript = ' Gold rip-arts';
        expect((await recogniser.recognise(carried, COMMANDS)).target).toBeNull();
        expect(details.at(-1)).toMatchObject({ refusal: 'disputed', transcript: ' Gold rip-arts' });
        // the check is off by default (ADR 0015, ninth round): the same command is taken, nothing asked
        const unchecked = createCommandRecogniser({ secondOpinion, warm: false });
        expect((await unchecked.recognise(carried, COMMANDS)).target).toBe('/fluency');
        expect(transcribed).toHaveLength(2);
        // ordinary talk is other words to pocketsphinx: the second opinion is asked, with the list
        const talk = await recogniser.recognise(
          await prepareCommandAudio(say('my sister has a red bike')),
          COMMANDS,
        );
        expect(asked).toEqual([COMMANDS.map((c) => c.target)]);
        expect(talk).toEqual({
          intent: 'navigate',
          target: '/rewards',
          phrase: 'rewards',
          confidence: SECOND_OPINION_CONFIDENCE,
        });
        expect(details.at(-1)).toMatchObject({
          refusal: null,
          secondOpinion: { target: '/rewards', refused: 'other' },
        });
        // two commands at once are refused as such: the second opinion would pick one
        const double = await recogniser.recognise(
          await prepareCommandAudio(say('go home rewards', 'rms')),
          COMMANDS,
        );
        expect(double.target).toBeNull();
        expect(details.at(-1)?.refusal).toBe('double');
        expect(asked).toHaveLength(1);
        // shouting is refused before any decoding, and never asked about
        const shout = await recogniser.recognise(
          await prepareCommandAudio(say('go home', 'slt', ['gain', '20'])),
          COMMANDS,
        );
        expect(shout.target).toBeNull();
        expect(details.at(-1)?.refusal).toBe('clipped');
        expect(asked).toHaveLength(1);
      } finally {
        await recogniser.close?.();
      }
    },
  );

  it.skipIf(onPostgres || !moonshineModelPresent())(
    "Moonshine takes a child-like voice's commands that pocketsphinx hears as other words, and not ordinary talk",
    { timeout: 120_000 },
    async () => {
      const details: CommandDecodeDetail[] = [];
      const commands: VoiceCommand[] = [
        ...COMMANDS,
        { phrase: 'reports', intent: 'navigate', target: '/reports' },
      ];
      const withSecondOpinion = createCommandRecogniser({
        secondOpinion: createMoonshineSecondOpinion(),
        onDecode: (d) => details.push(d),
      });
      try {
        for (const [audio, target] of [
          [sayLikeAChild('reports', 'slt', 1.22), '/reports'],
          [sayLikeAChild('go home', 'slt', 1.22), '/home'],
        ] as const) {
          const answer = await withSecondOpinion.recognise(await prepareCommandAudio(audio), commands);
          expect(answer).toMatchObject({ target, confidence: SECOND_OPINION_CONFIDENCE });
          // pocketsphinx alone heard other words; the second opinion took the command
          expect(details.at(-1)).toMatchObject({
            refusal: null,
            secondOpinion: { target, refused: 'other' },
          });
        }
        for (const text of ['my sister has a red bike', 'can we go to the beach tomorrow']) {
          expect(
            (await withSecondOpinion.recognise(await prepareCommandAudio(say(text, 'rms')), commands)).target,
          ).toBeNull();
          expect(details.at(-1)?.secondOpinion).toEqual({ target: null, refused: 'other' });
        }
      } finally {
        await withSecondOpinion.close?.();
      }
    },
  );

  it(
    'refuses silence, noise, a cough, too long, not WAV and an empty list with clear codes',
    { timeout: 60_000 },
    async () => {
      const { client } = await createSignedInClient(app, handle);
      const post = (body: FormData) => client.request('/api/voice/command', { method: 'POST', body });
      const cases: { body: FormData; status: number; code: string }[] = [
        { body: form(makeSilence(1)), status: 422, code: 'audio_silent' },
        { body: form(synth(2, 'pinknoise', 'vol', '0.3')), status: 422, code: 'audio_noise' },
        // a cough: a burst of noise with no voiced sound (hands-free ignores it silently)
        {
          body: form(synth(0.35, 'whitenoise', 'fade', 'q', '0.01', '0.35', '0.3', 'pad', '0.3', '0.3')),
          status: 422,
          code: 'audio_noise',
        },
        { body: form(synth(9, 'sine', '300', 'vol', '0.3')), status: 422, code: 'audio_too_long' },
        { body: form(new TextEncoder().encode('not audio, just words')), status: 415, code: 'audio_not_wav' },
        { body: form(say('stop'), []), status: 400, code: 'commands_empty' },
        {
          body: form(say('stop'), [{ phrase: '???', intent: 'action', target: 'x' }]),
          status: 400,
          code: 'commands_empty',
        },
        { body: form(null), status: 400, code: 'audio_missing' },
        { body: form(say('stop'), 'not json'), status: 422, code: 'invalid_input' },
      ];
      for (const { body, status, code } of cases) {
        const response = await post(body);
        expect({ status: response.status, code: (await errorOf(response)).code }).toEqual({ status, code });
      }
    },
  );

  it('refuses hostile lists and oversized bodies without decoding', { timeout: 60_000 }, async () => {
    const { client } = await createSignedInClient(app, handle);
    const post = (body: FormData | string, headers: Record<string, string> = {}) =>
      client.request('/api/voice/command', { method: 'POST', body, headers });
    const stop = say('stop');
    const hostile: unknown[] = [
      { phrase: 'stop' },
      [{ phrase: 'stop', intent: 'delete', target: 'x' }],
      [{ phrase: '<script>alert(1)</script>', intent: 'action', target: 'x' }],
      [{ phrase: 'stop\u0000', intent: 'action', target: 'x' }],
      [{ phrase: 'a '.repeat(60), intent: 'action', target: 'x' }],
      Array.from({ length: 301 }, (_, k) => ({ phrase: `word ${k}`, intent: 'action', target: `t${k}` })),
    ];
    for (const commands of hostile) {
      const response = await post(form(stop, commands));
      expect(response.status).toBe(422);
      expect((await errorOf(response)).code).toBe('invalid_input');
    }
    const huge = new Uint8Array(3 * 1024 * 1024);
    const tooLarge = await post(form(huge));
    expect(tooLarge.status).toBe(413);
    expect((await errorOf(tooLarge)).code).toBe('audio_too_large');
    const json = await post(JSON.stringify({ commands: COMMANDS }), { 'content-type': 'application/json' });
    // not a form: the utterance is missing
    expect(json.status).toBe(400);
    expect((await errorOf(json)).code).toBe('audio_missing');
  });

  it('refuses a signed-out visitor and another site', async () => {
    const signedOut = await createBrowser(app).request('/api/voice/command', {
      method: 'POST',
      body: form(say('stop')),
    });
    expect(signedOut.status).toBe(401);
    expect((await errorOf(signedOut)).code).toBe('unauthenticated');
    const { client } = await createSignedInClient(app, handle);
    const crossSite = await client.request('/api/voice/command', {
      method: 'POST',
      body: form(say('stop')),
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });

  decoding('answers many readers at once, each their own command', { timeout: 120_000 }, async () => {
    const readers = await Promise.all(Array.from({ length: 6 }, () => createSignedInClient(app, handle)));
    const said = ['reading practice', 'go home', 'rewards', 'start reading', 'read page', 'stop'];
    const audio = said.map((text, k) => say(text, k % 2 ? 'rms' : 'awb'));
    const answers = await Promise.all(
      readers.map(async ({ client }, k) => {
        const response = await client.request('/api/voice/command', {
          method: 'POST',
          body: form(audio[k]!),
        });
        expect(response.status).toBe(200);
        return VoiceAnswerSchema.parse(await response.json());
      }),
    );
    expect(answers.map((a) => a.phrase)).toEqual(said);
  });

  it('limits one reader to 60 commands a minute, without holding back another', async () => {
    const limited = createTestApp(handle);
    const [{ client: busy }, { client: other }] = await Promise.all([
      createSignedInClient(limited, handle),
      createSignedInClient(limited, handle),
    ]);
    // refused audio is cheap to send and still counts
    const junk = () => form(new TextEncoder().encode('nope'));
    const statuses: number[] = [];
    for (let k = 0; k < 61; k++)
      statuses.push((await busy.request('/api/voice/command', { method: 'POST', body: junk() })).status);
    expect(statuses.slice(0, 60).every((s) => s === 415)).toBe(true);
    expect(statuses[60]).toBe(429);
    const otherReader = await other.request('/api/voice/command', { method: 'POST', body: junk() });
    expect(otherReader.status).toBe(415);
  });
});
