/**
 * The sidebar's groups and links by role (spec §2.4, §6). The spec lists each role's links but
 * not how they split into groups; the split below is ours. Only screens that work in this
 * release are listed ({@link isBuiltPath}); the rest join as they are built.
 */
import type { MeResponse } from '#core/api/account.ts';
import { isBuiltPath, protectedPaths as p } from './paths.ts';

/** A sidebar link. */
export interface NavItem {
  path: string;
  label: string;
}

/** A titled group of links. */
export interface NavGroup {
  id: 'main' | 'classroom' | 'learn' | 'assess' | 'rewards';
  title: string;
  items: readonly NavItem[];
}

/** Which menu a user gets (§6: teacher menu, student menu, and a guardian menu). */
export type MenuKind = 'teacher' | 'guardian' | 'student' | 'other';

/** The menu for a user: the teacher role or user_type wins, then guardian, then the user type. */
export function menuKindFor(me: Pick<MeResponse, 'roles' | 'profile'>): MenuKind {
  const type = me.profile?.user_type;
  if (me.roles.includes('teacher') || type === 'teacher') return 'teacher';
  if (me.roles.includes('guardian') || type === 'guardian') return 'guardian';
  if (type === 'other') return 'other';
  return 'student';
}

// Profile is not in the spec's sidebar lists (the header links it); it is added to every menu
// because it works and it gives a teacher at least one working link while their screens are built.
const profile: NavItem = { path: p.profile, label: 'My Profile' };
/** Sparky's voice settings (issue 10), beside the profile in every menu. */
const myVoice: NavItem = { path: p.myVoice, label: 'My Voice' };
/**
 * The Learn group of the adults' menus: a teacher chooses passages for the class and tries the
 * practice a student will do; a guardian reads with their child. Both work on their own account.
 */
const adultLearn: NavGroup = {
  id: 'learn',
  title: 'Learn',
  items: [
    { path: p.premadeStories, label: 'Story Library' },
    { path: p.fluency, label: 'Reading Fluency' },
    { path: p.learn, label: 'Learning Center' },
  ],
};

/** Every link of every menu, built or not (§2.4). */
export const ALL_GROUPS: Record<MenuKind, readonly NavGroup[]> = {
  student: [
    {
      id: 'main',
      title: 'Navigation',
      items: [
        { path: p.home, label: 'Home' },
        { path: p.studentClassroom, label: 'My Classroom' },
        { path: p.aiTutor, label: 'AI Tutor' },
        profile,
        myVoice,
      ],
    },
    {
      id: 'learn',
      title: 'Learn',
      items: [
        { path: p.create, label: 'Create Story' },
        { path: p.stories, label: 'My Stories' },
        { path: p.premadeStories, label: 'Story Library' },
        { path: p.import, label: 'Import Text' },
        { path: p.learn, label: 'Learning Center' },
        { path: p.fluency, label: 'Reading Fluency' },
        // Students have no Assess group (§6), so their screening and assessment sit under Learn.
        { path: p.screening, label: 'Reading Screening' },
        { path: p.assessment, label: 'Assessment' },
      ],
    },
    {
      id: 'rewards',
      title: 'Rewards',
      items: [
        { path: p.avatarShop, label: 'Avatar Shop' },
        { path: p.tokens, label: 'Tokens' },
        { path: p.rewards, label: 'Rewards' },
      ],
    },
  ],
  other: [
    {
      id: 'main',
      title: 'Navigation',
      items: [{ path: p.home, label: 'Home' }, { path: p.aiTutor, label: 'AI Tutor' }, profile, myVoice],
    },
    {
      id: 'learn',
      title: 'Learn',
      items: [
        { path: p.create, label: 'Create Story' },
        { path: p.stories, label: 'My Stories' },
        { path: p.premadeStories, label: 'Story Library' },
        { path: p.import, label: 'Import Text' },
        { path: p.learn, label: 'Learning Center' },
        { path: p.fluency, label: 'Reading Fluency' },
      ],
    },
    {
      id: 'assess',
      title: 'Assess',
      items: [
        { path: p.screening, label: 'Reading Screening' },
        { path: p.assessment, label: 'Assessment' },
      ],
    },
    {
      id: 'rewards',
      title: 'Rewards',
      items: [
        { path: p.tokens, label: 'Tokens' },
        { path: p.rewards, label: 'Rewards' },
      ],
    },
  ],
  guardian: [
    {
      id: 'main',
      title: 'Navigation',
      items: [{ path: p.home, label: 'Home' }, profile, myVoice],
    },
    adultLearn,
    {
      id: 'assess',
      title: 'Assess',
      items: [
        { path: p.reports, label: 'Progress' },
        { path: p.goals, label: 'Goals' },
      ],
    },
    { id: 'rewards', title: 'Rewards', items: [{ path: p.rewards, label: 'Rewards' }] },
  ],
  teacher: [
    {
      id: 'main',
      title: 'Dashboard',
      items: [{ path: p.teacherDashboard, label: 'Teacher Dashboard' }, profile, myVoice],
    },
    {
      id: 'classroom',
      title: 'Classroom',
      items: [
        { path: p.classManagement, label: 'Class Management' },
        { path: p.studentProgressList, label: 'Student Progress' },
        { path: p.classAnalytics, label: 'Class Analytics' },
        { path: p.createAssignment, label: 'Create Assignment' },
        { path: p.gradeAssignments, label: 'Grade Assignments' },
        { path: p.classCalendar, label: 'Class Calendar' },
        { path: p.studentReports, label: 'Student Reports' },
      ],
    },
    adultLearn,
    { id: 'assess', title: 'Assess', items: [{ path: p.screening, label: 'Reading Screening' }] },
    { id: 'rewards', title: 'Rewards', items: [{ path: p.rewards, label: 'Rewards' }] },
  ],
};

/**
 * The groups a user sees: their menu with unbuilt screens left out and empty groups dropped.
 *
 * @param me the current user
 * @param isBuilt which screens work (defaults to this release's list)
 */
export function navGroupsFor(
  me: Pick<MeResponse, 'roles' | 'profile'>,
  isBuilt: (path: string) => boolean = isBuiltPath,
): NavGroup[] {
  return ALL_GROUPS[menuKindFor(me)]
    .map((group) => ({ ...group, items: group.items.filter((item) => isBuilt(item.path)) }))
    .filter((group) => group.items.length > 0);
}
