import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { DailyChallenge } from '#core/api/rewards.ts';
import {
  CHALLENGE_CARD_TEXT as TEXT,
  completedBadge,
  tokensBadge,
} from '#core/challenges/challenge-messages.ts';
import { challengePercent, challengeTask } from '#core/challenges/daily-challenges.ts';
import { dailyChallengesMachine, type SpeakParams } from '#machines/daily-challenges.machine.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { challengePath } from '../../app/paths.ts';
import { DAILY_CHALLENGES_QUERY_KEY, getDailyChallengesQueryOptions } from '../../lib/api/rewards.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import './daily-challenges.css';

/** Props of {@link DailyChallengesCard}; tests pass fakes. */
export interface DailyChallengesCardProps {
  /** Today's challenges; by default through the query cache (GET /api/daily-challenges). */
  loadChallenges?: () => Promise<DailyChallenge[]>;
  /** Says a line; by default Sparky says it through the app's one audio queue (a failure as an error). */
  speak?: (params: SpeakParams) => void;
}

const UNIT_WORDS: Record<string, [string, string]> = {
  stories: ['story', 'stories'],
  minutes: ['minute', 'minutes'],
  words: ['word', 'words'],
  letters: ['letter', 'letters'],
};

/** "1 of 2 stories" */
function progressText(challenge: DailyChallenge): string {
  const [one, many] = UNIT_WORDS[challenge.challenge_data.unit] ?? ['step', 'steps'];
  return `${challenge.current_count} of ${challenge.target_count} ${challenge.target_count === 1 ? one : many}`;
}

const ICONS: Record<string, IconName> = {
  book: 'book',
  pencil: 'pencil',
  letters: 'letters',
  clock: 'clock',
};

/** One challenge: a link to where it is done (spec §2.5), its progress, and '+N tokens' once done. */
function ChallengeItem({ challenge }: { challenge: DailyChallenge }) {
  const path = challengePath(challenge.challenge_type);
  const name = challenge.challenge_data.name;
  const task = challengeTask(challenge.challenge_type, challenge.target_count);
  const percent = challengePercent({
    currentCount: challenge.current_count,
    targetCount: challenge.target_count,
  });
  const heading = (
    <>
      <Icon name={ICONS[challenge.challenge_data.icon] ?? 'star'} size={32} />
      <span className="challenge__words">
        <span className="challenge__name">{name}</span>
        <span className="challenge__task">{task}</span>
      </span>
    </>
  );
  return (
    <li className={challenge.completed ? 'challenge challenge--done' : 'challenge'}>
      {path ? (
        <Link href={path} className="challenge__link">
          {heading}
        </Link>
      ) : (
        <span className="challenge__link">{heading}</span>
      )}
      <ProgressBar
        percent={percent}
        label={`${name} progress`}
        valueText={`${progressText(challenge)}, ${percent}%`}
      />
      {challenge.completed ? (
        <span className="challenge__reward">
          <Icon name="check" size={18} /> Done! {tokensBadge(challenge.challenge_data.reward_tokens)}
        </span>
      ) : (
        <span className="challenge__reward challenge__reward--todo">
          <Icon name="star" size={18} /> Earn {challenge.challenge_data.reward_tokens} tokens
        </span>
      )}
    </li>
  );
}

/**
 * The Daily Challenges card of /home (spec §2.5), run by machines/daily-challenges.machine.ts: 'Loading
 * challenges...', the completed/total badge, each challenge with its progress and percent, '+N tokens' on
 * completed ones, the empty day and the all-done texts, and a retry after a failure. Sparky says the
 * summary 4.5 s after it loads (spec §4.9), through the audio queue (spoken, captioned, announced).
 */
export function DailyChallengesCard({ loadChallenges, speak }: DailyChallengesCardProps) {
  const queryClient = useQueryClient();
  const audio = useAudioQueue();
  const [machine] = useState(() =>
    dailyChallengesMachine.provide({
      actors: {
        loadChallenges: fromPromise(
          loadChallenges ??
            (async () => (await queryClient.fetchQuery(getDailyChallengesQueryOptions())).challenges),
        ),
      },
      actions: {
        speak: (_, params) =>
          speak
            ? speak(params)
            : audio.speak({
                text: params.text,
                type: params.priority === 2 ? 'error' : 'sparky',
                priority: params.priority,
              }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);

  // New server data while the card is shown (e.g. a refetch after a reading): load it again.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (
          event.type === 'updated' &&
          event.action.type === 'success' &&
          event.query.queryKey[0] === DAILY_CHALLENGES_QUERY_KEY[0]
        ) {
          send({ type: 'challenges.refresh' });
        }
      }),
    [queryClient, send],
  );

  const { challenges } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const showList = snapshot.matches('ready') || snapshot.matches('refreshing');
  return (
    <section className="page__card challenges" aria-labelledby="challenges-title" aria-busy={busy}>
      <div className="challenges__head">
        <h2 id="challenges-title">
          <Icon name="trophy" size={28} /> {TEXT.title}
        </h2>
        {showList && challenges.length > 0 ? (
          <span className="chip challenges__badge">{completedBadge(challenges)}</span>
        ) : null}
      </div>
      {snapshot.matches('loading') ? <p role="status">{TEXT.loading}</p> : null}
      {snapshot.matches('failed') ? (
        <div role="alert" className="challenges__failed">
          <p>{TEXT.failed}</p>
          <Button variant="secondary" onPress={() => send({ type: 'challenges.retry' })}>
            <Icon name="selfCorrection" size={20} /> {TEXT.retry}
          </Button>
        </div>
      ) : null}
      {snapshot.matches({ ready: 'none' }) ? (
        <div className="challenges__empty">
          <p className="challenges__lead">{TEXT.none}</p>
          <p>{TEXT.noneHint}</p>
        </div>
      ) : null}
      {snapshot.matches({ ready: 'allComplete' }) ? (
        <div className="challenges__all-done">
          <p className="challenges__lead">
            <Icon name="star" size={24} /> {TEXT.allDone}
          </p>
          <p>{TEXT.allDoneHint}</p>
        </div>
      ) : null}
      {showList && challenges.length > 0 ? (
        <ul className="challenges__list" aria-label="Today's challenges">
          {challenges.map((challenge) => (
            <ChallengeItem key={challenge.id} challenge={challenge} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
