/**
 * Whole pipeline: a reading synthesised with flite at test time (nothing recorded is committed),
 * scored by pocketsphinx + alignment. Skipped, with the reason, when flite, sox or
 * pocketsphinx are not installed (apt-get install -y flite sox pocketsphinx pocketsphinx-en-us).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeWav } from '#core/audio/wav.ts';
import { FluencyResultSchema } from '#core/fluency/result.schema.ts';
import { hasReachedTheEnd } from '#core/fluency-session/end-of-reading.ts';
import { tokenisePassage } from '#core/text/normalize.ts';
import { DEFAULT_GOP_THRESHOLDS } from '#server/speech/gop.ts';
import { DEFAULT_CMUDICT, loadLexicon, loadWordLogProbabilities } from '#server/speech/lexicon.ts';
import { DEFAULT_OWN_VOWEL_THRESHOLDS, type OwnVowelEvidence } from '#server/speech/own-vowels.ts';
import {
  createPocketsphinxRecogniser,
  pauseCuts,
  type GopScore,
  type PocketsphinxOptions,
} from '#server/speech/pocketsphinx.ts';
import { createMoonshineNominator } from '#server/speech/reading-moonshine.ts';
import { createReadingWarpStore } from '#server/speech/reading-warps.ts';
import { scoreAudio } from '#server/speech/score-audio.ts';
import { parseWav } from '#server/speech/wav.ts';

const missing = ['flite', 'sox', 'pocketsphinx_batch', 'sphinx_fe'].filter((tool) => {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
});
if (missing.length > 0) console.warn(`pipeline test skipped: ${missing.join(', ')} not installed`);

const dir = mkdtempSync(join(tmpdir(), 'sparky-pipeline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * flite (voice slt unless given) at a child's pace, converted to 16 kHz mono 16-bit. `childSize` raises formants and
 * pitch by that factor (sox `speed`, the reading slowed by as much first, so the pace stays).
 */
function synthesise(text: string, name: string, childSize = 1, voice = 'slt'): Uint8Array {
  const raw = join(dir, `${name}-raw.wav`);
  const wav = join(dir, `${name}.wav`);
  const stretch = String(1.4 * childSize);
  execFileSync('flite', ['-voice', voice, '--setf', `duration_stretch=${stretch}`, '-t', text, '-o', raw]);
  // -R: sox's dither is seeded the same every run, so the reading (and its score) is repeatable
  execFileSync('sox', [
    '-R',
    raw,
    ...['-r', '16000', '-c', '1', '-b', '16', wav, 'pad', '0.5', '0.5'],
    ...(childSize === 1 ? [] : ['speed', String(childSize)]),
  ]);
  return new Uint8Array(readFileSync(wav));
}

/**
 * A flite slt reading of `said` scored against the printed `passage`, with Moonshine's transcript fixed to the words
 * as said (reading-moonshine.ts): call it with the recogniser's options to score it.
 */
function readingAsSaid(passage: string, said: string, name: string, grade: number) {
  const nominate = createMoonshineNominator({ transcribe: async () => said });
  const wav = synthesise(said, name);
  return (options: PocketsphinxOptions = {}) =>
    scoreAudio({
      wav,
      passageText: passage,
      recogniser: createPocketsphinxRecogniser({ nominate, ...options }),
      grade,
    });
}

const PASSAGE = 'The little dog ran to the big red barn. He saw a cat sitting on the fence.';

describe.skipIf(missing.length > 0)('scoring pipeline (flite → pocketsphinx → alignment)', () => {
  const recogniser = createPocketsphinxRecogniser();

  it('scores a clean reading all correct with a plausible WCPM', async () => {
    const wav = synthesise(
      'The little dog ran to the big red barn. He saw a cat sitting on the fence.',
      'clean',
    );
    const result = FluencyResultSchema.parse(
      await scoreAudio({ wav, passageText: PASSAGE, recogniser, grade: 2 }),
    );
    expect(result.errors).toBe(0);
    expect(result.wordsCorrect).toBe(17);
    // reading time from the audio itself: total length minus the 0.5 s pads and flite's own edges
    const duration = parseWav(wav).durationSeconds;
    const expected = (17 * 60) / (duration - 1);
    expect(Math.abs(result.wcpm - expected) / expected).toBeLessThan(0.12);
  }, 60_000);

  it('hears a voice of a child’s size: the warp search maps it back and the reading scores right', async () => {
    const wav = synthesise(PASSAGE, 'child', 1.22);
    let chosen = 1;
    const warped = await scoreAudio({
      wav,
      passageText: PASSAGE,
      recogniser: createPocketsphinxRecogniser({ warp: { onChoice: (c) => (chosen = c.warp) } }),
      grade: 2,
    });
    expect(chosen).toBeGreaterThan(1);
    // at most one slip ("the" heard as "them" on this synthetic voice)
    expect(warped.errors).toBeLessThanOrEqual(1);
    expect(warped.wordsCorrect).toBeGreaterThanOrEqual(16);
    // Without the warp the adult model mishears this voice: the search is what makes it score right.
    const plain = await scoreAudio({
      wav,
      passageText: PASSAGE,
      recogniser: createPocketsphinxRecogniser({ warp: false }),
      grade: 2,
    });
    // (12 of 17 correct here, 5 content words misheard: little, dog, red, barn, saw)
    expect(plain.errors).toBeGreaterThanOrEqual(4);
    expect(plain.wordsCorrect).toBeLessThan(warped.wordsCorrect - 3);
  }, 60_000);

  it('finds a misreading no distractor list covers (partner read as "painter") by its pronunciation score', async () => {
    const passage = 'My partner Jada counted the steps to the whale.';
    // "painter" is not among the words the first pass may hear instead of "partner"
    const lexicon = loadLexicon(DEFAULT_CMUDICT, { logProbabilities: loadWordLogProbabilities() });
    expect(lexicon.neighbours('partner', 4, new Set())).not.toContain('painter');
    const wav = synthesise('My painter Jada counted the steps to the whale.', 'unlisted');
    let scored: GopScore[] = [];
    const result = await scoreAudio({
      wav,
      passageText: passage,
      recogniser: createPocketsphinxRecogniser({ gop: { onScores: (s) => (scored = s) } }),
      grade: 4,
    });
    expect(result.words[1]).toMatchObject({ text: 'partner', status: 'substitution' });
    const gop = scored.find((s) => s.expected === 'partner')?.gop;
    expect(gop?.mean).toBeGreaterThanOrEqual(DEFAULT_GOP_THRESHOLDS.substitution);
    // the rest of the reading stands
    expect(result.errors).toBe(1);
    // without the GOP pass the same reading scores every word correct
    const plain = await scoreAudio({
      wav,
      passageText: passage,
      recogniser: createPocketsphinxRecogniser({ gop: false }),
      grade: 4,
    });
    expect(plain.words[1]?.status).toBe('correct');
  }, 90_000);

  it('finds a misreading no candidate list covers when Moonshine nominates it ("garden" read as "guarding"), and a clean reading stays clean', async () => {
    const passage = 'Mia ran out to the garden to pick the beans.';
    const lexicon = loadLexicon(DEFAULT_CMUDICT, { logProbabilities: loadWordLogProbabilities() });
    expect(lexicon.neighbours('garden', 4, new Set())).not.toContain('guarding');
    // Moonshine's transcript, fixed: "guarding" where the passage has "garden" (reading-moonshine.ts)
    const nominate = createMoonshineNominator({
      transcribe: async () => 'Mia ran out to the guarding to pick the beans.',
    });
    const misread = synthesise('Mia ran out to the guarding to pick the beans.', 'nominated');
    const found = await scoreAudio({
      wav: misread,
      passageText: passage,
      recogniser: createPocketsphinxRecogniser({ nominate }),
      grade: 3,
    });
    expect(found.words[5]).toMatchObject({ text: 'garden', status: 'substitution', heard: 'guarding' });
    expect(found.errors).toBe(1);
    // pocketsphinx alone hears it as read
    const alone = await scoreAudio({ wav: misread, passageText: passage, recogniser, grade: 3 });
    expect(alone.words[5]?.status).toBe('correct');
    // the same nomination on a clean reading: the first pass does not take it
    const clean = await scoreAudio({
      wav: synthesise(passage, 'nominated-clean'),
      passageText: passage,
      recogniser: createPocketsphinxRecogniser({ nominate }),
      grade: 3,
    });
    expect(clean.errors).toBe(0);
  }, 90_000);

  it('hears an inserted word the first pass folded into the word before it ("conference *is*" heard as "conferences") as an insertion, the word as read, when Moonshine heard both', async () => {
    const score = readingAsSaid(
      'The big conference starts at noon.',
      'The big conference is starts at noon.',
      'absorbed',
      3,
    );
    // Moonshine's "is" is a word of the first pass's grammar (thirty-first round): heard at its own time
    const scored = await score();
    expect(scored.words[2]).toMatchObject({ text: 'conference', status: 'correct', unsure: false });
    expect(scored.errors).toBe(0);
    expect(scored.insertions).toEqual([expect.objectContaining({ afterIndex: 2, heard: 'is' })]);
    expect(scored.insertions[0]!.end - scored.insertions[0]!.start).toBeGreaterThan(0.05);
    // without it, the absorbed-insertion rule (absorbed-insertions.ts) takes the first pass's "conferences" back
    const absorbed = await score({ moonshineInsertions: false });
    expect(absorbed.words[2]).toMatchObject({ text: 'conference', status: 'correct', unsure: true });
    expect(absorbed.insertions).toEqual([expect.objectContaining({ afterIndex: 2, heard: 'is' })]);
    // without the rule either, Moonshine's doubt takes it back (the second pass kept "conferences" by less than
    // 12 a frame where Moonshine heard "conference"; thirty-second round), but nothing names the added word
    const doubted = await score({ moonshineInsertions: false, absorbedInsertions: false });
    expect(doubted.words[2]).toMatchObject({ text: 'conference', status: 'correct', unsure: true });
    expect(doubted.insertions.filter((i) => i.heard === 'is')).toEqual([]);
    // and without any of the three, "conferences" is a misreading
    const without = await score({
      moonshineInsertions: false,
      absorbedInsertions: false,
      moonshineDoubts: false,
    });
    expect(without.words[2]).toMatchObject({ status: 'substitution', heard: 'conferences' });
  }, 90_000);

  it('does not mark a word wrong when the first pass joined it to the first sound of an added word ("might *even*" heard as "mighty"), when Moonshine heard both', async () => {
    const score = readingAsSaid(
      'He might have been kind to them.',
      'He might even have been kind to them.',
      'absorbed-part',
      3,
    );
    // Moonshine's "even" is a word of the first pass's grammar (thirty-first round): heard at its own time
    const scored = await score();
    expect(scored.words[1]).toMatchObject({ text: 'might', status: 'correct', unsure: false });
    expect(scored.errors).toBe(0);
    expect(scored.insertions).toEqual([expect.objectContaining({ afterIndex: 1, heard: 'even' })]);
    expect(scored.insertions[0]!.end - scored.insertions[0]!.start).toBeGreaterThan(0.1);
    // without it, the first pass hears "mighty"; the absorbed-insertion rule (absorbed-insertions.ts) takes it back
    const absorbed = await score({ moonshineInsertions: false });
    expect(absorbed.words[1]).toMatchObject({ text: 'might', status: 'correct', unsure: true });
    expect(absorbed.errors).toBe(0);
    // the first pass heard the rest of "even" as the passage word "been"; Moonshine's word names it
    expect(absorbed.insertions).toEqual([expect.objectContaining({ afterIndex: 1, heard: 'even' })]);
    // and without the rule either, "mighty" is a misreading
    const without = await score({ moonshineInsertions: false, absorbedInsertions: false });
    expect(without.words[1]).toMatchObject({ status: 'substitution', heard: 'mighty' });
  }, 90_000);

  it('hears a word added before the last words ("the *big* red ball") as an insertion at its time, when Moonshine heard it, and every printed word as read', async () => {
    const score = readingAsSaid(
      'The dog ran to the red ball.',
      'The dog ran to the big red ball.',
      'inserted-near-end',
      1,
    );
    const scored = await score();
    expect(scored.words.map((w) => w.status)).toEqual(Array(7).fill('correct'));
    expect(scored.insertions).toEqual([expect.objectContaining({ afterIndex: 4, heard: 'big' })]);
    // the added word has its own time, between "the" and "red"
    const [big] = scored.insertions;
    expect(big!.end - big!.start).toBeGreaterThan(0.15);
    expect(big!.start).toBeGreaterThanOrEqual(scored.words[4]!.end!);
    expect(big!.end).toBeLessThanOrEqual(scored.words[5]!.start!);
    // without Moonshine's word in the grammar the first pass explains "big red ball" as "red" and two words
    // re-read, and stops before "ball"
    const without = await score({ moonshineInsertions: false });
    expect(without.words[6]).toMatchObject({ text: 'ball', status: 'not_reached' });
  }, 90_000);

  it('hears an added function word ("and *then* sat") by name at its time, when Moonshine heard it', async () => {
    const score = readingAsSaid(
      'We ran to the park and sat down.',
      'We ran to the park and then sat down.',
      'inserted-function-word',
      1,
    );
    const scored = await score();
    expect(scored.words.map((w) => w.status)).toEqual(Array(8).fill('correct'));
    expect(scored.insertions).toEqual([expect.objectContaining({ afterIndex: 5, heard: 'then' })]);
    expect(scored.insertions[0]!.end - scored.insertions[0]!.start).toBeGreaterThan(0.15);
    // without it the first pass hears "then" as "and" said again, and no insertion is listed
    const without = await score({ moonshineInsertions: false });
    expect(without.insertions).toEqual([]);
  }, 90_000);

  it('lists a word said after the last word ("… red ball. The *end*.") at its time, when Moonshine heard it', async () => {
    const scored = await readingAsSaid(
      'The dog ran to the red ball.',
      'The dog ran to the red ball. The end.',
      'inserted-after-end',
      1,
    )();
    expect(scored.words.map((w) => w.status)).toEqual(Array(7).fill('correct'));
    const end = scored.insertions.find((x) => x.heard === 'end');
    expect(end).toMatchObject({ afterIndex: 6 });
    expect(end!.start).toBeGreaterThanOrEqual(scored.words[6]!.end!);
    expect(end!.end - end!.start).toBeGreaterThan(0.15);
  }, 90_000);

  it('finds a vowel misreading by the reader’s own vowels ("hat" read as "hot") that every other pass scores as read', async () => {
    // enough of the reader's "a" (cat, hat) and "u" (run, sun, pup, bug) for templates of 4 tokens each
    const passage =
      'I see a red hat. The hat is on the cat. The cat can sit. The cat can run. I like the cat and the hat. ' +
      'We can play in the sun. The pup and the bug run in the mud. A duck can jump in the sun.';
    const wav = synthesise(passage.replace('red hat', 'red hot'), 'own-vowel', 1, 'awb');
    let evidence: OwnVowelEvidence[] = [];
    const result = await scoreAudio({
      wav,
      passageText: passage,
      recogniser: createPocketsphinxRecogniser({ ownVowels: { onEvidence: (e) => (evidence = e) } }),
      grade: 1,
    });
    expect(result.words[4]).toMatchObject({ text: 'hat', status: 'substitution' });
    expect(evidence.find((e) => e.index === 4)?.score).toBeGreaterThanOrEqual(
      DEFAULT_OWN_VOWEL_THRESHOLDS.substitution,
    );
    // the same reader's other "hat"s sound like their "cat"s: read
    expect(evidence.find((e) => e.index === 6)?.score).toBeLessThan(0);
    expect(result.errors).toBe(1);
    const plain = await scoreAudio({
      wav,
      passageText: passage,
      recogniser: createPocketsphinxRecogniser({ ownVowels: false }),
      grade: 1,
    });
    expect(plain.words[4]?.status).toBe('correct');
    expect(plain.errors).toBe(0);
    // without sphinx_fe (sphinxbase-utils not installed) the check is left out, the reading still scored
    const noFeatures = await scoreAudio({
      wav,
      passageText: passage,
      recogniser: createPocketsphinxRecogniser({ featureBinary: 'sparky-no-such-sphinx-fe' }),
      grade: 1,
    });
    expect(noFeatures.words.map((w) => w.status)).toEqual(plain.words.map((w) => w.status));
  }, 120_000);

  it('scores a reading that ends with its last word, two sentences into a longer story', async () => {
    // The decoder reached no final state on this one (the recording ends as "bag" does) and returned
    // no words, so the reader was told none of the story's words were heard; the grammar's rescue
    // (grammar.ts RESCUE_STOP_PROBABILITIES) decodes it again. flite at 1.3, no padding: the e2e case.
    const story =
      'The bus is red. Ben can get on the bus. Ben sits next to Meg. Meg has a big bag. Ben has a hat. ' +
      'The bus hums up the hill. The bus can go fast. Bump, bump, bump! The bus stops at the school.';
    const raw = join(dir, 'stopped-raw.wav');
    const wav = join(dir, 'stopped.wav');
    const text = 'The bus is red. Ben can get on the bus. Ben sits next to Meg. Meg has a big bag.';
    execFileSync('flite', ['-voice', 'slt', '--setf', 'duration_stretch=1.3', '-t', text, '-o', raw]);
    execFileSync('sox', ['-R', raw, '-r', '16000', '-c', '1', '-b', '16', wav]);
    const result = await scoreAudio({
      wav: new Uint8Array(readFileSync(wav)),
      passageText: story,
      recogniser,
    });
    expect(result.wordsAttempted).toBeGreaterThanOrEqual(18);
    expect(result.wordsCorrect).toBeGreaterThanOrEqual(18);
  }, 60_000);

  it('answers the end-of-reading check from the first pass alone (the same reach as a full scoring, fewer decodes), and hands its warp and first pass to the upload (no first pass when nothing was said after it, the same words)', async () => {
    // a wrapper that logs each decode and runs the real decoder
    const runs = join(dir, 'end-check-runs');
    const counting = join(dir, 'counting-pocketsphinx');
    writeFileSync(
      counting,
      `#!/bin/sh\necho "$*" >> ${JSON.stringify(runs)}\nexec pocketsphinx_batch "$@"\n`,
    );
    chmodSync(counting, 0o755);
    const counted = createPocketsphinxRecogniser({ binary: counting });
    const logged = (): string[] =>
      existsSync(runs) ? readFileSync(runs, 'utf8').split('\n').slice(0, -1) : [];
    const decodes = (): number => logged().length;
    // first passes decode with the passage's grammar; the later passes with grammars of their own
    const firstPasses = (): number => logged().filter((l) => l.includes('/passage.fsg')).length;
    const story =
      'The bus is red. Ben can get on the bus. Ben sits next to Meg. Meg has a big bag. Ben has a hat.';
    const whole = synthesise(story, 'end-check-whole');
    const half = join(dir, 'end-check-half.wav');
    // the first two sentences, then 6 s of silence: a reader stopped mid-story to work out a word
    execFileSync('flite', [
      '-voice',
      'slt',
      '--setf',
      'duration_stretch=1.4',
      '-t',
      'The bus is red. Ben can get on the bus.',
      '-o',
      join(dir, 'half-raw.wav'),
    ]);
    execFileSync('sox', [
      '-R',
      join(dir, 'half-raw.wav'),
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      half,
      'pad',
      '0.5',
      '6',
    ]);

    const warps = createReadingWarpStore();
    const check = await scoreAudio({
      wav: whole,
      passageText: story,
      recogniser: counted,
      purpose: 'reading_end',
      warpChosen: (warp, samples, firstPass) =>
        warps.put('reader', samples, Promise.resolve(warp), undefined, firstPass),
    });
    const checkDecodes = decodes();
    const full = await scoreAudio({ wav: whole, passageText: story, recogniser: counted });
    const fullDecodes = decodes() - checkDecodes;
    const searchPasses = firstPasses() / 2;
    expect(hasReachedTheEnd(check)).toBe(true);
    expect(check.wordsAttempted).toBe(full.wordsAttempted);
    expect(checkDecodes).toBeGreaterThan(0);
    expect(checkDecodes).toBeLessThan(fullDecodes);
    expect(searchPasses).toBeGreaterThanOrEqual(2);

    // The upload: the same samples and the silence after them. It takes the check's warp: one first pass, no
    // search, and the same words.
    const parsed = parseWav(whole);
    const longer = encodeWav([parsed.samples, new Int16Array(2 * 16000)], 16000);
    expect(warps.find('reader', parseWav(longer).samples)).toBeDefined();
    const before = firstPasses();
    const upload = await scoreAudio({
      wav: longer,
      passageText: story,
      recogniser: counted,
      knownWarp: warps.known('reader'),
    });
    expect(firstPasses() - before).toBe(1);
    expect(upload.words.map((w) => w.status)).toEqual(full.words.map((w) => w.status));

    // With the check's first pass too, the same upload decodes no first pass at all, and the words are the same.
    const reused = await scoreAudio({
      wav: longer,
      passageText: story,
      recogniser: counted,
      knownWarp: warps.known('reader'),
      knownFirstPass: warps.knownFirstPass('reader'),
    });
    expect(firstPasses() - before).toBe(1);
    expect(reused.words.map((w) => w.status)).toEqual(full.words.map((w) => w.status));
    expect(reused.wordsAttempted).toBe(full.wordsAttempted);
    // Speech after the checked samples (the reader read on): that upload decodes its own first pass.
    const more = encodeWav([parsed.samples, parseWav(new Uint8Array(readFileSync(half))).samples], 16000);
    await scoreAudio({
      wav: more,
      passageText: story,
      recogniser: counted,
      knownWarp: warps.known('reader'),
      knownFirstPass: warps.knownFirstPass('reader'),
    });
    expect(firstPasses() - before).toBe(2);

    const stopped = await scoreAudio({
      wav: new Uint8Array(readFileSync(half)),
      passageText: story,
      recogniser: counted,
      purpose: 'reading_end',
    });
    expect(hasReachedTheEnd(stopped)).toBe(false);
    expect(stopped.wordsAttempted).toBeGreaterThanOrEqual(8);
    expect(stopped.wordsAttempted).toBeLessThanOrEqual(10);
  }, 120_000);

  it("gives the end-of-reading check Moonshine's nominations from the chunks of a followed reading, and the upload after it takes them with its first pass (no transcription, no first pass, the unlisted misreading found)", async () => {
    const runs = join(dir, 'nominated-check-runs');
    const counting = join(dir, 'counting-pocketsphinx-nominated');
    writeFileSync(
      counting,
      `#!/bin/sh\necho "$*" >> ${JSON.stringify(runs)}\nexec pocketsphinx_batch "$@"\n`,
    );
    chmodSync(counting, 0o755);
    const firstPasses = (): number =>
      existsSync(runs)
        ? readFileSync(runs, 'utf8')
            .split('\n')
            .filter((l) => l.includes('/passage.fsg')).length
        : 0;
    const passage = 'Mia ran out to the garden to pick the beans.';
    // Moonshine, fixed: "guarding" where the passage has "garden"; counts what it is asked to transcribe
    let transcribed = 0;
    const nominate = createMoonshineNominator({
      transcribe: async () => {
        transcribed++;
        return 'Mia ran out to the guarding to pick the beans.';
      },
    });
    const counted = createPocketsphinxRecogniser({ binary: counting, nominate });
    const misread = synthesise('Mia ran out to the guarding to pick the beans.', 'nominated-check');
    const samples = parseWav(misread).samples;
    const longer = encodeWav([samples, new Int16Array(2 * 16000)], 16000);

    // A check given no chunks (a reading not followed) nominates nothing: the upload's grammar is not the check's,
    // so the upload transcribes and decodes its own first pass.
    const unfollowed = createReadingWarpStore();
    await scoreAudio({
      wav: misread,
      passageText: passage,
      recogniser: counted,
      purpose: 'reading_end',
      warpChosen: (warp, s, firstPass) =>
        unfollowed.put('reader', s, Promise.resolve(warp), undefined, firstPass),
    });
    expect(transcribed).toBe(0);
    const beforeUnfollowed = firstPasses();
    await scoreAudio({
      wav: longer,
      passageText: passage,
      recogniser: counted,
      knownWarp: unfollowed.known('reader'),
      knownFirstPass: unfollowed.knownFirstPass('reader'),
    });
    expect(transcribed).toBeGreaterThan(0);
    expect(firstPasses() - beforeUnfollowed).toBe(1);

    // A followed reading: the check is given the socket's chunks (none done yet here, so it transcribes them) and
    // nominates "guarding"; the upload, the same samples and silence, asks Moonshine nothing and decodes no first pass.
    transcribed = 0;
    const warps = createReadingWarpStore();
    const check = await scoreAudio({
      wav: misread,
      passageText: passage,
      recogniser: counted,
      purpose: 'reading_end',
      knownChunks: () => undefined,
      warpChosen: (warp, s, firstPass) => warps.put('reader', s, Promise.resolve(warp), undefined, firstPass),
    });
    expect(hasReachedTheEnd(check)).toBe(true);
    expect(transcribed).toBeGreaterThan(0);
    transcribed = 0;
    const before = firstPasses();
    const upload = await scoreAudio({
      wav: longer,
      passageText: passage,
      recogniser: counted,
      knownWarp: warps.known('reader'),
      knownFirstPass: warps.knownFirstPass('reader'),
    });
    expect(transcribed).toBe(0);
    expect(firstPasses() - before).toBe(0);
    expect(upload.words[5]).toMatchObject({ text: 'garden', status: 'substitution', heard: 'guarding' });
    expect(upload.errors).toBe(1);
  }, 120_000);

  it('marks an omitted word as an omission', async () => {
    const wav = synthesise(
      'The little dog ran to the red barn. He saw a cat sitting on the fence.',
      'omission',
    );
    const result = await scoreAudio({ wav, passageText: PASSAGE, recogniser, grade: 2 });
    expect(result.words[6]).toMatchObject({ text: 'big', status: 'omission' });
    expect(result.errors).toBe(1);
    expect(result.wordsCorrect).toBe(16);
  }, 60_000);

  it('makes the first pass in segments cut at a pause, the second entered where the first left off, and scores the reading the same (splitFirstPass, experimental)', async () => {
    const wav = synthesise(
      'The little dog ran to the red barn. He saw a cat sitting on the fence.',
      'omission-split',
    );
    const split = { minSegmentSeconds: 1.5, minPauseSeconds: 0.2 };
    // the pause between the sentences (and only it) is long enough, with long enough speech either side
    const cuts = pauseCuts(parseWav(wav).samples, split);
    expect(cuts).toHaveLength(1);
    // a spy around the decoder: which control list each run decoded
    const spy = join(dir, 'decoder-spy');
    const runs = join(dir, 'decoder-runs');
    writeFileSync(runs, '');
    writeFileSync(spy, `#!/bin/bash\necho "$*" >> ${JSON.stringify(runs)}\nexec pocketsphinx_batch "$@"\n`);
    chmodSync(spy, 0o755);
    const result = await scoreAudio({
      wav,
      passageText: PASSAGE,
      recogniser: createPocketsphinxRecogniser({ splitFirstPass: split, binary: spy, warp: false }),
      grade: 2,
    });
    const firstPasses = readFileSync(runs, 'utf8')
      .split('\n')
      .filter((line) => line.includes('-ctm '));
    expect(firstPasses.filter((line) => /ctl-segment0 /.test(line))).toHaveLength(1);
    expect(firstPasses.filter((line) => /ctl-segment1 /.test(line))).toHaveLength(1);
    // the second sentence, decoded on its own from where the first left off, is heard after the cut
    expect(result.words[6]).toMatchObject({ text: 'big', status: 'omission' });
    expect(result.errors).toBe(1);
    expect(result.wordsCorrect).toBe(16);
    // and its first word starts where the whole reading's first pass has it (the cut is just before it)
    const whole = await scoreAudio({
      wav,
      passageText: PASSAGE,
      recogniser: createPocketsphinxRecogniser({ warp: false }),
      grade: 2,
    });
    expect(result.words.map((w) => w.status)).toEqual(whole.words.map((w) => w.status));
    expect(result.words[9]!.start).toBeGreaterThanOrEqual(cuts[0]! / 16000);
    expect(Math.abs(result.words[9]!.start! - whole.words[9]!.start!)).toBeLessThan(0.1);
  }, 60_000);

  it('decodes the segments before the last pause cut while the child reads, and the scoring after takes them instead of decoding again (decodeAhead, experimental)', async () => {
    const wav = synthesise(
      'The little dog ran to the red barn. He saw a cat sitting on the fence.',
      'omission-split',
    );
    const samples = parseWav(wav).samples;
    const split = { minSegmentSeconds: 1.5, minPauseSeconds: 0.2 };
    const [cut] = pauseCuts(samples, split);
    const spy = join(dir, 'decoder-spy-ahead');
    const runs = join(dir, 'decoder-runs-ahead');
    writeFileSync(spy, `#!/bin/bash\necho "$*" >> ${JSON.stringify(runs)}\nexec pocketsphinx_batch "$@"\n`);
    chmodSync(spy, 0o755);
    const decoded = () =>
      readFileSync(runs, 'utf8')
        .split('\n')
        .filter((line) => line.includes('-ctm '));
    const recogniser = createPocketsphinxRecogniser({ splitFirstPass: split, binary: spy, warp: false });
    const kept = new Map<string, unknown>();
    const memo = {
      get: (key: string) => kept.get(key),
      put: (key: string, pass: unknown) => void kept.set(key, pass),
    };
    // the reading so far: 1.6 s after the pause, so the cut is made, and the first sentence is decoded
    writeFileSync(runs, '');
    const sofar = samples.subarray(0, cut! + 1.6 * 16000);
    await recogniser.decodeAhead!({
      audio: { samples: sofar, sampleRate: 16000, channels: 1, durationSeconds: sofar.length / 16000 },
      passage: tokenisePassage(PASSAGE),
      segmentPasses: memo,
    });
    expect(decoded().map((line) => /-ctl \S*(ctl-segment\d)/.exec(line)?.[1])).toEqual(['ctl-segment0']);
    expect(kept.size).toBe(1);
    // the scoring of the whole reading decodes only the segment after the cut, and scores as without the memo
    writeFileSync(runs, '');
    const result = await scoreAudio({ wav, passageText: PASSAGE, recogniser, grade: 2, segmentPasses: memo });
    const firstPasses = decoded().filter((line) => /ctl-segment/.test(line));
    expect(firstPasses.map((line) => /-ctl \S*(ctl-segment\d)/.exec(line)?.[1])).toEqual(['ctl-segment1']);
    const fresh = await scoreAudio({
      wav,
      passageText: PASSAGE,
      recogniser: createPocketsphinxRecogniser({ splitFirstPass: split, warp: false }),
      grade: 2,
    });
    expect(result.words).toEqual(fresh.words);
    expect(result.words[6]).toMatchObject({ text: 'big', status: 'omission' });
    // another passage is another grammar: nothing is taken
    writeFileSync(runs, '');
    await scoreAudio({
      wav,
      passageText: `${PASSAGE} The end.`,
      recogniser,
      purpose: 'reading_end',
      segmentPasses: memo,
    });
    expect(decoded().filter((line) => /ctl-segment0 /.test(line))).toHaveLength(1);
  }, 90_000);
});
