/**
 * One name per screen (issue 17, item 10; docs/decisions/0022-names-and-digits.md): the document
 * title, the page's h1 and its menu label all use it, and the spoken navigation of §2.6 will too.
 * Where the spec gives a spoken-navigation page title (§2.6: Home Dashboard, Create Story, Saved
 * Stories, Premade Stories, Reading Practice, Progress Reports, Profile, Tokens, Rewards, Alphabet
 * Learning, Word Builder, Sound It Out, Learning Hub, Reading Assessment, Reading Screening, Reading
 * Goals, Import Text), that is the name; the other screens keep the names of their §2.2/§2.4 labels.
 */
import { protectedPaths as p, protectedPatterns as q } from './paths.ts';

/** Route pattern → the screen's one name. */
export const SCREEN_NAMES: Record<string, string> = {
  [p.home]: 'Home Dashboard',
  [p.teacherDashboard]: 'Teacher Dashboard',
  [p.classManagement]: 'Class Management',
  [q.class]: 'Class',
  [p.studentClassroom]: 'My Classroom',
  [p.createAssignment]: 'Create Assignment',
  [p.studentProgressList]: 'Student Progress',
  [q.studentProgress]: 'Student Progress',
  [p.gradeAssignments]: 'Grade Assignments',
  [p.classCalendar]: 'Class Calendar',
  [p.studentReports]: 'Student Reports',
  [p.classAnalytics]: 'Class Analytics',
  // Not a spec title (§2.2 gives only the path): what the screen is, a person's roles (ADR 0054).
  [p.roleTest]: 'Roles',
  [p.myLearningPath]: 'My Learning Path',
  [p.myVoice]: 'My Voice',
  [p.onboarding]: 'Welcome',
  [p.profile]: 'Profile',
  [p.create]: 'Create Story',
  [p.play]: 'Play',
  [p.stories]: 'Saved Stories',
  [p.premadeStories]: 'Premade Stories',
  [q.readStory]: 'Read Story',
  [p.fluency]: 'Reading Practice',
  [p.assessment]: 'Reading Assessment',
  [p.screeningHistory]: 'Screening History',
  [p.screening]: 'Reading Screening',
  [p.goals]: 'Reading Goals',
  [p.reports]: 'Progress Reports',
  [p.enhancedReports]: 'Enhanced Reports',
  [p.tokens]: 'Tokens',
  [p.rewards]: 'Rewards',
  [p.import]: 'Import Text',
  [p.learn]: 'Learning Hub',
  [p.alphabet]: 'Alphabet Learning',
  [p.wordBuilder]: 'Word Builder',
  [p.soundItOut]: 'Sound It Out',
  [p.aiTutor]: 'AI Tutor',
  [p.sparkyChat]: 'Sparky Chat',
  [p.sparkyConversation]: 'Sparky Conversation',
  [p.avatarShop]: 'Avatar Shop',
  [p.savedStories]: 'Saved Stories',
  [p.alphabetLearning]: 'Alphabet Learning',
};

/**
 * The name of a screen by its path or route pattern.
 * @throws {Error} for a path that has no name (a screen must be named before it is linked)
 */
export function screenName(path: string): string {
  const name = SCREEN_NAMES[path];
  if (name === undefined) throw new Error(`No screen name for ${path}`);
  return name;
}
