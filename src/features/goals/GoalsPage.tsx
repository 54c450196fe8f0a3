import { useState, type FormEvent } from 'react';
import { MAX_GOAL_DAYS, MIN_GOAL_DAYS, type ReadingGoal } from '#core/api/goals.ts';
import { goalLine } from '#core/goals/lines.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useGoals, useRemoveGoal, useSetGoal } from '../../lib/api/goals.ts';
import { GoalProgress } from '../../lib/GoalProgress.tsx';
import { useMe } from '../../lib/api/me.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { GOALS_GUIDANCE } from './goals.guidance.ts';
import '../../ui/page.css';

const DAY_CHOICES = Array.from({ length: MAX_GOAL_DAYS - MIN_GOAL_DAYS + 1 }, (_, i) => MIN_GOAL_DAYS + i);

/** A guardian's card for one followed reader: the goal and the week, and the form to set or remove it. */
function ChildGoal({ child }: { child: { userId: string; displayName: string; goal: ReadingGoal | null } }) {
  const setGoal = useSetGoal();
  const removeGoal = useRemoveGoal();
  const [choice, setChoice] = useState<string>(String(child.goal?.daysPerWeek ?? 3));
  const titleId = `goal-${child.userId}`;
  const failed = () =>
    showToast({ title: 'The goal was not saved', description: 'Please try again.', variant: 'destructive' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (setGoal.isPending) return;
    setGoal.mutate(
      { childId: child.userId, daysPerWeek: Number(choice) },
      {
        onSuccess: ({ goal }) =>
          showToast({
            title: 'Goal saved',
            description: `${child.displayName}: ${goalLine(goal)}`,
            variant: 'default',
          }),
        onError: failed,
      },
    );
  };
  return (
    <section className="page__card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <bdi>{child.displayName}</bdi>
      </h2>
      {child.goal ? (
        <GoalProgress goal={child.goal} label={`${child.displayName}'s reading days this week`} />
      ) : (
        <p>No goal yet.</p>
      )}
      <form
        className="page__form"
        noValidate
        onSubmit={onSubmit}
        aria-label={`Goal for ${child.displayName}`}
      >
        <RadioGroup
          label="Days a week to read aloud"
          value={choice}
          onChange={setChoice}
          orientation="horizontal"
          className="goals__days"
        >
          {DAY_CHOICES.map((n) => (
            <Radio key={n} value={String(n)}>
              {String(n)}
            </Radio>
          ))}
        </RadioGroup>
        <div className="page__form-row">
          <Button type="submit" isPending={setGoal.isPending}>
            {child.goal ? 'Change the goal' : 'Set the goal'}
          </Button>
          {child.goal ? (
            <Button
              variant="secondary"
              isPending={removeGoal.isPending}
              onPress={() =>
                removeGoal.mutate(child.userId, {
                  onSuccess: () =>
                    showToast({
                      title: 'Goal removed',
                      description: `${child.displayName} has no goal now.`,
                      variant: 'default',
                    }),
                  onError: failed,
                })
              }
            >
              Remove the goal
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/**
 * /goals, 'Reading Goals' (spec §2.4's guardian menu, §2.6; docs/decisions/0042-reading-goals.md).
 * - A guardian sets, for each reader they follow (ADR 0041), how many days a week the reader aims to read aloud,
 *   and sees this week's days.
 * - A reader sees their own goal and this week's days (also on Home); a reader with no goal is told who can set
 *   one. The page is reached by saying "goals".
 */
export function GoalsPage() {
  const title = screenName(protectedPaths.goals);
  useDocumentTitle(title);
  usePageGuidance(GOALS_GUIDANCE);
  const me = useMe();
  const goals = useGoals();
  if (!me.data) return <LoadingIndicator size="page" />;
  const isGuardian = me.data.profile?.user_type === 'guardian';

  return (
    <div className="page">
      <h1>{title}</h1>
      {goals.isError ? (
        <p role="alert">We could not load the goals right now. Please try again later.</p>
      ) : null}
      {!goals.data && !goals.isError ? <LoadingIndicator /> : null}
      {goals.data && isGuardian ? (
        <>
          <p className="page__lead">
            Choose how many days a week your child aims to read aloud. A little every day helps most.
          </p>
          {goals.data.children.length === 0 ? (
            <p>
              Follow your child first, with the code from their Profile, on{' '}
              <Link href={protectedPaths.reports}>Progress Reports</Link>.
            </p>
          ) : (
            goals.data.children.map((child) => <ChildGoal key={child.userId} child={child} />)
          )}
        </>
      ) : null}
      {goals.data && !isGuardian ? (
        <section className="page__card" aria-labelledby="my-goal-title">
          <h2 id="my-goal-title">Your goal</h2>
          {goals.data.mine ? (
            <GoalProgress goal={goals.data.mine} label="Your reading days this week" />
          ) : (
            <p>
              No goal yet. A grown-up who follows your reading can set one. You can{' '}
              <Link href={`${protectedPaths.profile}#family`}>give them a code</Link> on your Profile page.
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}
