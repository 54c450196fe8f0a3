import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SaveReadingSessionResponse } from '#core/api/reading-sessions.ts';
import { ASSESSMENT_SECONDS, assessmentBand, pickAssessmentPassage } from '#core/assessment/passage.ts';
import { assessmentResultLines, setsTheLevel } from '#core/assessment/results.ts';
import { estimateReaderLexile } from '#core/lexile/reader-lexile.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { useAudioQueue } from '../../../app/audio/audio-context.ts';
import { getAudioSettings, subscribeToAudioSettings } from '../../../app/audio/audio-settings-store.ts';
import { usePageGuidance } from '../../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../../app/paths.ts';
import { screenName } from '../../../app/screen-names.ts';
import { useDeferAssessment } from '../../../lib/api/assessment.ts';
import { useMe } from '../../../lib/api/me.ts';
import { useLibrary, useStory } from '../../../lib/api/stories.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/Button.tsx';
import { Link } from '../../../ui/Link.tsx';
import '../../../ui/page.css';
import { useReadingSessions } from '../api/reading-sessions.ts';
import { useFollowAlong, type ConnectFollow } from '../follow/use-follow-along.ts';
import type { WordAudio } from '../../../lib/reading/ListenToWord.tsx';
import { withPassageText } from '../../../lib/reading/passage-text.ts';
import { GrownUpsFigures, HowEachWordWent, RewardsOfReading } from '../ResultsView.tsx';
import { Passage, SessionStepPanel, useSessionView } from '../SessionSteps.tsx';
import {
  browserEffects,
  useFluencySession,
  type FluencyEffects,
  type SessionClock,
} from '../use-fluency-session.ts';
import { FLUENCY_ACTIONS } from '../voice-commands.ts';
import '../fluency.css';
import { ASSESSMENT_GUIDANCE } from './assessment.guidance.ts';
import { EarlierChecks } from './EarlierChecks.tsx';
import { ASSESSMENT_ACTIONS, assessmentVoiceCommands } from './assessment.voice-commands.ts';

/** Props of {@link AssessmentPage}; tests pass fakes. */
export interface AssessmentPageProps {
  effects?: FluencyEffects;
  wordAudio?: WordAudio;
  /** The session's clock (tests pass xstate's SimulatedClock). */
  clock?: SessionClock;
  /** Opens the follow-along socket (default: the real one; tests pass a fake). */
  connectFollow?: ConnectFollow;
}

/**
 * The results of the assessment: the child's part (words read right, tokens, achievements) and where
 * to go next, then how each word went, then for grown-ups the reading level it set (spec §4.7, §9
 * level estimate) with the WCPM, accuracy and Hasbrouck & Tindal (2017) norms.
 */
function AssessmentResults({
  response,
  grade,
  passageText,
  onPractice,
  wordAudio,
}: {
  response: SaveReadingSessionResponse;
  grade: string | null;
  passageText: string | undefined;
  onPractice: () => void;
  wordAudio?: WordAudio;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const result = withPassageText(response.result, passageText);
  const lines = assessmentResultLines(response.result);
  const level = estimateReaderLexile(grade, result.wcpm, result.accuracy);
  return (
    <section aria-labelledby="results-title" className="fluency-results">
      <h2 id="results-title" ref={heading} tabIndex={-1}>
        Reading check done!
      </h2>
      <div className="page__card results-summary">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {response.tokensAwarded > 0 || response.replayed || response.newAchievements.length > 0 ? (
          <>
            <h3>What you earned</h3>
            <RewardsOfReading response={response} />
          </>
        ) : null}
      </div>
      <div className="fluency-actions">
        <Button icon="mic" onPress={onPractice}>
          Start reading practice
        </Button>
        <Link href={protectedPaths.home} variant="secondary">
          Go home
        </Link>
      </div>
      <section aria-labelledby="level-title" className="page__card">
        <h3 id="level-title">For grown-ups: reading level</h3>
        {setsTheLevel(result) ? (
          <p>
            Estimated Lexile level: <strong>{level.level}L</strong> (range {level.range}). Sparky offers
            stories near this level first. It comes from this one-minute reading: the grade&apos;s Lexile
            target, scaled by the words correct per minute against the grade&apos;s expected rate, plus two
            points for each point of accuracy above 85 %, kept within the grade&apos;s band.
          </p>
        ) : (
          <p>
            This reading stopped before the end of the story and lasted less than 30 seconds, so it did not
            set a reading level. It is kept with the other readings.
          </p>
        )}
      </section>
      {/* Only the words reached: the passage is long on purpose, and a screen reader would otherwise hear
          "not reached" for every word after the minute. */}
      <HowEachWordWent
        result={{ ...result, words: result.words.filter((w) => w.status !== 'not_reached') }}
        session={response.session}
        {...(wordAudio ? { wordAudio } : {})}
      />
      {result.wordsAttempted < result.wordsTotal ? (
        <p>The rest of the story was not reached. That is fine: the reading check lasts one minute.</p>
      ) : null}
      <GrownUpsFigures result={result} createdAt={response.session.created_at} grade={grade} />
    </section>
  );
}

/**
 * /assessment, 'Reading Assessment' (spec §2.2, §4.2 step 4, §4.7; docs/decisions/0038-reading-assessment.md).
 *
 * A new reader who has not read yet is sent here by the route guard: Sparky listens to one minute of
 * reading aloud of a story of the reader's grade, scored with the DIBELS 8 rules
 * (core/assessment/passage.ts), and the result sets the reader's level, so that stories near it come
 * first. The reader can put it off ("Not now": for a day), and open it again later from the menu to
 * update their level.
 *
 * The session is Reading Practice's statechart and steps (SessionSteps.tsx) in 'assessment' mode with
 * a one-minute limit; this page draws the introduction and the results. Everything can be done by
 * voice ("start reading", "not now", "stop", "practice"), by keyboard or switch (focus moves to each
 * step's main button), or with a screen reader (the steps are announced).
 */
export function AssessmentPage({
  effects = browserEffects,
  wordAudio,
  clock,
  connectFollow,
}: AssessmentPageProps) {
  const name = screenName(protectedPaths.assessment);
  useDocumentTitle(name);
  usePageGuidance(ASSESSMENT_GUIDANCE);
  const navigate = useNavigate();
  const audio = useAudioQueue();
  const helpAfterSeconds = useSyncExternalStore(
    subscribeToAudioSettings,
    () => getAudioSettings().helpAfterSeconds,
    () => undefined,
  );
  const follow = useFollowAlong(audio.speak, connectFollow, helpAfterSeconds);
  const { snapshot, send, setReading } = useFluencySession(
    null,
    effects,
    ASSESSMENT_SECONDS,
    clock,
    follow.tap,
    'assessment',
  );
  const me = useMe();
  const profile = me.data?.profile ?? null;
  const grade = profile?.grade ?? null;
  const library = useLibrary();
  const sessions = useReadingSessions();
  // Newest first, as the list comes.
  const used = (sessions.data ?? [])
    .filter((s) => s.mode === 'assessment' && s.story_id)
    .map((s) => s.story_id!);
  const band = assessmentBand(grade, profile?.age ?? null);
  // The passage is chosen once the library and the reader's earlier readings are known, and kept for
  // the visit (the reading just saved must not change it under the results).
  const [passageId, setPassageId] = useState<string | null>(null);
  const candidate =
    library.data && !sessions.isPending ? pickAssessmentPassage(library.data.stories, band, used) : null;
  if (passageId === null && candidate) setPassageId(candidate.id);
  const { storyId } = snapshot.context;
  useEffect(() => {
    if (passageId && storyId !== passageId && snapshot.matches('choosing'))
      send({ type: 'story.choose', storyId: passageId });
  }, [passageId, storyId, snapshot, send]);
  const story = useStory(passageId);
  const wordsTotal = story.data?.wordCount ?? null;
  useEffect(() => setReading({ wordsTotal, grade }), [setReading, wordsTotal, grade]);
  const { setPassage } = follow;
  const storyBody = story.data?.body ?? null;
  useEffect(() => setPassage(storyBody), [storyBody, setPassage]);
  const { sessionRef, actionsRef, barRef, passageRef } = useSessionView(snapshot, { wordsTotal, grade });

  const state = snapshot.value;
  const stateKey = typeof state === 'string' ? state : (Object.keys(state)[0] ?? '');
  const done = profile?.assessment_completed ?? false;
  const userId = me.data?.user.id ?? '';
  const defer = useDeferAssessment(userId);
  const notNow = () => {
    if (done) {
      void navigate(protectedPaths.home);
      return;
    }
    defer.mutate(undefined, { onSuccess: () => void navigate(protectedPaths.home) });
  };
  const practise = () => void navigate(protectedPaths.fluency);
  const ready = Boolean(storyId && story.data && storyId === passageId);
  const storyProblem =
    library.isError || story.isError || Boolean(library.data && !sessions.isPending && !candidate);
  useVoiceCommands(
    assessmentVoiceCommands(stateKey, !done),
    (target) => {
      if (target === ASSESSMENT_ACTIONS.start && ready) send({ type: 'session.start' });
      else if (target === ASSESSMENT_ACTIONS.notNow) notNow();
      else if (target === ASSESSMENT_ACTIONS.practice) practise();
      else if (target === FLUENCY_ACTIONS.stopReading) send({ type: 'session.stop' });
      else if (target === FLUENCY_ACTIONS.tryAgain) send({ type: 'session.retry' });
      else if (target === FLUENCY_ACTIONS.readAgain) send({ type: 'session.restart' });
    },
    { recording: stateKey === 'recording' },
  );

  let panel;
  if (snapshot.matches('choosing')) {
    const preReader = band === 'K';
    panel = (
      <>
        <h2 id="session-title">A one-minute reading check</h2>
        <p>
          Sparky would like to hear you read for one minute. Then Sparky knows which stories are just right
          for you.
        </p>
        <ol className="assessment-steps">
          <li>Press Start reading. Sparky counts 3, 2, 1.</li>
          <li>Read the story out loud, as well as you can. If a word is hard, try it and go on.</li>
          <li>After one minute Sparky stops listening. You do not have to finish the story.</li>
        </ol>
        {done && profile?.lexile_level != null ? (
          <p>
            You did your reading check before, and your level is {profile.lexile_level}L. Do it again to
            update it.
          </p>
        ) : null}
        {preReader ? (
          <p>
            This check is for children who can read a story. If you are still learning your letters, the{' '}
            <Link href={protectedPaths.alphabet}>letter game</Link> is a good place to start.
          </p>
        ) : null}
        {library.isError ? (
          <p role="alert">
            The stories could not be loaded, so the reading check cannot start. Please try later.
          </p>
        ) : library.data && !sessions.isPending && !candidate ? (
          <p role="alert">There is no story to read yet, so the reading check cannot start.</p>
        ) : story.isError ? (
          <p role="alert">
            The story could not be loaded, so the reading check cannot start. Please try later.
          </p>
        ) : null}
        {defer.isError ? (
          <p role="alert">Sparky could not put the reading check off. Please try again.</p>
        ) : null}
        <div className="fluency-actions" ref={actionsRef}>
          <Button icon="mic" onPress={() => send({ type: 'session.start' })} isDisabled={!ready}>
            Start reading
          </Button>
          <Button variant="secondary" onPress={notNow} isDisabled={defer.isPending}>
            {done ? 'Go home' : 'Not now'}
          </Button>
        </div>
        {!ready && !storyProblem ? <p>Getting the story ready…</p> : null}
        {!done && !me.data?.hasReadingSessions ? (
          <p className="page__hint">Not now: Sparky will ask again tomorrow.</p>
        ) : null}
        {story.data ? <Passage title={story.data.title} body={story.data.body} ref={passageRef} /> : null}
      </>
    );
  } else if (snapshot.matches('results') && snapshot.context.response) {
    panel = (
      <AssessmentResults
        response={snapshot.context.response}
        grade={grade}
        passageText={story.data?.body}
        onPractice={practise}
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
        actionsRef={actionsRef}
        barRef={barRef}
        passageRef={passageRef}
      />
    );
  }

  return (
    <div className="page fluency-page assessment-page">
      <h1>{name}</h1>
      <p className="page__lead">
        Read out loud for one minute, so Sparky can find stories that are just right for you.
      </p>
      {snapshot.matches('results') ? (
        <div className="fluency-session" data-state={stateKey}>
          {panel}
        </div>
      ) : (
        <section
          ref={sessionRef}
          className="page__card fluency-session"
          aria-labelledby="session-title"
          data-state={stateKey}
        >
          {panel}
        </section>
      )}
      {snapshot.matches('choosing') ? <EarlierChecks sessions={sessions.data ?? []} /> : null}
    </div>
  );
}
