/**
 * A picture for every navigation item (issue 10, a picture-first interface for pre-readers): a child
 * who cannot read the menu yet finds "home" by its house and hears its name with "Read buttons to
 * me". Keys are paths of paths.ts; a path without its own picture gets the book.
 */
import type { IconName } from '../ui/Icon.tsx';
import { protectedPaths as p } from './paths.ts';

const ICONS: Record<string, IconName> = {
  [p.home]: 'home',
  [p.teacherDashboard]: 'board',
  [p.profile]: 'user',
  [p.roleTest]: 'shield',
  [p.myVoice]: 'voice',
  [p.fluency]: 'mic',
  [p.premadeStories]: 'library',
  [p.stories]: 'book',
  [p.create]: 'pencil',
  [p.import]: 'clipboard',
  [p.learn]: 'letters',
  [p.myLearningPath]: 'path',
  [p.alphabet]: 'letters',
  [p.wordBuilder]: 'blocks',
  [p.soundItOut]: 'speaker',
  [p.screening]: 'clipboard',
  [p.assessment]: 'levels',
  [p.reports]: 'chart',
  [p.enhancedReports]: 'report',
  [p.goals]: 'star',
  [p.tokens]: 'star',
  [p.rewards]: 'trophy',
  [p.avatarShop]: 'smile',
  [p.aiTutor]: 'smile',
  [p.studentClassroom]: 'school',
  [p.classManagement]: 'school',
  [p.studentProgressList]: 'chart',
  [p.classAnalytics]: 'chart',
  [p.createAssignment]: 'pencil',
  [p.gradeAssignments]: 'check',
  [p.classCalendar]: 'calendar',
  [p.studentReports]: 'report',
};

/** The picture of a navigation item. */
export function navIcon(path: string): IconName {
  return ICONS[path] ?? 'book';
}
