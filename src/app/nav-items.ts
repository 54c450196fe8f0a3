/**
 * The sidebar's groups and links by role (spec §2.4, §6). The spec lists each role's links but
 * not how they split into groups; the split below is ours. Only screens that work in this
 * release are listed ({@link isBuiltPath}); the rest join as they are built.
 */
import type { MeResponse } from '#core/api/account.ts';
// Whether the user's profile type is a reader's: one rule with the reader's own pages (src/lib/reader-pages.ts). An
// account with such a profile and the teacher role gets the teacher's menu (the teacher role wins, §6) and, because it
// may be in a class as a reader, My Classroom as well (docs/decisions/0046-classes.md, "A teacher who is also a reader").
import { isReaderProfile } from '../lib/reader-pages.ts';
import { isBuiltPath, protectedPaths as p } from './paths.ts';
import { screenName } from './screen-names.ts';

/** A sidebar link. */
export interface NavItem {
  path: string;
  label: string;
}

/** A menu link named by its screen's one name (src/app/screen-names.ts, issue 17 item 10). */
function item(path: string): NavItem {
  return { path, label: screenName(path) };
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
const profile: NavItem = item(p.profile);
/** Sparky's voice settings (issue 10), beside the profile in every menu. */
const myVoice: NavItem = item(p.myVoice);
/**
 * The Learn group of the adults' menus: a teacher chooses passages for the class and tries the
 * practice a student will do; a guardian reads with their child. Both work on their own account.
 */
const adultLearn: NavGroup = {
  id: 'learn',
  title: 'Learn',
  items: [item(p.premadeStories), item(p.fluency), item(p.learn)],
};

/** Every link of every menu, built or not (§2.4). */
export const ALL_GROUPS: Record<MenuKind, readonly NavGroup[]> = {
  student: [
    {
      id: 'main',
      title: 'Navigation',
      items: [item(p.home), item(p.studentClassroom), item(p.aiTutor), profile, myVoice],
    },
    {
      id: 'learn',
      title: 'Learn',
      items: [
        item(p.create),
        item(p.stories),
        item(p.premadeStories),
        item(p.import),
        item(p.learn),
        item(p.fluency),
        // Students have no Assess group (§6), so their screening and assessment sit under Learn.
        item(p.screening),
        item(p.assessment),
      ],
    },
    {
      id: 'rewards',
      title: 'Rewards',
      items: [item(p.avatarShop), item(p.tokens), item(p.rewards)],
    },
  ],
  other: [
    {
      id: 'main',
      title: 'Navigation',
      items: [item(p.home), item(p.aiTutor), profile, myVoice],
    },
    {
      id: 'learn',
      title: 'Learn',
      items: [
        item(p.create),
        item(p.stories),
        item(p.premadeStories),
        item(p.import),
        item(p.learn),
        item(p.fluency),
      ],
    },
    {
      id: 'assess',
      title: 'Assess',
      items: [item(p.screening), item(p.assessment)],
    },
    {
      id: 'rewards',
      title: 'Rewards',
      items: [item(p.tokens), item(p.rewards)],
    },
  ],
  guardian: [
    {
      id: 'main',
      title: 'Navigation',
      items: [item(p.home), profile, myVoice],
    },
    adultLearn,
    {
      id: 'assess',
      title: 'Assess',
      items: [item(p.reports), item(p.goals)],
    },
    { id: 'rewards', title: 'Rewards', items: [item(p.rewards)] },
  ],
  teacher: [
    {
      id: 'main',
      title: 'Dashboard',
      items: [item(p.teacherDashboard), profile, myVoice],
    },
    {
      id: 'classroom',
      title: 'Classroom',
      items: [
        item(p.classManagement),
        item(p.studentProgressList),
        item(p.classAnalytics),
        item(p.createAssignment),
        item(p.gradeAssignments),
        item(p.classCalendar),
        item(p.studentReports),
      ],
    },
    adultLearn,
    { id: 'assess', title: 'Assess', items: [item(p.screening)] },
    { id: 'rewards', title: 'Rewards', items: [item(p.rewards)] },
  ],
};

/**
 * Screens a reader takes on their own account, which the server refuses to a teacher (403 `not_a_reader`): the
 * teacher's Assess group lists Reading Screening "to screen students" (ADR 0009), but a screening is read on the
 * reader's own account, and a teacher sees their classes' screenings on Class Analytics (ADR 0050), so the link is
 * left out of the teacher's menu rather than leading to a refusal. A teacher whose profile is a reader's is not
 * refused (the server asks the profile type, `requireReader`), so they keep it ({@link isReaderProfile}).
 */
const READERS_ONLY: ReadonlySet<string> = new Set([p.screening, p.screeningHistory]);

/**
 * The teacher's menu for a teacher who is also a reader: My Classroom, where the classes they are in as a reader and
 * their stories to read are, right after Teacher Dashboard in the Dashboard group; the rest as for any teacher.
 */
function withMyClassroom(groups: readonly NavGroup[]): NavGroup[] {
  return groups.map((group) =>
    group.id === 'main'
      ? { ...group, items: [...group.items.slice(0, 1), item(p.studentClassroom), ...group.items.slice(1)] }
      : group,
  );
}

/**
 * The groups a user sees: their menu with unbuilt screens (and, for a teacher whose profile is not a reader's,
 * readers' own screens) left out and empty groups dropped; a teacher whose profile is a reader's gets My Classroom
 * too ({@link isReaderProfile}). Plain teachers and plain students get §2.4's lists exactly.
 *
 * @param me the current user
 * @param isBuilt which screens work (defaults to this release's list)
 */
export function navGroupsFor(
  me: Pick<MeResponse, 'roles' | 'profile'>,
  isBuilt: (path: string) => boolean = isBuiltPath,
): NavGroup[] {
  const kind = menuKindFor(me);
  const teacherWhoReads = kind === 'teacher' && isReaderProfile(me);
  const shown = (path: string) =>
    isBuilt(path) && !(kind === 'teacher' && !teacherWhoReads && READERS_ONLY.has(path));
  return (teacherWhoReads ? withMyClassroom(ALL_GROUPS.teacher) : ALL_GROUPS[kind])
    .map((group) => ({ ...group, items: group.items.filter((item) => shown(item.path)) }))
    .filter((group) => group.items.length > 0);
}

/**
 * Whether the user's menu (spec §2.4's list for their kind) still holds a screen that is not built, so the sidebar
 * says that more is on its way; false once every screen of it works (29 Nov 2026: every role's).
 *
 * @param me the current user
 * @param isBuilt which screens work (defaults to this release's list)
 */
export function menuStillBeingBuilt(
  me: Pick<MeResponse, 'roles' | 'profile'>,
  isBuilt: (path: string) => boolean = isBuiltPath,
): boolean {
  return ALL_GROUPS[menuKindFor(me)].some((group) => group.items.some((item) => !isBuilt(item.path)));
}
