import { lazy, Suspense, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { assignmentsFor } from '#core/sparky/assignments.ts';
import { useMediaQuery } from '../features/shell/use-media-query.ts';
import { useMe } from '../lib/api/me.ts';
import { useDailyChallenges } from '../lib/api/rewards.ts';
import { menuKindFor } from './nav-items.ts';
import { isBuiltPath, protectedPaths } from './paths.ts';
import { useVoiceActor } from './voice/VoiceProvider.tsx';

/** Spec §2.4: Sparky floats on large screens only (1024 px and wider). */
export const SPARKY_SCREEN_QUERY = '(min-width: 1024px)';

// The widget and its statechart are a chunk of their own, loaded once the shell knows it is wanted.
const SparkyWidget = lazy(() =>
  import('../features/sparky/SparkyWidget.tsx').then((m) => ({ default: m.SparkyWidget })),
);

/**
 * Where Sparky's widget joins the signed-in frame (spec §2.4, §4.8): on large screens, never for
 * teachers, inside the voice layer (its switch is the hands-free mode; the replies are spoken commands).
 * Gives it the assignments that apply now from the reader's data (today's challenges, the
 * profile's Lexile and reading levels, the page) and the way to /rewards.
 */
export function SparkyDock() {
  const isLarge = useMediaQuery(SPARKY_SCREEN_QUERY);
  const me = useMe();
  const shown = isLarge && me.data != null && menuKindFor(me.data) !== 'teacher';
  return shown ? <SparkyForReader /> : null;
}

function SparkyForReader() {
  const me = useMe();
  const challenges = useDailyChallenges();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Spec §4.8 listening toggle: the voice layer's hands-free mode (issue 11), when there is one.
  const voice = useVoiceActor();
  const handsFree = useSelector(voice ?? undefined, (s) => (s ? s.context.mode === 'handsFree' : undefined));
  const profile = me.data?.profile ?? null;
  const assignments = useMemo(
    () =>
      challenges.data
        ? assignmentsFor({
            hasIncompleteChallenge: challenges.data.challenges.some((c) => !c.completed),
            lexileLevel: profile?.lexile_level ?? null,
            readingLevel: profile?.reading_level ?? null,
            pathname,
            canCreateStories: isBuiltPath(protectedPaths.create),
          })
        : null,
    [challenges.data, profile?.lexile_level, profile?.reading_level, pathname],
  );
  return (
    <Suspense fallback={null}>
      <SparkyWidget
        assignments={assignments}
        onGoToRewards={() => void navigate(protectedPaths.rewards)}
        listening={handsFree}
        onListeningChange={(on) => voice?.send({ type: 'voice.handsFree', on })}
        chatPath={isBuiltPath(protectedPaths.sparkyChat) ? protectedPaths.sparkyChat : undefined}
      />
    </Suspense>
  );
}
