import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { TutorPlan } from '#core/tutor/tutor-plan.ts';
import { TUTOR_BUTTONS } from '#core/tutor/tutor-script.ts';
import type { VoiceCommand } from '#core/voice/command.ts';
import { aiTutorMachine } from '#machines/ai-tutor.machine.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { fluencyPracticePath, protectedPaths } from '../../app/paths.ts';
import { browserVoiceEffects } from '../../app/voice/voice-effects.ts';
import { useTutorPlan } from '../../lib/api/tutor.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { AI_TUTOR_GUIDANCE } from './ai-tutor.guidance.ts';
import { checkWord, type CheckWordEffects } from './check-word.ts';
import { TutorChat } from './TutorChat.tsx';
import '../../ui/page.css';
import './ai-tutor.css';

const TARGET = 'ai-tutor:';

/** The page's buttons as spoken commands (Talk to Sparky), so a child can answer by voice. */
export const AI_TUTOR_COMMANDS: readonly VoiceCommand[] = (['start', 'hear', 'skip', 'restart'] as const).map(
  (key) => ({
    phrase: TUTOR_BUTTONS[key].toLowerCase(),
    intent: 'action' as const,
    target: `${TARGET}${key}`,
  }),
);

/**
 * /ai-tutor, 'AI Tutor' (issue 12; spec §1 "an AI tutor screen"): the offline tutor after reading.
 * Sparky talks the child through the plan built from their own readings (GET /api/tutor/plan):
 * praise, the words missed most (hear it, say it, checked by the recogniser), the next story.
 * Voice first: every line is said through the audio queue (captioned and announced once, so the
 * page holds no live region of its own) and names the button to press; the buttons are also
 * spoken commands; the word is shown large for a child who reads.
 */
export function AiTutorPage({ effects }: { effects?: Partial<CheckWordEffects> } = {}) {
  useDocumentTitle('AI Tutor');
  const plan = useTutorPlan();
  const audio = useAudioQueue();
  // Ctrl+V and Help say the page's guidance; on arrival the tutor itself talks.
  useEffect(() => {
    audio.setGuidance(AI_TUTOR_GUIDANCE);
    return () => audio.setGuidance(null);
  }, [audio]);
  return (
    <div className="page ai-tutor">
      <h1>AI Tutor</h1>
      {plan.data ? (
        <>
          <Conversation plan={plan.data.plan} effects={effects} />
          {plan.data.chat ? <TutorChat /> : null}
        </>
      ) : plan.isPending ? (
        <LoadingIndicator message="Sparky is looking at your readings…" />
      ) : (
        <section className="page__card" aria-labelledby="ai-tutor-error">
          <h2 id="ai-tutor-error">Sparky could not look at your readings</h2>
          <Button onPress={() => void plan.refetch()}>Try again</Button>
        </section>
      )}
    </div>
  );
}

function Conversation({ plan, effects }: { plan: TutorPlan; effects?: Partial<CheckWordEffects> }) {
  const audio = useAudioQueue();
  const machine = useMemo(
    () =>
      aiTutorMachine.provide({
        actors: {
          checkWord: fromPromise(({ input, signal }) =>
            checkWord(
              input.word,
              {
                listen: browserVoiceEffects.listen,
                recognise: browserVoiceEffects.recognise,
                duck: audio.duck,
                unduck: audio.unduck,
                ...effects,
              },
              signal,
            ),
          ),
        },
        actions: { say: (_, params) => audio.speak({ text: params.text, type: 'sparky' }) },
      }),
    [audio, effects],
  );
  const [snapshot, send] = useMachine(machine, { input: { plan } });
  const { context } = snapshot;
  const word = context.plan.practice[context.wordIndex]?.word ?? '';
  const listening = snapshot.hasTag('listening');
  const step = (['practising', 'suggesting', 'empty'] as const).find((s) => snapshot.matches(s)) ?? 'intro';
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  // Each step draws its own buttons, so the one just pressed (Let's practise, the last Skip this
  // word, Start again) is gone: the focus went to <body> and a keyboard or switch user had to start
  // again from the top. It moves to the step's heading instead, unless the reader put it elsewhere.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) heading.current?.focus();
  }, [step]);

  useVoiceCommands(AI_TUTOR_COMMANDS, (target) => {
    const key = target.slice(TARGET.length);
    if (key === 'start') send({ type: 'tutor.start' });
    else if (key === 'hear') send({ type: 'tutor.hear' });
    else if (key === 'skip') send({ type: 'tutor.skip' });
    else if (key === 'restart') send({ type: 'tutor.restart' });
  });

  return (
    <section className="page__card ai-tutor__card" aria-labelledby="ai-tutor-step">
      <h2 id="ai-tutor-step" ref={heading} tabIndex={-1}>
        {snapshot.matches('practising')
          ? `Word ${context.wordIndex + 1} of ${context.plan.practice.length}`
          : snapshot.matches('suggesting')
            ? 'What to read next'
            : 'Sparky says'}
      </h2>
      <p className="ai-tutor__line">{context.line}</p>
      {snapshot.matches('intro') ? (
        <Button onPress={() => send({ type: 'tutor.start' })}>
          <Icon name="play" size={20} /> {TUTOR_BUTTONS.start}
        </Button>
      ) : null}
      {snapshot.matches('practising') ? (
        <>
          <p className="ai-tutor__word" lang="en">
            {word}
          </p>
          <div className="page__form-row">
            <Button onPress={() => send({ type: 'tutor.listen' })} isPending={listening}>
              <Icon name="mic" size={20} /> {listening ? 'Listening…' : TUTOR_BUTTONS.listen}
            </Button>
            <Button variant="secondary" onPress={() => send({ type: 'tutor.hear' })} isDisabled={listening}>
              <Icon name="speaker" size={20} /> {TUTOR_BUTTONS.hear}
            </Button>
            <Button variant="quiet" onPress={() => send({ type: 'tutor.skip' })} isDisabled={listening}>
              <Icon name="skip" size={20} /> {TUTOR_BUTTONS.skip}
            </Button>
          </div>
        </>
      ) : null}
      {snapshot.matches('suggesting') ? (
        <div className="page__form-row">
          {context.plan.next ? (
            <Link href={fluencyPracticePath(context.plan.next.id)} variant="primary">
              <Icon name="book" size={20} /> Read &quot;{context.plan.next.title}&quot;
            </Link>
          ) : (
            <Link href={protectedPaths.fluency} variant="primary">
              <Icon name="mic" size={20} /> Reading Practice
            </Link>
          )}
          <Button variant="secondary" onPress={() => send({ type: 'tutor.restart' })}>
            <Icon name="selfCorrection" size={20} /> {TUTOR_BUTTONS.restart}
          </Button>
        </div>
      ) : null}
      {snapshot.matches('empty') ? (
        <Link href={protectedPaths.fluency} variant="primary">
          <Icon name="mic" size={20} /> Reading Practice
        </Link>
      ) : null}
    </section>
  );
}
