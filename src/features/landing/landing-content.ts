import type { IconName } from '../../ui/Icon.tsx';
import type { FeatureStatus } from '../../ui/StatusBadge.tsx';

/** One feature card. */
export interface FeatureCard {
  readonly title: string;
  readonly text: string;
  readonly icon: IconName;
  readonly status: FeatureStatus;
}

/** The 12 feature cards (spec §1, §2.1), worded for what is true today. */
export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    title: 'Read aloud to Sparky',
    text: 'Your child reads a story out loud. Sparky listens, counts the words read correctly and marks the words to practise again.',
    icon: 'mic',
    status: 'ready',
  },
  {
    title: 'Reading stays private',
    text: "Scores are worked out on the Sparky Reads server itself. Your child's voice is not sent to an outside speech service unless the people running the server switch that on.",
    icon: 'shield',
    status: 'ready',
  },
  {
    title: 'Scores that make sense',
    text: "Words correct per minute, accuracy and a fluency score, compared with what is typical for your child's grade.",
    icon: 'chart',
    status: 'ready',
  },
  {
    title: 'A library of stories',
    text: 'Original stories from kindergarten to grade 5, in large, well-spaced type, with a read-to-me mode that highlights each word.',
    icon: 'book',
    status: 'ready',
  },
  {
    title: 'Stories at the right level',
    text: 'Every story has a Lexile level, so Sparky can suggest stories that are just right: not too easy, not too hard.',
    icon: 'levels',
    status: 'ready',
  },
  {
    title: 'Tokens and rewards',
    text: 'Tokens for every practice session, daily challenges, reading streaks and achievements, and an avatar shop to spend the tokens in.',
    icon: 'trophy',
    status: 'ready',
  },
  {
    title: 'Make your own stories',
    text: 'Create new stories about the things your child loves, or bring in a text of your own to practise with.',
    icon: 'pencil',
    status: 'ready',
  },
  {
    title: 'Reading check-ups',
    text: 'A one-minute reading check finds the right starting level. In fall, winter and spring, a five-minute screening of three short stories shows how reading grows, with a history of every check-up.',
    icon: 'clipboard',
    status: 'ready',
  },
  {
    title: 'Letters and sounds',
    text: 'Alphabet practice, a word builder and a sound-it-out phonics game for children just starting out.',
    icon: 'letters',
    status: 'ready',
  },
  {
    title: 'Sparky, a friendly guide',
    text: 'A cheerful mascot who encourages your child, explains each page out loud and suggests what to do next.',
    icon: 'star',
    status: 'ready',
  },
  {
    title: 'Tools for teachers',
    text: "Classes that children join with a code, stories to read aloud set for a class, each child's scores and words to check on them, a class calendar, class analytics with the words to teach, and reports to print for families.",
    icon: 'school',
    status: 'ready',
  },
  {
    title: 'Made for every child',
    text: 'Switch to high contrast, make the text bigger or turn off motion with the Display button at the top of every page. Every page works with a keyboard, a switch and a screen reader, and can be used by voice.',
    icon: 'access',
    status: 'ready',
  },
];

/** One step of How It Works. */
export interface HowItWorksStep {
  readonly title: string;
  readonly text: string;
  readonly status: FeatureStatus;
}

/** How It Works in 4 steps (spec §2.1). */
export const HOW_IT_WORKS_STEPS: readonly HowItWorksStep[] = [
  {
    title: 'Sign Up',
    text: 'A grown-up creates an account for a family or a class.',
    status: 'ready',
  },
  {
    title: 'Take Screening',
    text: 'Your child reads three short stories to Sparky, about five minutes: the screening shows where they are starting, so stories begin at the right level, and again each season how far they have come.',
    status: 'ready',
  },
  {
    title: 'Practice Daily',
    text: 'Read a story aloud with Sparky for a few minutes each day, and hear which words to try again.',
    status: 'ready',
  },
  {
    title: 'Track Progress',
    text: 'Watch words correct per minute and accuracy grow, session by session.',
    status: 'ready',
  },
];

/** One role card. */
export interface RoleCard {
  readonly title: string;
  readonly text: string;
  readonly icon: IconName;
  /** The sign-up button's label (spec §2.1). */
  readonly action: string;
}

/** The three role cards (spec §2.1). */
export const ROLE_CARDS: readonly RoleCard[] = [
  {
    title: 'Parents',
    text: "Follow your child's reading from your own account, with a code your child gives you: which stories they read, how smoothly, and how that changes week by week, and set a reading goal together.",
    icon: 'heart',
    action: 'Start as Parent',
  },
  {
    title: 'Teachers',
    text: "Bring Sparky into your classroom to hear every child read. Make a class, give the children its code, set stories to read aloud and see each child's scores.",
    icon: 'board',
    action: 'Start as Teacher',
  },
  {
    title: 'Students',
    text: 'Pick a story, read it aloud to Sparky and earn tokens for every practice. Sparky cheers you on!',
    icon: 'smile',
    action: 'Start Reading',
  },
];
