import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';
import type { StoryChoice } from '#core/stories/story-maker.ts';

/** The three questions of Create Story (CreateStoryPage.tsx), and the last step's line. */
export function questionLine(step: 'hero' | 'place' | 'plot' | 'ready'): string {
  switch (step) {
    case 'hero':
      return 'Who is your story about?';
    case 'place':
      return 'Where does it happen?';
    case 'plot':
      return 'What happens?';
    case 'ready':
      return 'Ready to make your story?';
  }
}

/** "A, B, or C": choices as Sparky lists them. */
function spokenList(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')}, or ${labels[labels.length - 1]}`;
}

/** A question and its choices, said: "Who is your story about? Say Biscuit, Cat, Dog, Dragon, Robot, or Bunny." */
export function choicesLine(
  step: 'hero' | 'place' | 'plot',
  choices: readonly StoryChoice<string>[],
): string {
  return `${questionLine(step)} Say ${spokenList(choices.map((c) => c.label))}.`;
}

/** What Sparky says on /create (§4.8 page guidance), for a 5-year-old: the first question and its choices. */
export function createGuidance(heroes: readonly StoryChoice<string>[]): PageGuidance {
  return ["Let's make a story together!", choicesLine('hero', heroes)];
}

/** What Sparky says when the story is made: its title, a badge, and what to say next. */
export function madeLine(title: string, badges: readonly string[]): string {
  const badge = badges.length > 0 ? ` You earned the ${spokenList(badges)} badge!` : '';
  return `Your story is ready: ${title}.${badge} Say read it now, or practise reading aloud.`;
}
