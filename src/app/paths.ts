/**
 * Every route of the app (spec §2.1 public, §2.2 protected). Route paths come only from here: pages
 * link with these constants and builders, and the router registers the patterns.
 *
 * Only the public pages are built so far; the protected routes are listed so links and redirects can
 * be typed now, and are registered with the accounts issue (see docs/decisions/0004-unbuilt-routes.md).
 */

/** Public routes (spec §2.1). */
export const publicPaths = {
  landing: '/',
  login: '/login',
  authConfirm: '/auth/confirm',
  verify: '/verify',
  about: '/about',
  /** The owner set-up link's page (not in the spec: issue #14 item 8; server/auth/owner-setup.ts). */
  ownerSetup: '/setup',
} as const;

/** Protected routes without parameters (spec §2.2), in the spec's order. */
export const protectedPaths = {
  home: '/home',
  teacherDashboard: '/teacher-dashboard',
  classManagement: '/class-management',
  studentClassroom: '/student-classroom',
  createAssignment: '/create-assignment',
  studentProgressList: '/student-progress',
  gradeAssignments: '/grade-assignments',
  classCalendar: '/class-calendar',
  studentReports: '/student-reports',
  classAnalytics: '/class-analytics',
  roleTest: '/role-test',
  myLearningPath: '/my-learning-path',
  myVoice: '/my-voice',
  onboarding: '/onboarding',
  profile: '/profile',
  create: '/create',
  play: '/play',
  stories: '/stories',
  premadeStories: '/premade-stories',
  fluency: '/fluency',
  assessment: '/assessment',
  screeningHistory: '/screening-history',
  screening: '/screening',
  goals: '/goals',
  reports: '/reports',
  enhancedReports: '/enhanced-reports',
  tokens: '/tokens',
  rewards: '/rewards',
  import: '/import',
  learn: '/learn',
  alphabet: '/alphabet',
  wordBuilder: '/word-builder',
  soundItOut: '/sound-it-out',
  aiTutor: '/ai-tutor',
  sparkyChat: '/sparky-chat',
  sparkyConversation: '/sparky-conversation',
  avatarShop: '/avatar-shop',
  /** Named in navigation (§2.2 "Other paths used in navigation"). */
  savedStories: '/saved-stories',
  /** Named in Sparky guidance (§2.2, §2.6). */
  alphabetLearning: '/alphabet-learning',
} as const;

/** Protected route patterns with a parameter, in react-router syntax (spec §2.2). */
export const protectedPatterns = {
  class: '/class/:classId',
  studentProgress: '/student-progress/:studentId',
  readStory: '/read-story/:storyId',
} as const;

/** Every route path or pattern, public and protected. */
export const paths = { ...publicPaths, ...protectedPaths, ...protectedPatterns } as const;

/** A public route path. */
export type PublicPath = (typeof publicPaths)[keyof typeof publicPaths];
/** A protected route path without parameters. */
export type ProtectedPath = (typeof protectedPaths)[keyof typeof protectedPaths];

/** `/class/{classId}`. The id is URL-encoded. */
export function classPath(classId: string): string {
  return `/class/${encodeURIComponent(classId)}`;
}

/** `/student-progress/{studentId}`. The id is URL-encoded. */
export function studentProgressPath(studentId: string): string {
  return `/student-progress/${encodeURIComponent(studentId)}`;
}

/** `/read-story/{storyId}`. The id is URL-encoded. */
export function readStoryPath(storyId: string): string {
  return `/read-story/${encodeURIComponent(storyId)}`;
}

/** `/fluency?storyId={id}`: fluency practice on one story ("Read it myself" in the story reader). */
export function fluencyPracticePath(storyId: string): string {
  return `${protectedPaths.fluency}?storyId=${encodeURIComponent(storyId)}`;
}

/** Login screen modes reachable by link (spec §2.1: `mode=signup` opens on sign-up). */
export type LoginMode = 'signin' | 'signup';

/**
 * `/login`, optionally opened on sign-up (`?mode=signup`) and with the protected path to return to
 * after signing in (`?next=`, accepted only when it is a same-site path).
 */
export function loginPath(options: { mode?: LoginMode; next?: string } = {}): string {
  const query = new URLSearchParams();
  if (options.mode === 'signup') query.set('mode', 'signup');
  if (options.next && isSameSitePath(options.next)) query.set('next', options.next);
  const search = query.toString();
  return search ? `${publicPaths.login}?${search}` : publicPaths.login;
}

/** Where every sign-up button of the landing page leads (spec §2.1). */
export const signUpPath = loginPath({ mode: 'signup' });

/** Ids of the landing page sections that the top bar links to (spec §2.1). */
export const landingSections = {
  features: 'features',
  howItWorks: 'how-it-works',
} as const;

/** A landing page section id. */
export type LandingSection = (typeof landingSections)[keyof typeof landingSections];

/** `/#{section}`: a landing page section, reachable from any page. */
export function landingSectionPath(section: LandingSection): string {
  return `${publicPaths.landing}#${section}`;
}

/** Ids of the About page sections that other pages link to. */
export const aboutSections = {
  privacy: 'privacy',
  accessibility: 'accessibility',
  progress: 'progress',
} as const;

/** An About page section id. */
export type AboutSection = (typeof aboutSections)[keyof typeof aboutSections];

/** `/about#{section}`. */
export function aboutSectionPath(section: AboutSection): string {
  return `${publicPaths.about}#${section}`;
}

/**
 * True for a path on this site (`/something`), false for absolute URLs and protocol-relative
 * `//host` paths, which would turn `next=` into an open redirect.
 */
export function isSameSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/**
 * Protected screens that work in this release (accounts issue). Every other protected route shows
 * its title and a short "being built" note, and is left out of the sidebar and the keyboard
 * shortcuts until it is added here.
 */
export const builtProtectedPaths: ReadonlySet<string> = new Set<string>([
  protectedPaths.home,
  protectedPaths.profile,
  protectedPaths.onboarding,
  protectedPaths.fluency,
  protectedPaths.assessment,
  protectedPaths.screening,
  protectedPaths.screeningHistory,
  protectedPaths.stories,
  protectedPaths.premadeStories,
  protectedPaths.tokens,
  protectedPaths.rewards,
  protectedPaths.avatarShop,
  protectedPaths.myVoice,
  protectedPaths.sparkyChat,
  protectedPaths.aiTutor,
  protectedPaths.sparkyConversation,
  protectedPaths.alphabet,
  protectedPaths.alphabetLearning,
  protectedPaths.wordBuilder,
  protectedPaths.soundItOut,
  protectedPaths.learn,
  protectedPaths.myLearningPath,
  protectedPaths.reports,
  protectedPaths.enhancedReports,
  protectedPaths.goals,
  protectedPaths.import,
  protectedPaths.create,
  protectedPaths.studentClassroom,
  protectedPaths.teacherDashboard,
  protectedPaths.classManagement,
  protectedPaths.studentProgressList,
  protectedPaths.createAssignment,
  protectedPaths.gradeAssignments,
  protectedPaths.classAnalytics,
  protectedPaths.classCalendar,
  protectedPaths.studentReports,
  protectedPaths.roleTest,
]);

/** Whether a protected screen works in this release (see {@link builtProtectedPaths}). */
export function isBuiltPath(path: string): boolean {
  return builtProtectedPaths.has(path);
}

/** Spec §2.5: where each daily challenge's card leads, by type (any other type: /learn). */
export const CHALLENGE_PATHS: Readonly<Record<string, ProtectedPath>> = {
  read_stories: protectedPaths.savedStories,
  practice_words: protectedPaths.wordBuilder,
  alphabet_letters: protectedPaths.alphabet,
  reading_time: protectedPaths.fluency,
};

/**
 * Where a challenge of `type` leads: spec §2.5's screen when it is built. Story Time leads to the story
 * library while /saved-stories is not built, since a story is read from there
 * (docs/decisions/0016-daily-challenges-until-built.md). Null when no built screen does the challenge:
 * then the card is not a link.
 */
export function challengePath(type: string, isBuilt: (path: string) => boolean = isBuiltPath): string | null {
  const path = CHALLENGE_PATHS[type] ?? protectedPaths.learn;
  if (isBuilt(path)) return path;
  if (type === 'read_stories' && isBuilt(protectedPaths.premadeStories)) return protectedPaths.premadeStories;
  return null;
}
