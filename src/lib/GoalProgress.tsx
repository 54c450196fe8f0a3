import type { ReactNode } from 'react';
import type { GoalWeek } from '#core/api/goals.ts';
import { goalLine, weekLine } from '#core/goals/lines.ts';
import { ProgressBar } from '../ui/ProgressBar.tsx';

/**
 * A reading goal and this week's progress (docs/decisions/0042-reading-goals.md): the goal in words, a bar with
 * the week in words, and who set it. Shown on /goals (the reader's and each followed reader's) and on Home.
 * @param label the progress bar's accessible name ("Your reading days this week")
 * @param setBy who set it, as the page words it for its viewer ("Set by Mum." for the reader; "Set by you." or
 *   "Set by another grown-up." for a guardian, who is never told another guardian's name: ADR 0041)
 */
export function GoalProgress({ goal, label, setBy }: { goal: GoalWeek; label: string; setBy?: ReactNode }) {
  const done = Math.min(goal.daysReadThisWeek, goal.daysPerWeek);
  return (
    <>
      <p className="goals__line">{goalLine(goal)}</p>
      <ProgressBar percent={(done / goal.daysPerWeek) * 100} label={label} valueText={weekLine(goal)} />
      {setBy ? <p className="goals__by">{setBy}</p> : null}
    </>
  );
}
