import { describe, expect, it } from 'vitest';
import type { VoiceCommand } from '#core/voice/command.ts';
import {
  acceptsSecondOpinion,
  createTurns,
  commandWordings,
  MIN_SECOND_OPINION_LOG_PROB,
  transcriptDisputes,
  transcriptWords,
  wordsAgree,
  wordingTrie,
  type WordingNode,
} from './command-moonshine.ts';

const practice: VoiceCommand = { phrase: 'Reading Practice', intent: 'navigate', target: '/fluency' };
const stop: VoiceCommand = { phrase: 'stop', intent: 'action', target: 'stop' };
const start: VoiceCommand = { phrase: 'start reading', intent: 'action', target: 'start-reading' };
const mitten: VoiceCommand = { phrase: 'The Lost Mitten', intent: 'action', target: 'story:lost-mitten' };

describe('commandWordings', () => {
  const wordings = commandWordings([practice, stop, mitten]);

  it('words each command as written and in lower case, with carriers and please, in sentence case', () => {
    for (const w of [
      'Reading Practice.',
      'Reading practice.',
      'Take me to reading practice please.',
      'Please go to the reading practice.',
      "Let's stop.",
      'Stop please.',
      'Open The Lost Mitten.',
    ])
      expect(wordings.has(w), w).toBe(true);
    expect(wordings.get('Go to reading practice.')).toBe(practice);
    expect(wordings.get('Show me the lost mitten.')).toBe(mitten);
  });

  it('puts a place carrier only before a place, a story or a button, never before an action', () => {
    expect(wordings.has('Go to stop.')).toBe(false);
    expect(wordings.has('Take me to the stop.')).toBe(false);
    expect(wordings.has('I want to stop.')).toBe(true);
    expect(wordings.has('Can we stop please.')).toBe(true);
  });

  it('gives a wording two commands share to the first listed, and skips a command with nothing to say', () => {
    const again: VoiceCommand = { phrase: 'STOP', intent: 'action', target: 'stop-audio' };
    const blank: VoiceCommand = { phrase: '  ', intent: 'action', target: 'blank' };
    const shared = commandWordings([stop, again, blank]);
    expect(shared.get('Stop.')).toBe(stop);
    expect(shared.get('STOP.')).toBe(again);
    expect([...shared.values()].some((c) => c.target === 'blank')).toBe(false);
  });
});

describe('wordingTrie', () => {
  it('holds every wording as one path from the root to its command', () => {
    // a stand-in tokeniser: one token per character
    const encode = (text: string) => [...text].map((ch) => ch.charCodeAt(0));
    const { root, wordings } = wordingTrie([stop, practice], encode);
    expect(wordings).toBe(commandWordings([stop, practice]).size);
    const walk = (text: string): WordingNode | undefined =>
      encode(text).reduce<WordingNode | undefined>((node, token) => node?.next.get(token), root);
    expect(walk('Stop please.')?.end).toEqual({ command: stop, wording: 'Stop please.' });
    expect(walk('Reading practice.')?.end?.command).toBe(practice);
    expect(walk('Reading practice')?.end).toBeUndefined();
    expect(walk('Go to stop.')).toBeUndefined();
  });
});

describe('acceptsSecondOpinion', () => {
  const verdict = (command: VoiceCommand, wording: string, logProb: number, transcript: string) => ({
    command,
    wording,
    logProb,
    transcript,
  });

  it('takes a likely wording whose free transcript is no longer than it and agrees with it', () => {
    expect(acceptsSecondOpinion(verdict(practice, 'Reading practice.', -4.2, ' Reading practice.'))).toBe(
      true,
    );
    expect(acceptsSecondOpinion(verdict(start, 'Start reading.', -12.7, ' Started reading.'))).toBe(true);
    expect(
      acceptsSecondOpinion(
        verdict(practice, 'Take me to reading practice.', -9.8, ' Take me to reading practice.'),
      ),
    ).toBe(true);
    // a child-like voice often gets no free transcript: the log probability decides
    expect(acceptsSecondOpinion(verdict(mitten, 'The lost mitten.', -17.9, ''))).toBe(true);
  });

  it('refuses an unlikely wording, a longer sentence, and other words of the same length', () => {
    expect(
      acceptsSecondOpinion(verdict(practice, 'Reading practice.', MIN_SECOND_OPINION_LOG_PROB - 0.1, '')),
    ).toBe(false);
    expect(acceptsSecondOpinion(verdict(start, 'Start reading.', -14.5, ' Start running the'))).toBe(false);
    // "start reading" said where only "stop reading" is a command
    expect(acceptsSecondOpinion(verdict(stop, 'Stop reading.', -8, ' Start reading.'))).toBe(false);
    expect(acceptsSecondOpinion(verdict(stop, 'Stop.', -20, 'Stop.'), -21)).toBe(true);
  });
});

describe('transcriptDisputes', () => {
  it("disputes pocketsphinx's words only with a word that agrees with none of them", () => {
    expect(transcriptDisputes(' Gold rip-arts', ['go', 'to', 'reports'])).toBe(true);
    expect(transcriptDisputes(' Go to reports.', ['go', 'to', 'reports'])).toBe(false);
    expect(transcriptDisputes(' Take me to', ['take', 'me', 'to', 'letters'])).toBe(false);
    expect(transcriptDisputes(' Show me rewards.', ['show', 'me', 'the', 'rewards'])).toBe(false);
    expect(transcriptDisputes('', ['go', 'to', 'reports'])).toBe(false);
  });
});

describe('wordsAgree', () => {
  it('matches a word heard with another ending, not another word', () => {
    expect(wordsAgree('started', 'start')).toBe(true);
    expect(wordsAgree('reporters', 'reports')).toBe(true);
    expect(wordsAgree('go', 'go')).toBe(true);
    expect(wordsAgree('start', 'stop')).toBe(false);
    expect(wordsAgree('got', 'go')).toBe(false);
  });
});

describe('transcriptWords', () => {
  it('counts words, not punctuation or numbers', () => {
    expect(transcriptWords("Let's go, Sparky! 2")).toEqual(["let's", 'go', 'sparky']);
    expect(transcriptWords('...')).toEqual([]);
  });
});

describe('createTurns', () => {
  it('runs one job at a time; an urgent job goes before waiting background jobs, each kind in order', async () => {
    const turns = createTurns();
    const order: string[] = [];
    let release: () => void = () => {};
    const first = turns.run(
      () =>
        new Promise<void>((resolve) => {
          order.push('reading chunk 1');
          release = resolve;
        }),
      true,
    );
    const jobs = [
      turns.run(async () => void order.push('reading chunk 2'), true),
      turns.run(async () => void order.push('reading chunk 3'), true),
      turns.run(async () => void order.push('command A')),
      turns.run(async () => void order.push('command B')),
    ];
    await Promise.resolve();
    expect(order).toEqual(['reading chunk 1']);
    release();
    await Promise.all([first, ...jobs]);
    expect(order).toEqual([
      'reading chunk 1',
      'command A',
      'command B',
      'reading chunk 2',
      'reading chunk 3',
    ]);
  });

  it('goes on after a job fails, and gives the failure to its caller only', async () => {
    const turns = createTurns();
    const failed = turns.run(() => Promise.reject(new Error('model gone')));
    const next = turns.run(async () => 'heard');
    await expect(failed).rejects.toThrow('model gone');
    await expect(next).resolves.toBe('heard');
    await expect(
      turns.run(() => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    await expect(turns.run(async () => 1)).resolves.toBe(1);
  });
});
