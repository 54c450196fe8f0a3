import { protectedPaths } from '../../app/paths.ts';
import { useGoals } from '../../lib/api/goals.ts';
import { GoalProgress } from '../../lib/GoalProgress.tsx';
import { Link } from '../../ui/Link.tsx';

/**
 * The reader's reading goal and this week's days (docs/decisions/0042-reading-goals.md), when a grown-up set one;
 * nothing otherwise (nor while loading, nor on failure: Home is not the goal's only place).
 */
export function MyGoalCard() {
  const goals = useGoals();
  const mine = goals.data?.mine;
  if (!mine) return null;
  return (
    <section className="page__card" aria-labelledby="home-goal">
      <h2 id="home-goal">Your reading goal</h2>
      <GoalProgress
        goal={mine}
        label="Your reading days this week"
        setBy={
          <>
            Set by <bdi>{mine.setBy}</bdi>.
          </>
        }
      />
      <p>
        <Link href={protectedPaths.goals}>See your goal</Link>
      </p>
    </section>
  );
}
