import { describe, expect, it } from 'vitest';
import { COMING_SOON, heardFrom } from './answers.ts';
import type { VoiceAnswer } from './command.ts';

const screens = {
  isBuilt: (path: string) => path !== '/assessment',
  titleOf: (path: string) => ({ '/fluency': 'Reading Practice' })[path],
};
const answer = (a: Partial<VoiceAnswer>): VoiceAnswer => ({
  intent: 'action',
  target: null,
  phrase: null,
  confidence: 0.9,
  ...a,
});

describe('heardFrom', () => {
  it('names a screen by its title and goes there; a screen not built is coming soon and not opened', () => {
    expect(
      heardFrom(answer({ intent: 'navigate', target: '/fluency', phrase: 'reading' }), screens),
    ).toMatchObject({
      confirmation: 'Going to Reading Practice.',
      act: true,
    });
    expect(
      heardFrom(answer({ intent: 'navigate', target: '/assessment', phrase: 'test' }), screens),
    ).toMatchObject({
      confirmation: COMING_SOON,
      act: false,
    });
  });

  it('confirms an action by the phrase heard, or by the name given for its target', () => {
    expect(heardFrom(answer({ target: 'read-again', phrase: 'try again' }), screens).confirmation).toBe(
      'OK: try again.',
    );
    // "Red Bus" said for The Red Bus (voice/command-set.ts storyCommands offers the title without its article,
    // after the title): confirmed by the whole title when the caller names the target
    const commands = [
      { phrase: 'The Red Bus', target: 'story:s1' },
      { phrase: 'Red Bus', target: 'story:s1' },
    ];
    const heard = answer({ target: 'story:s1', phrase: 'Red Bus' });
    expect(heardFrom(heard, screens).confirmation).toBe('OK: Red Bus.');
    const nameOf = (target: string) => commands.find((c) => c.target === target)?.phrase;
    expect(heardFrom(heard, { ...screens, nameOf })).toMatchObject({
      confirmation: 'OK: The Red Bus.',
      act: true,
    });
  });

  it('acts on nothing when no command was heard', () => {
    expect(heardFrom(answer({ intent: null }), screens)).toMatchObject({ confirmation: '', act: false });
  });
});
