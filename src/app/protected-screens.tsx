/**
 * The protected pages of spec §2.2 and the component that shows one by its route pattern. This table
 * rides in the signed-in frame's chunk (ProtectedLayout.tsx re-exports it), not in the landing page's
 * first load (docs/decisions/0012-route-splitting.md); each page is still its own lazy chunk.
 */
import type { ComponentType } from 'react';
import { protectedPaths, protectedPatterns } from './paths.ts';
import { lazyPage } from './lazy-page.ts';

const AlphabetPage = lazyPage(
  () => import('../features/alphabet/AlphabetPage.tsx'),
  (m) => m.AlphabetPage,
);

const WordBuilderPage = lazyPage(
  () => import('../features/word-builder/WordBuilderPage.tsx'),
  (m) => m.WordBuilderPage,
);

const LearnPage = lazyPage(
  () => import('../features/learn/LearnPage.tsx'),
  (m) => m.LearnPage,
);

const ReportsPage = lazyPage(
  () => import('../features/reports/ReportsPage.tsx'),
  (m) => m.ReportsPage,
);

const GoalsPage = lazyPage(
  () => import('../features/goals/GoalsPage.tsx'),
  (m) => m.GoalsPage,
);

const BeingBuiltPage = lazyPage(
  () => import('../features/protected/BeingBuiltPage.tsx'),
  (m) => m.BeingBuiltRoute,
);

/** The screens that work; every other protected path of spec §2.2 gets the "being built" page. */
const builtScreens: Record<string, ComponentType> = {
  [protectedPaths.home]: lazyPage(
    () => import('../features/home/HomePage.tsx'),
    (m) => m.HomePage,
  ),
  [protectedPaths.myVoice]: lazyPage(
    () => import('../features/my-voice/MyVoicePage.tsx'),
    (m) => m.MyVoicePage,
  ),
  [protectedPaths.profile]: lazyPage(
    () => import('../features/profile/ProfilePage.tsx'),
    (m) => m.ProfilePage,
  ),
  [protectedPaths.onboarding]: lazyPage(
    () => import('../features/onboarding/OnboardingPage.tsx'),
    (m) => m.OnboardingPage,
  ),
  [protectedPaths.fluency]: lazyPage(
    () => import('../features/fluency/FluencyPage.tsx'),
    (m) => m.FluencyPage,
  ),
  [protectedPaths.assessment]: lazyPage(
    () => import('../features/fluency/assessment/AssessmentPage.tsx'),
    (m) => m.AssessmentPage,
  ),
  [protectedPaths.screening]: lazyPage(
    () => import('../features/fluency/screening/ScreeningPage.tsx'),
    (m) => m.ScreeningPage,
  ),
  [protectedPaths.screeningHistory]: lazyPage(
    () => import('../features/fluency/screening/ScreeningHistoryPage.tsx'),
    (m) => m.ScreeningHistoryPage,
  ),
  [protectedPaths.premadeStories]: lazyPage(
    () => import('../features/stories/StoryLibraryPage.tsx'),
    (m) => m.StoryLibraryPage,
  ),
  [protectedPatterns.readStory]: lazyPage(
    () => import('../features/stories/ReadStoryPage.tsx'),
    (m) => m.ReadStoryPage,
  ),
  [protectedPaths.stories]: lazyPage(
    () => import('../features/stories/MyStoriesPage.tsx'),
    (m) => m.MyStoriesPage,
  ),
  [protectedPaths.tokens]: lazyPage(
    () => import('../features/rewards/TokensPage.tsx'),
    (m) => m.TokensPage,
  ),
  [protectedPaths.rewards]: lazyPage(
    () => import('../features/rewards/RewardsPage.tsx'),
    (m) => m.RewardsPage,
  ),
  [protectedPaths.avatarShop]: lazyPage(
    () => import('../features/rewards/AvatarShopPage.tsx'),
    (m) => m.AvatarShopPage,
  ),
  [protectedPaths.sparkyChat]: lazyPage(
    () => import('../features/sparky/SparkyChatPage.tsx'),
    (m) => m.SparkyChatPage,
  ),
  [protectedPaths.aiTutor]: lazyPage(
    () => import('../features/ai-tutor/AiTutorPage.tsx'),
    (m) => m.AiTutorPage,
  ),
  [protectedPaths.alphabet]: AlphabetPage,
  // Named in Sparky's guidance (spec §2.2): the same screen as /alphabet, under its own path.
  [protectedPaths.alphabetLearning]: AlphabetPage,
  [protectedPaths.wordBuilder]: WordBuilderPage,
  [protectedPaths.soundItOut]: lazyPage(
    () => import('../features/sound-it-out/SoundItOutPage.tsx'),
    (m) => m.SoundItOutPage,
  ),
  [protectedPaths.learn]: LearnPage,
  [protectedPaths.myLearningPath]: lazyPage(
    () => import('../features/learning-path/LearningPathPage.tsx'),
    (m) => m.LearningPathPage,
  ),
  [protectedPaths.reports]: ReportsPage,
  [protectedPaths.enhancedReports]: lazyPage(
    () => import('../features/enhanced-reports/EnhancedReportsPage.tsx'),
    (m) => m.EnhancedReportsPage,
  ),
  [protectedPaths.goals]: GoalsPage,
  [protectedPaths.create]: lazyPage(
    () => import('../features/create/CreateStoryPage.tsx'),
    (m) => m.CreateStoryPage,
  ),
  [protectedPaths.import]: lazyPage(
    () => import('../features/import/ImportTextPage.tsx'),
    (m) => m.ImportTextPage,
  ),
  [protectedPaths.studentClassroom]: lazyPage(
    () => import('../features/classroom/StudentClassroomPage.tsx'),
    (m) => m.StudentClassroomPage,
  ),
  [protectedPaths.teacherDashboard]: lazyPage(
    () => import('../features/classes/TeacherDashboardPage.tsx'),
    (m) => m.TeacherDashboardPage,
  ),
  [protectedPaths.classManagement]: lazyPage(
    () => import('../features/classes/ClassManagementPage.tsx'),
    (m) => m.ClassManagementPage,
  ),
  [protectedPatterns.class]: lazyPage(
    () => import('../features/classes/ClassPage.tsx'),
    (m) => m.ClassPage,
  ),
  [protectedPaths.createAssignment]: lazyPage(
    () => import('../features/classes/CreateAssignmentPage.tsx'),
    (m) => m.CreateAssignmentPage,
  ),
  [protectedPaths.gradeAssignments]: lazyPage(
    () => import('../features/classes/GradeAssignmentsPage.tsx'),
    (m) => m.GradeAssignmentsPage,
  ),
  [protectedPaths.classAnalytics]: lazyPage(
    () => import('../features/classes/ClassAnalyticsPage.tsx'),
    (m) => m.ClassAnalyticsPage,
  ),
  [protectedPaths.classCalendar]: lazyPage(
    () => import('../features/classes/ClassCalendarPage.tsx'),
    (m) => m.ClassCalendarPage,
  ),
  [protectedPaths.studentReports]: lazyPage(
    () => import('../features/classes/StudentReportsPage.tsx'),
    (m) => m.StudentReportsPage,
  ),
  [protectedPaths.studentProgressList]: lazyPage(
    () => import('../features/classes/StudentProgressListPage.tsx'),
    (m) => m.StudentProgressListPage,
  ),
  [protectedPatterns.studentProgress]: lazyPage(
    () => import('../features/classes/StudentProgressPage.tsx'),
    (m) => m.StudentProgressPage,
  ),
  [protectedPaths.roleTest]: lazyPage(
    () => import('../features/roles/RolesPage.tsx'),
    (m) => m.RolesPage,
  ),
  [protectedPaths.sparkyConversation]: lazyPage(
    () => import('../features/sparky/SparkyConversationPage.tsx'),
    (m) => m.SparkyConversationPage,
  ),
};

/** The protected paths and patterns that have a page (the rest show the "being built" page). */
export const builtScreenPaths: readonly string[] = Object.keys(builtScreens);

/**
 * The page of a protected route pattern: its screen when built, otherwise the "being built" page
 * (docs/decisions/0004-unbuilt-routes.md).
 * @param path - a path or pattern of spec §2.2 (`/fluency`, `/read-story/:storyId`)
 */
export function ProtectedScreen({ path }: { path: string }) {
  const Screen = builtScreens[path];
  return Screen ? <Screen /> : <BeingBuiltPage path={path} />;
}
