import { useEffect, useRef, useState } from 'react';
import type { MakeStoryResponse } from '#core/api/story-maker.ts';
import {
  heroChoices,
  petNameFor,
  PLACE_CHOICES,
  PLOT_CHOICES,
  type StoryChoice,
  type StoryHero,
  type StoryPlace,
  type StoryPlot,
} from '#core/stories/story-maker.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { fluencyPracticePath, protectedPaths, readStoryPath } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useMe } from '../../lib/api/me.ts';
import { useMakeStory } from '../../lib/api/stories.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { choicesLine, createGuidance, madeLine, questionLine } from './create.guidance.ts';
import '../../ui/page.css';
import './create.css';

/** The three questions, in order. */
type Step = 'hero' | 'place' | 'plot' | 'ready';

/** A choice's big button: its picture (hidden from screen readers) and its one- or two-word name, which can be said. */
function ChoiceButton<Id extends string>({
  choice,
  chosen,
  onChoose,
}: {
  choice: StoryChoice<Id>;
  chosen: boolean;
  onChoose: (id: Id) => void;
}) {
  return (
    <Button
      variant="secondary"
      className={`create-story__choice${chosen ? ' is-chosen' : ''}`}
      aria-pressed={chosen}
      onPress={() => onChoose(choice.id)}
    >
      <span className="create-story__picture" aria-hidden="true">
        {choice.picture}
      </span>
      <span>{choice.label}</span>
    </Button>
  );
}

/** The made story: its title, text, and what to do next. */
function MadeStory({ made, onAnother }: { made: MakeStoryResponse; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { story } = made;
  return (
    <section className="page__card create-story__made" aria-labelledby="made-title">
      <p className="create-story__kicker">
        <Icon name="check" size={20} />{' '}
        {made.created ? 'Your story is ready!' : 'You made this story before.'}
      </p>
      <h2 id="made-title" ref={headingRef} tabIndex={-1}>
        {story.title}
      </h2>
      <p>
        {story.wordCount} words, level {story.lexile ?? '—'}L. It is in your Saved Stories.
      </p>
      {made.newAchievements.length > 0 ? (
        <p className="create-story__badge" role="status">
          <Icon name="trophy" size={24} /> New badge:{' '}
          {made.newAchievements.map((a) => a.achievement_name).join(', ')}!
        </p>
      ) : null}
      <div className="page__form-row">
        <Link href={readStoryPath(story.id)} variant="primary">
          <Icon name="book" size={20} /> Read it now
        </Link>
        <Link href={fluencyPracticePath(story.id)} variant="secondary">
          <Icon name="mic" size={20} /> Practise reading aloud
        </Link>
        <Button variant="secondary" icon="plus" onPress={onAnother}>
          Make another story
        </Button>
      </div>
    </section>
  );
}

/**
 * /create, 'Create Story' (spec §2.2, §2.6, §4.5; docs/decisions/0045-create-story.md): the child makes a story with
 * Sparky in three questions — who it is about (their pet by name first, when they gave one), where it happens, and
 * what happens — each a row of big picture buttons that can be pressed, tabbed to, switched to, or said by name.
 * Sparky asks each question and names the choices; the story is written at the reader's level on the server and kept
 * in Saved Stories, ready to read or to read aloud. The first earns Story Starter.
 */
export function CreateStoryPage() {
  const name = screenName(protectedPaths.create);
  useDocumentTitle(name);
  const audio = useAudioQueue();
  const me = useMe();
  const make = useMakeStory();
  const petName = petNameFor(me.data?.profile?.pets_name);
  const heroes = heroChoices(petName);
  // The first question with its choices (the pet by name), once the profile is known.
  usePageGuidance(me.isPending ? null : createGuidance(heroes));
  const [hero, setHero] = useState<StoryHero | null>(null);
  const [place, setPlace] = useState<StoryPlace | null>(null);
  const [plot, setPlot] = useState<StoryPlot | null>(null);
  const [made, setMade] = useState<MakeStoryResponse | null>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const step: Step = !hero ? 'hero' : !place ? 'place' : !plot ? 'plot' : 'ready';
  const say = (text: string) => audio.speak({ text, type: 'sparky' });

  // Each new question takes focus (so a switch user's next press is among its choices) and is asked aloud.
  const asked = useRef<Step | null>(null);
  useEffect(() => {
    if (made || asked.current === step) return;
    const first = asked.current === null;
    asked.current = step;
    if (!first) questionRef.current?.focus();
    if (step === 'hero') {
      if (!first) say(choicesLine('hero', heroes));
    } else if (step === 'place') say(choicesLine('place', PLACE_CHOICES));
    else if (step === 'plot') say(choicesLine('plot', PLOT_CHOICES));
    else say('Say make my story, and I will write it for you.');
    // `say` and the choices are the same each render; only the step asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, made]);

  const chosenLabel = (choices: readonly StoryChoice<string>[], id: string | null) =>
    choices.find((c) => c.id === id)?.label ?? '';

  const startAgain = () => {
    setHero(null);
    setPlace(null);
    setPlot(null);
    setMade(null);
    make.reset();
    asked.current = 'ready';
  };

  const onMake = () => {
    if (!hero || !place || !plot || make.isPending) return;
    make.mutate(
      { hero, place, plot },
      {
        onSuccess: (answer) => {
          setMade(answer);
          say(
            madeLine(
              answer.story.title,
              answer.newAchievements.map((a) => a.achievement_name),
            ),
          );
        },
        onError: (error) => {
          const message =
            error instanceof ApiError && error.status !== 0 && error.message
              ? error.message
              : 'Sparky could not make the story this time. Press Make my story to try again.';
          say(message);
        },
      },
    );
  };

  if (made) {
    return (
      <div className="page create-story">
        <h1>{name}</h1>
        <MadeStory made={made} onAnother={startAgain} />
      </div>
    );
  }

  const question = questionLine(step);
  return (
    <div className="page create-story">
      <h1>{name}</h1>
      <p className="page__lead">
        Make a story with Sparky: choose who it is about, where it happens and what happens.
      </p>

      {step !== 'hero' ? (
        <p className="create-story__so-far">
          Your story: {chosenLabel(heroes, hero)}
          {place ? `, ${chosenLabel(PLACE_CHOICES, place)}` : ''}
          {plot ? `, ${chosenLabel(PLOT_CHOICES, plot)}` : ''}.
        </p>
      ) : null}

      <section className="page__card" aria-labelledby="create-question">
        <h2 id="create-question" ref={questionRef} tabIndex={-1}>
          {question}
        </h2>
        {step === 'ready' ? (
          <>
            {make.isError ? (
              <p className="create-story__error" role="alert">
                {make.error instanceof ApiError && make.error.status !== 0 && make.error.message
                  ? make.error.message
                  : 'Sparky could not make the story this time. Please try again.'}
              </p>
            ) : null}
            <div className="page__form-row">
              <Button icon="pencil" onPress={onMake} isPending={make.isPending}>
                Make my story
              </Button>
              <Button variant="secondary" icon="selfCorrection" onPress={startAgain}>
                Start again
              </Button>
            </div>
          </>
        ) : (
          <div className="create-story__choices" role="group" aria-labelledby="create-question">
            {step === 'hero'
              ? heroes.map((c) => (
                  <ChoiceButton key={c.id} choice={c} chosen={hero === c.id} onChoose={setHero} />
                ))
              : step === 'place'
                ? PLACE_CHOICES.map((c) => (
                    <ChoiceButton key={c.id} choice={c} chosen={place === c.id} onChoose={setPlace} />
                  ))
                : PLOT_CHOICES.map((c) => (
                    <ChoiceButton key={c.id} choice={c} chosen={plot === c.id} onChoose={setPlot} />
                  ))}
          </div>
        )}
        {step !== 'hero' ? (
          <p>
            <Button
              variant="quiet"
              icon="arrowRight"
              className="create-story__back"
              onPress={() =>
                step === 'place' ? setHero(null) : step === 'plot' ? setPlace(null) : setPlot(null)
              }
            >
              Go back a step
            </Button>
          </p>
        ) : null}
      </section>
    </div>
  );
}
