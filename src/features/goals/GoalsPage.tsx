import { useRef, useState, type FormEvent } from 'react';
import { MAX_GOAL_DAYS, MIN_GOAL_DAYS, type Goals } from '#core/api/goals.ts';
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
import { goalsGuidance, type GoalsViewer } from './goals.guidance.ts';
import '../../ui/page.css';

const DAY_CHOICES = Array.from({ length: MAX_GOAL_DAYS - MIN_GOAL_DAYS + 1 }, (_, i) => MIN_GOAL_DAYS + i);
/** The days chosen on a card with no goal yet. */
const DEFAULT_DAYS = 3;

type FollowedChild = Goals['children'][number];

/** A guardian's card for one followed reader: the goal and the week, and the form to set or remove it. */
function ChildGoal({ child }: { child: FollowedChild }) {
  const setGoal = useSetGoal();
  const removeGoal = useRemoveGoal();
  const setButton = useRef<HTMLButtonElement>(null);
  const serverChoice = String(child.goal?.daysPerWeek ?? DEFAULT_DAYS);
  const [choice, setChoice] = useState<string>(serverChoice);
  // The radios follow the goal when it changes on the server (another grown-up set it, or it was removed): state
  // adjusted while rendering (react.dev, "Adjusting some state when a prop changes"), not a remount by `key`,
  // which would drop the focus from the button just pressed to the page's body.
  const [shownGoal, setShownGoal] = useState(child.goal?.updatedAt);
  if (shownGoal !== child.goal?.updatedAt) {
    setShownGoal(child.goal?.updatedAt);
    setChoice(serverChoice);
  }
  const titleId = `goal-${child.userId}`;
  const name = child.displayName;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (setGoal.isPending) return;
    setGoal.mutate(
      { childId: child.userId, daysPerWeek: Number(choice) },
      {
        onSuccess: ({ goal }) =>
          showToast({ title: 'Goal saved', description: `${name}: ${goalLine(goal)}`, variant: 'default' }),
        onError: () =>
          showToast({
            title: 'The goal was not saved',
            description: 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };
  const onRemove = () =>
    removeGoal.mutate(child.userId, {
      onSuccess: () => {
        // The Remove button is gone with the goal: the focus goes to the Set button, not to the page's body.
        setButton.current?.focus();
        showToast({ title: 'Goal removed', description: `${name} has no goal now.`, variant: 'default' });
      },
      onError: () =>
        showToast({
          title: 'The goal was not removed',
          description: 'Please try again.',
          variant: 'destructive',
        }),
    });
  return (
    <section className="page__card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <bdi>{name}</bdi>
      </h2>
      {child.goal ? (
        <GoalProgress
          goal={child.goal}
          label={`${name}'s reading days this week`}
          // Never another guardian's name (ADR 0041): only whether it was you.
          setBy={child.goal.setByYou ? 'Set by you.' : 'Set by another grown-up.'}
        />
      ) : (
        <p>No goal yet.</p>
      )}
      <form className="page__form" noValidate onSubmit={onSubmit} aria-label={`Goal for ${name}`}>
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
          {/* Names with the child's, so a voice or screen-reader user with several children knows which. */}
          <Button ref={setButton} type="submit" isPending={setGoal.isPending}>
            {child.goal ? `Change ${name}'s goal` : `Set ${name}'s goal`}
          </Button>
          {child.goal ? (
            <Button variant="secondary" isPending={removeGoal.isPending} onPress={onRemove}>
              {`Remove ${name}'s goal`}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** Who is looking, by account type: readers (student, other) have goals, guardians set them, teachers neither. */
function viewerOf(userType: string | undefined): GoalsViewer {
  if (userType === 'guardian') return 'guardian';
  if (userType === 'teacher') return 'teacher';
  return 'reader';
}

/**
 * /goals, 'Reading Goals' (spec §2.4's guardian menu, §2.6; docs/decisions/0042-reading-goals.md).
 * - A guardian sets, for each reader they follow (ADR 0041), how many days a week the reader aims to read aloud,
 *   and sees this week's days.
 * - A reader sees their own goal and this week's days (also on Home), and Sparky says them (goals.guidance.ts); a
 *   reader with no goal is told who can set one. The page is reached by saying "goals".
 * - A teacher, who sets no goals, is told that goals are set at home.
 */
export function GoalsPage() {
  const title = screenName(protectedPaths.goals);
  useDocumentTitle(title);
  const me = useMe();
  const goals = useGoals();
  const viewer = me.data ? viewerOf(me.data.profile?.user_type) : null;
  usePageGuidance(goalsGuidance(viewer, goals.data, goals.isError));
  if (!me.data || !viewer) return <LoadingIndicator size="page" />;

  if (viewer === 'teacher')
    return (
      <div className="page">
        <h1>{title}</h1>
        <p className="page__lead">
          Reading goals are set at home: a grown-up who follows a child chooses how many days a week the child
          aims to read aloud. Your classes are on the{' '}
          <Link href={protectedPaths.teacherDashboard}>{screenName(protectedPaths.teacherDashboard)}</Link>.
        </p>
      </div>
    );

  return (
    <div className="page">
      <h1>{title}</h1>
      {goals.isError ? (
        <p role="alert">We could not load the goals right now. Please try again later.</p>
      ) : null}
      {!goals.data && !goals.isError ? <LoadingIndicator /> : null}
      {goals.data && viewer === 'guardian' ? (
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
      {goals.data && viewer === 'reader' ? (
        <section className="page__card" aria-labelledby="my-goal-title">
          <h2 id="my-goal-title">Your goal</h2>
          {goals.data.mine ? (
            <GoalProgress
              goal={goals.data.mine}
              label="Your reading days this week"
              setBy={
                <>
                  Set by <bdi>{goals.data.mine.setBy}</bdi>.
                </>
              }
            />
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
