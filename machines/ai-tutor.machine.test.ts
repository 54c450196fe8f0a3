import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TutorPlan } from '#core/tutor/tutor-plan.ts';
import { tutorLines, type WordCheck } from '#core/tutor/tutor-script.ts';
import { aiTutorMachine } from './ai-tutor.machine.ts';

const PLAN: TutorPlan = {
  readings: 3,
  praise: ['You read "The Brown Dog" so carefully: almost every word was right.'],
  practice: [
    { word: 'brown', missed: 3 },
    { word: 'barn', missed: 2 },
  ],
  next: { id: '00000000-0000-4000-8000-000000000001', title: 'Cats', level: 'harder' },
};

/** An actor whose recogniser answers from `answers` in turn (an Error rejects). */
function start(plan: TutorPlan, answers: (WordCheck | Error)[]) {
  const said: string[] = [];
  const asked: string[] = [];
  const actor = createActor(
    aiTutorMachine.provide({
      actors: {
        checkWord: fromPromise(async ({ input }: { input: { word: string } }) => {
          asked.push(input.word);
          const answer = answers.shift();
          if (answer instanceof Error) throw answer;
          return answer ?? 'nothing';
        }),
      },
      actions: { say: (_, params: { text: string }) => said.push(params.text) },
    }),
    { input: { plan } },
  ).start();
  return { actor, said, asked };
}

const settle = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('listening'), { timeout: 1000 });

describe('aiTutorMachine', () => {
  it('praises, practises each word until said, then suggests the next story', async () => {
    const { actor, said, asked } = start(PLAN, ['other', 'right', 'right']);
    expect(actor.getSnapshot().value).toBe('intro');
    expect(said[0]).toContain('so carefully');
    expect(said[0]).toContain("Let's practise 2 words");

    actor.send({ type: 'tutor.start' });
    expect(said.at(-1)).toBe(tutorLines.prompt('brown'));
    actor.send({ type: 'tutor.hear' });
    expect(said.at(-1)).toBe(tutorLines.hear('brown'));

    actor.send({ type: 'tutor.listen' });
    expect(actor.getSnapshot().hasTag('listening')).toBe(true);
    await settle(actor);
    expect(said.at(-1)).toBe(tutorLines.again('brown'));
    expect(actor.getSnapshot().context.tries).toBe(1);

    actor.send({ type: 'tutor.listen' });
    await settle(actor);
    // Right: the praise and the next word's prompt, said as one line.
    expect(said.at(-1)).toBe(`${tutorLines.right('brown')} ${tutorLines.prompt('barn')}`);
    expect(actor.getSnapshot().context.line).toBe(
      `${tutorLines.right('brown')} ${tutorLines.prompt('barn')}`,
    );
    expect(actor.getSnapshot().context.tries).toBe(0);

    actor.send({ type: 'tutor.listen' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('suggesting');
    expect(asked).toEqual(['brown', 'brown', 'barn']);
    expect(actor.getSnapshot().context.outcomes).toEqual(['said', 'said']);
    expect(said.at(-1)).toContain('You said every word');
    expect(said.at(-1)).toContain('Next, read "Cats". It is a little harder');
  });

  it('moves on after two wrong tries, and does not count silence as a try', async () => {
    const { actor, said } = start({ ...PLAN, practice: [{ word: 'brown', missed: 1 }] }, [
      'nothing',
      'other',
      'other',
    ]);
    actor.send({ type: 'tutor.start' });
    actor.send({ type: 'tutor.listen' });
    await settle(actor);
    expect(said.at(-1)).toBe(tutorLines.nothing('brown'));
    expect(actor.getSnapshot().context.tries).toBe(0);
    actor.send({ type: 'tutor.listen' });
    await settle(actor);
    actor.send({ type: 'tutor.listen' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('suggesting');
    expect(actor.getSnapshot().context.outcomes).toEqual(['tricky']);
    expect(said.at(-1)).toMatch(/^brown is a tricky one\. .*Thank you for practising/);
  });

  it('a microphone or recogniser problem keeps the word and offers Skip', async () => {
    const { actor, said } = start(PLAN, [new Error('denied')]);
    actor.send({ type: 'tutor.start' });
    actor.send({ type: 'tutor.listen' });
    await settle(actor);
    expect(actor.getSnapshot().value).toEqual({ practising: 'prompting' });
    expect(actor.getSnapshot().context.problem).toBe(true);
    expect(said.at(-1)).toBe(tutorLines.problem);
    actor.send({ type: 'tutor.skip' });
    expect(said.at(-1)).toBe(tutorLines.prompt('barn'));
    expect(actor.getSnapshot().context.problem).toBe(false);
    actor.send({ type: 'tutor.skip' });
    expect(actor.getSnapshot().value).toBe('suggesting');
    expect(actor.getSnapshot().context.outcomes).toEqual(['skipped', 'skipped']);
    expect(said.at(-1)).toMatch(/^Thank you for practising with me\. Next, read "Cats"/);
    actor.send({ type: 'tutor.restart' });
    expect(actor.getSnapshot().value).toBe('intro');
  });

  it('with no missed words goes from the praise to the suggestion; with no readings it says what to do', () => {
    const { actor, said } = start({ ...PLAN, practice: [] }, []);
    expect(said[0]).toContain('You did not miss any words');
    actor.send({ type: 'tutor.start' });
    expect(actor.getSnapshot().value).toBe('suggesting');
    expect(said.at(-1)).toMatch(/^Next, read "Cats"/);

    const none = start({ readings: 0, praise: [], practice: [], next: null }, []);
    expect(none.actor.getSnapshot().value).toBe('empty');
    expect(none.said).toEqual([tutorLines.empty]);
  });
});
