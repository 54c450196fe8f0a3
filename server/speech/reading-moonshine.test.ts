import { describe, expect, it } from 'vitest';
import { tokenisePassage, type HeardWord } from '#core/text/normalize.ts';
import {
  asPrintedFrom,
  heardOtherwiseFrom,
  chunkWords,
  createMoonshineNominator,
  nominationsFrom,
  insertionsFrom,
  readingChunks,
  selfCorrectionsFrom,
  transcribeReading,
  type ReadingTranscriber,
} from '#server/speech/reading-moonshine.ts';
import type { PcmAudio } from '#server/speech/wav.ts';

/** 16 kHz mono audio: a tone (about −9 dBFS) over each [start, end) second span, silence elsewhere. */
function audioWith(spans: [number, number][], seconds: number): PcmAudio {
  const rate = 16000;
  const samples = new Int16Array(Math.round(seconds * rate));
  for (const [a, b] of spans)
    for (let k = Math.round(a * rate); k < Math.round(b * rate); k++)
      samples[k] = Math.round(12000 * Math.sin((2 * Math.PI * 220 * k) / rate));
  return { sampleRate: rate, channels: 1, samples, durationSeconds: seconds };
}

const words = (text: string, start = 0, step = 0.4): HeardWord[] =>
  text.split(' ').map((word, k) => ({ word, start: start + k * step, end: start + (k + 1) * step }));

describe('readingChunks', () => {
  it('joins voiced stretches under 1 s apart into one chunk, padded by 0.1 s', () => {
    const chunks = readingChunks(
      audioWith(
        [
          [1, 2],
          [2.5, 3.5],
        ],
        5,
      ),
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.start).toBeCloseTo(0.9, 2);
    expect(chunks[0]!.end).toBeCloseTo(3.6, 2);
  });

  it('starts a new chunk after a pause of 1 s or more, or past 10 s of span', () => {
    expect(
      readingChunks(
        audioWith(
          [
            [1, 2],
            [3.2, 4],
          ],
          6,
        ),
      ),
    ).toHaveLength(2);
    const long = readingChunks(
      audioWith(
        [
          [0.5, 6],
          [6.5, 12],
        ],
        13,
      ),
    );
    expect(long).toHaveLength(2);
  });

  it('cuts one stretch longer than 15 s into equal chunks, and finds none in silence', () => {
    const cut = readingChunks(audioWith([[0, 31]], 31));
    expect(cut).toHaveLength(3);
    for (const c of cut) expect(c.end - c.start).toBeLessThanOrEqual(15);
    expect(readingChunks(audioWith([], 3))).toEqual([]);
    expect(
      readingChunks({ sampleRate: 16000, channels: 1, samples: new Int16Array(0), durationSeconds: 0 }),
    ).toEqual([]);
  });
});

describe('chunkWords', () => {
  it('spreads each chunk’s words evenly over it, lower case, punctuation dropped', () => {
    expect(chunkWords([{ start: 1, end: 2, text: 'The dog, ran!' }])).toEqual([
      { word: 'the', start: 1, end: 1 + 1 / 3 },
      { word: 'dog', start: 1 + 1 / 3, end: 1 + 2 / 3 },
      { word: 'ran', start: 1 + 2 / 3, end: 2 },
    ]);
    expect(chunkWords([{ start: 0, end: 1, text: '  ' }])).toEqual([]);
  });
});

describe('transcribeReading', () => {
  it('asks for each chunk’s own samples, in order, and gives the words their chunk’s times', async () => {
    const asked: number[] = [];
    const transcriber: ReadingTranscriber = {
      transcribe: async (audio) => {
        asked.push(audio.durationSeconds);
        return asked.length === 1 ? 'the dog' : 'ran home';
      },
    };
    const heard = await transcribeReading(
      transcriber,
      audioWith(
        [
          [1, 2],
          [3.5, 4.5],
        ],
        6,
      ),
    );
    expect(asked.map((s) => Math.round(s * 10) / 10)).toEqual([1.2, 1.2]);
    expect(heard?.map((w) => w.word)).toEqual(['the', 'dog', 'ran', 'home']);
    expect(heard?.[2]!.start).toBeCloseTo(3.4, 2);
  });

  it('gives null without the model', async () => {
    const heard = await transcribeReading({ transcribe: async () => null }, audioWith([[1, 2]], 3));
    expect(heard).toBeNull();
  });
});

describe('nominationsFrom', () => {
  const common = (w: string) => w !== 'zorp';

  it('nominates the one other word heard for a content word', () => {
    const passage = tokenisePassage('We went to the garden to pick beans.');
    const heard = words('we went to the guarding to pick beans');
    expect(nominationsFrom(passage, heard, common)).toEqual({ garden: ['guarding'] });
  });

  it('nominates nothing for a function word, a rare word, a function word heard, or a word read as printed', () => {
    const passage = tokenisePassage('The dog ran to the barn.');
    expect(nominationsFrom(passage, words('a dog ran to the zorp'), common)).toEqual({});
    expect(nominationsFrom(passage, words('the dog ran to the on'), common)).toEqual({});
    expect(nominationsFrom(passage, words('the dog ran to the barn'), common)).toEqual({});
  });

  it('keeps a passage word such as "constructor" apart from Object.prototype', () => {
    const passage = tokenisePassage('The constructor built a toString.');
    const out = nominationsFrom(passage, words('the instructor built a toasting'), common);
    expect(out.constructor).toEqual(['instructor']);
    expect(Object.getPrototypeOf(out)).toBeNull();
  });
});

describe('selfCorrectionsFrom', () => {
  it('gives the attempts Moonshine heard before a word it then heard as printed', () => {
    const passage = tokenisePassage('The lamp was on.');
    expect(selfCorrectionsFrom(passage, words('the lump lamp was on'))).toEqual([
      { index: 1, attempts: ['lump'] },
    ]);
    expect(selfCorrectionsFrom(passage, words('the lamp was on'))).toEqual([]);
  });
});

describe('insertionsFrom', () => {
  it('gives a content word heard between two words heard as printed, with its estimated times', () => {
    const passage = tokenisePassage('They go to school.');
    expect(insertionsFrom(passage, words('they really go to school'))).toEqual([
      { afterIndex: 0, word: 'really', start: 0.4, end: 0.8 },
    ]);
  });

  it('gives no function word, no rare word, and none beside a word Moonshine heard otherwise', () => {
    const passage = tokenisePassage('They go to school.');
    expect(insertionsFrom(passage, words('they the go to school'))).toEqual([]);
    expect(insertionsFrom(passage, words('they really gone to school'))).toEqual([]);
    expect(insertionsFrom(passage, words('they hlower go to school'), (w) => w !== 'hlower')).toEqual([]);
  });

  it('gives a content word heard after the last word when that word was heard as printed', () => {
    const passage = tokenisePassage('They go to school.');
    expect(insertionsFrom(passage, words('they go to school today'))).toEqual([
      { afterIndex: 3, word: 'today', start: 1.6, end: 2 },
    ]);
    expect(insertionsFrom(passage, words('they go to schools today'))).toEqual([]);
  });

  it('gives function words too when asked (the insertions beside a word, twenty-eighth round)', () => {
    const passage = tokenisePassage('They go to school.');
    expect(
      insertionsFrom(passage, words('they the go to school'), () => true, { functionWords: true }),
    ).toEqual([{ afterIndex: 0, word: 'the', start: 0.4, end: 0.8 }]);
    expect(
      insertionsFrom(passage, words('they the gone to school'), () => true, { functionWords: true }),
    ).toEqual([]);
  });
});

describe('asPrintedFrom', () => {
  it('lists the words heard as printed whose neighbours were heard as printed too', () => {
    const passage = tokenisePassage('We still wanted to answer mine.');
    expect(asPrintedFrom(passage, words('we still wanted to answer mine'))).toEqual([0, 1, 2, 3, 4, 5]);
    // "to" is heard otherwise: it and both its neighbours are left out
    expect(asPrintedFrom(passage, words('we still wanted two answer mine'))).toEqual([0, 1, 5]);
    // a word not heard at all, and the edge of the passage
    expect(asPrintedFrom(passage, words('still wanted to answer'))).toEqual([2, 3]);
  });
});

describe('heardOtherwiseFrom', () => {
  const common = (w: string) => w !== 'wurk';
  it('lists content words heard as one other common word, both neighbours as printed', () => {
    const passage = tokenisePassage('They go for a walk in the park.');
    expect(heardOtherwiseFrom(passage, words('they go for a work in the park'), common)).toEqual([
      { index: 4, word: 'work' },
    ]);
  });

  it('leaves out a word beside a garbled one, a function word, a rare word and a word heard as printed', () => {
    const passage = tokenisePassage('They go for a walk in the park.');
    // the neighbour "in" heard otherwise
    expect(heardOtherwiseFrom(passage, words('they go for a work on the park'), common)).toEqual([]);
    // "for" heard as "four": a function word
    expect(heardOtherwiseFrom(passage, words('they go four a walk in the park'), common)).toEqual([]);
    // not common
    expect(heardOtherwiseFrom(passage, words('they go for a wurk in the park'), common)).toEqual([]);
    expect(heardOtherwiseFrom(passage, words('they go for a walk in the park'), common)).toEqual([]);
  });
});

describe('createMoonshineNominator', () => {
  it('transcribes the reading and nominates from it; nothing without the model', async () => {
    const passage = tokenisePassage('We went to the garden.');
    const audio = audioWith([[0.5, 2.5]], 3);
    let seen: HeardWord[] = [];
    const nominate = createMoonshineNominator(
      { transcribe: async () => 'We went to the guarding.' },
      { onTranscript: (h) => (seen = h) },
    );
    expect(await nominate(audio, passage)).toEqual({
      candidates: { garden: ['guarding'] },
      selfCorrections: [],
      insertions: [],
      insertionsBeside: [],
      asPrinted: [0, 1, 2],
      heardOtherwise: [{ index: 4, word: 'guarding' }],
    });
    expect(seen.map((w) => w.word)).toEqual(['we', 'went', 'to', 'the', 'guarding']);
    const none = createMoonshineNominator({ transcribe: async () => null });
    expect(await none(audio, passage)).toEqual({
      candidates: {},
      selfCorrections: [],
      insertions: [],
      insertionsBeside: [],
      asPrinted: [],
      heardOtherwise: [],
    });
  });

  it('does not nominate a word below the common-word bar', async () => {
    const passage = tokenisePassage('We went to the garden.');
    const nominate = createMoonshineNominator(
      { transcribe: async () => 'we went to the gardenzz' },
      { minLogProbability: -6 },
    );
    expect((await nominate(audioWith([[0.5, 2.5]], 3), passage)).candidates).toEqual({});
  });
});
