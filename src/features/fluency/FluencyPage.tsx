import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { FLUENCY_GUIDANCE } from './fluency.guidance.ts';
import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { nearestLevelFirst } from '#core/lexile/nearest.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useMe } from '../../lib/api/me.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import '../../ui/page.css';
import { useLibrary, useStory } from '../../lib/api/stories.ts';
import type { WordAudio } from '../../lib/reading/ListenToWord.tsx';
import { ReadingProgress } from './ReadingProgress.tsx';
import { PastReading } from './PastReading.tsx';
import { useReadingSessions } from './api/reading-sessions.ts';
import { getReadingSessionQueryOptions } from './api/reading-session.ts';
import { ResultsView } from './ResultsView.tsx';
export { ScoringWait, secondsBeforeStop } from './SessionSteps.tsx';
import {
  browserEffects,
  useFluencySession,
  type FluencyEffects,
  type SessionClock,
} from './use-fluency-session.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { storyTarget } from '#voice/command-set.ts';
import { FLUENCY_ACTIONS, fluencyVoiceCommands } from './voice-commands.ts';
import {
  PAST_READING_ACTIONS,
  lastReadingCommands,
  pastReadingCommands,
} from './past-reading.voice-commands.ts';
import { Passage, SessionStepPanel, useSessionView } from './SessionSteps.tsx';
import { getAudioSettings, subscribeToAudioSettings } from '../../app/audio/audio-settings-store.ts';
import { useFollowAlong, type ConnectFollow } from './follow/use-follow-along.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import './fluency.css';

/** Props of {@link FluencyPage}; tests pass fakes. */
export interface FluencyPageProps {
  effects?: FluencyEffects;
  wordAudio?: WordAudio;
  /** Longest recording, seconds (default 60). */
  maxSeconds?: number;
  /** The session's clock (tests pass xstate's SimulatedClock). */
  clock?: SessionClock;
  /** Opens the follow-along socket (default: the real one; tests pass a fake). */
  connectFollow?: ConnectFollow;
}

/**
 * /fluency, 'Reading Practice' (spec §2.2, §2.6; issues 5 and 17): choose a story, read it aloud
 * while Sparky records, and see how each word went. The flow is the fluency-session statechart; this
 * page only draws its states and turns presses into its events. State changes are announced and focus
 * moves to each state's main button, so the page works with a screen reader, the keyboard alone or a
 * switch. Start reading sits above the story; while reading, a compact bar with the time, the level
 * and Stop stays at the top of the screen with the story below it, scrolled along with the reader. A
 * long silence asks "Are you still reading?" and never ends the reading by itself.
 */
export function FluencyPage({
  effects = browserEffects,
  wordAudio,
  maxSeconds,
  clock,
  connectFollow,
}: FluencyPageProps) {
  const name = screenName(protectedPaths.fluency);
  useDocumentTitle(name);
  usePageGuidance(FLUENCY_GUIDANCE);
  const [searchParams, setSearchParams] = useSearchParams();
  const initialStoryId = searchParams.get('storyId');
  const audio = useAudioQueue();
  const helpAfterSeconds = useSyncExternalStore(
    subscribeToAudioSettings,
    () => getAudioSettings().helpAfterSeconds,
    () => undefined,
  );
  const follow = useFollowAlong(audio.speak, connectFollow, helpAfterSeconds);
  const { snapshot, send, setReading } = useFluencySession(
    initialStoryId,
    effects,
    maxSeconds,
    clock,
    follow.tap,
  );
  const me = useMe();
  const stories = useLibrary();
  const { storyId } = snapshot.context;
  const story = useStory(storyId);
  const wordsTotal = story.data?.wordCount ?? null;
  const grade = me.data?.profile?.grade ?? null;
  useEffect(() => setReading({ wordsTotal, grade }), [setReading, wordsTotal, grade]);
  const { setPassage } = follow;
  const storyBody = story.data?.body ?? null;
  useEffect(() => setPassage(storyBody), [storyBody, setPassage]);
  const state = snapshot.value;
  const stateKey = typeof state === 'string' ? state : Object.keys(state)[0];
  const {
    sessionRef: session,
    actionsRef: actions,
    barRef,
    passageRef,
  } = useSessionView(snapshot, { wordsTotal, grade });

  // Keep ?storyId= in step with the choice, so a reload or a shared link opens the same story.
  // (Other parameters, such as ?reading=, stay.)
  useEffect(() => {
    if (storyId && searchParams.get('storyId') !== storyId) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('storyId', storyId);
          return next;
        },
        { replace: true },
      );
    }
  }, [storyId, searchParams, setSearchParams]);

  // A past reading opened again from the progress (?reading=<session id>, so that the browser's Back
  // and a reload work; docs/decisions/0036-reopen-a-past-reading.md). Only while choosing: a session
  // that starts closes it.
  const sessions = useReadingSessions();
  const queryClient = useQueryClient();
  const progressHeading = useRef<HTMLHeadingElement>(null);
  const viewing = stateKey === 'choosing' ? searchParams.get('reading') : null;
  const closedReading = useRef<{ id: string; then: 'history' | 'start' } | null>(null);
  // From the results, the page goes back to choosing first (as "Choose another story" does): a past
  // reading is shown only there.
  const inResults = stateKey === 'results';
  const openReading = useCallback(
    (id: string) => {
      if (inResults) send({ type: 'story.choose', storyId: storyId ?? '' });
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set('reading', id);
        return next;
      });
    },
    [inResults, send, storyId, setSearchParams],
  );
  // One update of the parameters each time: react-router hands a functional update the parameters of
  // the last render, so a second update in the same tick (the storyId kept in step) would undo the first.
  const closeReading = useCallback(
    (then: 'history' | 'start' = 'history', storyToRead?: string) => {
      closedReading.current = { id: searchParams.get('reading') ?? '', then };
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('reading');
          if (storyToRead) next.set('storyId', storyToRead);
          return next;
        },
        { replace: true },
      );
    },
    [searchParams, setSearchParams],
  );
  // The story is chosen once the parameters say so: chosen first, the storyId kept in step would be
  // written over parameters that still hold ?reading= (a data router navigates after this render).
  const storyToChoose = useRef<string | null>(null);
  const readStoryAgain = useCallback(
    (id: string) => {
      storyToChoose.current = id;
      closeReading('start', id);
    },
    [closeReading],
  );
  useEffect(() => {
    const id = storyToChoose.current;
    if (viewing || !id) return;
    storyToChoose.current = null;
    send({ type: 'story.choose', storyId: id });
  }, [viewing, send]);
  useEffect(() => {
    if (stateKey !== 'choosing' && searchParams.has('reading')) closeReading();
  }, [stateKey, searchParams, closeReading]);
  // Back from a past reading: focus returns to what opened it (its Open button in the history, else
  // "See your last reading"), or to Start reading after "Read this story again", once the story has
  // loaded and the button can take it (WCAG 2.4.3).
  const storyReady = Boolean(story.data);
  useLayoutEffect(() => {
    const closed = closedReading.current;
    if (viewing || !closed) return;
    if (closed.then === 'start') {
      const start = actions.current?.querySelector<HTMLButtonElement>('button');
      if (!start || start.disabled) return;
      closedReading.current = null;
      start.focus();
      return;
    }
    closedReading.current = null;
    const opener = [
      document.querySelector<HTMLElement>(`[data-open-reading="${CSS.escape(closed.id)}"]`),
      document.querySelector<HTMLElement>('[data-last-reading]'),
    ].find((el) => el && !el.closest('[hidden]'));
    (opener ?? progressHeading.current)?.focus();
  }, [viewing, storyReady, actions]);

  // The reader's own grade first, then the grades around it (the library lists them easiest first): a
  // grade-5 reader does not scroll past forty easier stories, and a kindergartner meets theirs first.
  const band = stories.data?.readerBand;
  const libraryStories = stories.data?.stories ?? [];
  const storyOptions = (band ? nearestLevelFirst(libraryStories, band.lexile) : libraryStories).map((s) => ({
    id: s.id,
    label: s.gradeBand ? `${s.title} (grade ${s.gradeBand === 'K' ? 'K' : s.gradeBand})` : s.title,
  }));
  if (storyId && story.data && !storyOptions.some((o) => o.id === storyId)) {
    storyOptions.unshift({ id: storyId, label: story.data.title });
  }
  // What can be said at each step (issue 11); while recording only "stop"; on a past reading, its own (ADR 0036).
  const spokenStories = (stories.data?.stories ?? []).map((s) => ({ id: s.id, title: s.title }));
  const newestReading = sessions.data?.[0]?.id;
  useVoiceCommands(
    viewing
      ? pastReadingCommands()
      : [
          ...fluencyVoiceCommands(stateKey ?? '', spokenStories),
          ...lastReadingCommands(stateKey === 'choosing' && Boolean(newestReading)),
        ],
    (target) => {
      if (target === PAST_READING_ACTIONS.lastReading) {
        if (newestReading) openReading(newestReading);
      } else if (target === PAST_READING_ACTIONS.close) closeReading();
      else if (target === PAST_READING_ACTIONS.readAgain) {
        const again = queryClient.getQueryData(getReadingSessionQueryOptions(viewing ?? '').queryKey);
        if (again?.session.story_id) readStoryAgain(again.session.story_id);
      } else if (target.startsWith(storyTarget('')))
        send({ type: 'story.choose', storyId: target.slice(storyTarget('').length) });
      else if (target === FLUENCY_ACTIONS.startReading) send({ type: 'session.start' });
      else if (target === FLUENCY_ACTIONS.stopReading) send({ type: 'session.stop' });
      else if (target === FLUENCY_ACTIONS.tryAgain) send({ type: 'session.retry' });
      else if (target === FLUENCY_ACTIONS.readAgain) send({ type: 'session.restart' });
      else if (target === FLUENCY_ACTIONS.chooseAnother)
        send({ type: 'story.choose', storyId: storyId ?? '' });
    },
    { recording: stateKey === 'recording' },
  );
  const passage = story.data ? (
    <Passage title={story.data.title} body={story.data.body} ref={passageRef} />
  ) : null;

  let panel: ReactNode;
  if (snapshot.matches('choosing')) {
    panel = (
      <>
        <h2 id="session-title">Choose a story to read</h2>
        {stories.isError ? (
          <p>The story list could not be loaded. You can still open a story from the library.</p>
        ) : null}
        <Select
          label="Story"
          options={storyOptions}
          value={storyId ?? ''}
          onChange={(id) => id && send({ type: 'story.choose', storyId: id })}
          placeholder={stories.isPending ? 'Loading stories…' : 'Choose a story'}
          description={`${band ? 'Stories near your reading level come first. ' : ''}When you press Start reading, Sparky counts 3, 2, 1 and then listens while you read the story out loud.`}
        />
        {story.isError ? <p role="alert">That story could not be found. Please choose another one.</p> : null}
        <div className="fluency-actions" ref={actions}>
          <Button
            icon="mic"
            onPress={() => send({ type: 'session.start' })}
            isDisabled={!storyId || !story.data}
          >
            Start reading
          </Button>
        </div>
        {passage}
      </>
    );
  } else if (snapshot.matches('results') && snapshot.context.response) {
    panel = (
      <ResultsView
        response={snapshot.context.response}
        grade={me.data?.profile?.grade ?? null}
        {...(story.data ? { passageText: story.data.body } : {})}
        onReadAgain={() => send({ type: 'session.restart' })}
        onChooseAnother={() => send({ type: 'story.choose', storyId: storyId ?? '' })}
        {...(wordAudio ? { wordAudio } : {})}
      />
    );
  } else {
    panel = (
      <SessionStepPanel
        snapshot={snapshot}
        send={send}
        story={story.data}
        followState={follow.state}
        actionsRef={actions}
        barRef={barRef}
        passageRef={passageRef}
      />
    );
  }

  const showProgress = snapshot.matches('choosing') || snapshot.matches('results');
  const isResults = snapshot.matches('results');
  // While a past reading is shown, the session and the progress stay mounted but hidden, so that the
  // grown-ups' disclosure is still open, and its Open button there to take focus, on the way back.
  return (
    <div className="page fluency-page">
      <h1>{name}</h1>
      <p className="page__lead">Read a story out loud. Sparky listens and shows you how each word went.</p>
      {viewing ? (
        <PastReading
          key={viewing}
          id={viewing}
          grade={grade}
          onClose={() => closeReading()}
          onReadAgain={readStoryAgain}
          {...(wordAudio ? { wordAudio } : {})}
        />
      ) : null}
      {isResults ? (
        // The results are one region of their own (ResultsView); no second one around it.
        <div className="fluency-session" data-state={stateKey}>
          {panel}
        </div>
      ) : (
        <section
          ref={session}
          className="page__card fluency-session"
          aria-labelledby="session-title"
          data-state={stateKey}
          hidden={Boolean(viewing)}
        >
          {panel}
        </section>
      )}
      {showProgress ? (
        <section
          className="page__card fluency-progress"
          aria-labelledby="progress-title"
          hidden={Boolean(viewing)}
        >
          <h2 id="progress-title" ref={progressHeading} tabIndex={-1}>
            Your progress
          </h2>
          <ReadingProgress onOpen={openReading} />
        </section>
      ) : null}
    </div>
  );
}
