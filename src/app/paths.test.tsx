import { describe, expect, it } from 'vitest';
import { redirectPathFor } from '#core/auth/redirect.ts';
import { GUARD_PATHS } from '#core/auth/route-guard.ts';
import {
  builtProtectedPaths,
  challengePath,
  classPath,
  isSameSitePath,
  landingSectionPath,
  loginPath,
  paths,
  protectedPaths,
  protectedPatterns,
  publicPaths,
  readStoryPath,
  studentProgressPath,
} from './paths.ts';
import { builtScreenPaths } from './protected-screens.tsx';
import { MAX_RETRY_DELAY_MS, QUERY_STALE_TIME_MS, createQueryClient, retryDelay } from './query-client.ts';

describe('challengePath (spec §2.5)', () => {
  it('leads by type to a built screen, Story Time to the library until /saved-stories is built', () => {
    expect(challengePath('reading_time')).toBe('/fluency');
    expect(challengePath('read_stories')).toBe('/premade-stories');
    expect(challengePath('read_stories', () => true)).toBe('/saved-stories');
    expect(challengePath('practice_words')).toBe('/word-builder');
    expect(challengePath('practice_words', () => false)).toBeNull();
    expect(challengePath('alphabet_letters', () => true)).toBe('/alphabet');
    expect(challengePath('juggling', () => true)).toBe('/learn');
  });
});

describe('paths', () => {
  it('lists every protected route of spec §2.2', () => {
    const listed = new Set<string>([
      ...Object.values(protectedPaths),
      paths.class,
      paths.studentProgress,
      paths.readStory,
    ]);
    const spec = `/home, /teacher-dashboard, /class-management, /class/:classId, /student-classroom, /create-assignment,
      /student-progress, /student-progress/:studentId, /grade-assignments, /class-calendar, /student-reports,
      /class-analytics, /role-test, /my-learning-path, /my-voice, /onboarding, /profile, /create, /play, /stories,
      /premade-stories, /read-story/:storyId, /fluency, /assessment, /screening-history, /screening, /goals, /reports,
      /enhanced-reports, /tokens, /rewards, /import, /learn, /alphabet, /word-builder, /sound-it-out, /ai-tutor,
      /sparky-chat, /sparky-conversation, /avatar-shop`;
    for (const path of spec.split(',').map((p) => p.trim())) expect(listed).toContain(path);
  });

  it('builds parameterised paths with encoded ids', () => {
    expect(classPath('c1')).toBe('/class/c1');
    expect(studentProgressPath('a b')).toBe('/student-progress/a%20b');
    expect(readStoryPath('x/y')).toBe('/read-story/x%2Fy');
  });

  it('builds login links, refusing off-site next= targets', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath({ mode: 'signup' })).toBe('/login?mode=signup');
    expect(loginPath({ next: '/fluency' })).toBe('/login?next=%2Ffluency');
    expect(loginPath({ next: '//evil.example' })).toBe('/login');
    expect(loginPath({ next: 'https://evil.example' })).toBe('/login');
    expect(isSameSitePath('/\\evil.example')).toBe(false);
  });

  it('links to landing sections', () => {
    expect(landingSectionPath('features')).toBe('/#features');
    expect(landingSectionPath('how-it-works')).toBe('/#how-it-works');
  });
});

describe('one list of route paths (paths.ts)', () => {
  it('the paths core/ names (it cannot import src/) are the same as paths.ts', () => {
    expect(GUARD_PATHS).toEqual({
      login: publicPaths.login,
      onboarding: protectedPaths.onboarding,
      assessment: protectedPaths.assessment,
    });
    expect(redirectPathFor('teacher')).toBe(protectedPaths.teacherDashboard);
    expect(redirectPathFor('student')).toBe(protectedPaths.home);
  });

  it('the router has a page for exactly the screens paths.ts calls built', () => {
    const built = builtScreenPaths.filter((path) => !Object.values<string>(protectedPatterns).includes(path));
    expect([...built].sort()).toEqual([...builtProtectedPaths].sort());
  });
});

describe('query client (spec §9 data cache)', () => {
  it('retries queries 3 times and mutations once, fresh for 5 minutes, no refetch on focus', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(3);
    expect(defaults.mutations?.retry).toBe(1);
    expect(defaults.queries?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(MAX_RETRY_DELAY_MS).toBe(30_000);
  });
});
