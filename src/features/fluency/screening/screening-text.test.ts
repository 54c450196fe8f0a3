/** The screening's words (screening-text.ts): the child's lines, the band for grown-ups, the change since. */
import { describe, expect, it } from 'vitest';
import { screeningFixture, SCORE } from './screening-test-server.tsx';
import {
  bandSentence,
  changeSince,
  screeningSpokenResult,
  screeningStepAfter,
  storiesReadLine,
  storyHeading,
  wordsRightLine,
} from './screening-text.ts';

describe('the child’s lines', () => {
  it('name the story, the next one and the score, never a percentile or band', () => {
    expect(storyHeading(0, 3, 'The Kite Day')).toBe('Story 1 of 3: The Kite Day');
    expect(storiesReadLine(1)).toBe('You read one story to Sparky!');
    expect(wordsRightLine(1)).toBe('1 word right in one minute');
    expect(screeningSpokenResult(screeningFixture(2))).toBe(
      'Well done! Next: story 3 of 3. Press Next story, or say next story.',
    );
    const said = screeningSpokenResult(screeningFixture(3, SCORE));
    expect(said).toBe('You read 3 stories to Sparky! Your middle score is 52 words right in one minute.');
    expect(said).not.toMatch(/percentile|range|below|above/);
  });

  it('ask for the same story again after a reading too short to count, never the next one or a score', () => {
    const same = screeningFixture(1);
    const storyB = same.passages[1]!.storyId;
    expect(screeningStepAfter(same, false, storyB)).toBe('again');
    expect(screeningSpokenResult(same, 'again')).toBe(
      "Let's read that story again. That reading was short, so it did not count. Read the story again, until Sparky stops listening. Press Read it again, or say read it again.",
    );
    expect(screeningStepAfter(same, true, same.passages[0]!.storyId)).toBe('between');
    // An older answer that did not count, replayed after the screening moved on: the next story.
    expect(screeningStepAfter(same, false, same.passages[0]!.storyId)).toBe('between');
    expect(screeningStepAfter(screeningFixture(3, SCORE), false, storyB)).toBe('done');
  });
});

describe('bandSentence', () => {
  it('says above, and the norms used for grades 7–12', () => {
    expect(bandSentence({ ...SCORE, wpm: 120, band: 'above', p50: 94 }, '4', 'fall', 'Mia')).toBe(
      '120 words correct per minute is more than 10 words correct per minute over the middle of fall readers in grade 4 (the 50th percentile is 94): above the expected range.',
    );
    // Grade 1 is screened from the winter season (a fall first-grader is refused `too_early`).
    expect(bandSentence({ ...SCORE, wpm: 30, band: 'expected', p50: 29 }, '1', 'winter', null)).toBe(
      '30 words correct per minute is within the expected range: within 10 words correct per minute of the middle of winter readers in grade 1 (the 50th percentile is 29).',
    );
    expect(bandSentence({ ...SCORE, wpm: 100, band: 'below', p50: 132 }, '8', 'fall', null)).toMatch(
      /fall readers in grade 6 \(the highest grade with published norms; this reader is in grade 8\).*Worth listening to them read/,
    );
  });
});

describe('changeSince', () => {
  const at = (wpm: number, season: 'fall' | 'winter' | 'spring', schoolYear = 2026) =>
    screeningFixture(3, { ...SCORE, wpm }, { season, schoolYear });
  it('counts whole words correct per minute against the one before', () => {
    expect(changeSince(at(51, 'winter'), at(50, 'fall'))).toBe('1 more word correct per minute than in fall');
    expect(changeSince(at(50.2, 'winter'), at(49.8, 'fall'))).toBe(
      'The same words correct per minute as in fall',
    );
    expect(changeSince(at(40, 'fall'), at(45, 'spring', 2025))).toBe(
      '5 fewer words correct per minute than in spring 2025–26',
    );
    expect(changeSince(at(40, 'fall'), null)).toBeNull();
  });
});
