/**
 * What a reading goal says, in a child's words (docs/decisions/0042-reading-goals.md): on /goals and on Home (the
 * goal's line, and the week's line as the progress bar's value text), and in Sparky's page guidance of both
 * (src/features/goals/goals.guidance.ts says the two lines, src/features/home/home.guidance.ts the week's). Pure,
 * shared by the pages and their tests.
 */

/** "1 day" / "3 days". */
export function days(count: number): string {
  return `${count} ${count === 1 ? 'day' : 'days'}`;
}

/** The goal: "Read to Sparky on 3 days a week." ("every day" for 7). */
export function goalLine(goal: { daysPerWeek: number }): string {
  return goal.daysPerWeek === 7
    ? 'Read to Sparky every day.'
    : `Read to Sparky on ${days(goal.daysPerWeek)} a week.`;
}

/** This week: "This week: 1 of 3 days. 2 to go!", or "Goal reached this week!" once the days are read. */
export function weekLine(goal: { daysPerWeek: number; daysReadThisWeek: number }): string {
  const done = Math.min(goal.daysReadThisWeek, goal.daysPerWeek);
  if (done >= goal.daysPerWeek) return 'Goal reached this week!';
  return `This week: ${done} of ${days(goal.daysPerWeek)}. ${goal.daysPerWeek - done} to go!`;
}
