/**
 * What a visitor downloads, read from Vite's build manifest (`dist/.vite/manifest.json`, written
 * because vite.config.ts sets `build.manifest`): the JavaScript of the landing page's first load,
 * and what each route adds on top of it. Sizes are gzip at level 9, the level of the precompressed
 * `.gz` files the server sends (vite.config.ts). Used by `npm run bench:bundle`
 * (scripts/bench-bundle.ts) and by the budget test (e2e/bundle-budget.spec.ts).
 *
 * Budgets (issue #15, docs/decisions/0012-route-splitting.md): the landing page's first load at most
 * 120 kB of JavaScript gzipped; every chunk a route loads on top of it at most 80 kB gzipped; no file
 * over Vite's 500 kB warning. A route's total (its chunks together, shared libraries included) is
 * printed as well.
 */
import { gzipSync } from 'node:zlib';

/** The landing page's first-load budget: bytes of JavaScript, gzipped. */
export const LANDING_BUDGET_BYTES = 120 * 1024;
/** The largest a chunk loaded by a route may be: bytes gzipped. */
export const ROUTE_CHUNK_BUDGET_BYTES = 80 * 1024;
/** Vite's chunk-size warning threshold (`build.chunkSizeWarningLimit`): bytes before compression. */
export const VITE_WARNING_BYTES = 500 * 1000;

/** One entry of Vite's manifest (the fields used here). */
export interface ManifestChunk {
  /** Output file, relative to dist/ (e.g. `assets/index-abc123.js`). */
  file: string;
  /** Source file, relative to the project root, for entries and dynamic entries. */
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Manifest keys of the chunks this one imports statically (loaded with it). */
  imports?: string[];
  /** Manifest keys of the chunks this one imports with `import()` (loaded later). */
  dynamicImports?: string[];
  /** CSS files loaded with it. */
  css?: string[];
}

/** Vite's manifest: manifest key (source path, or `_name.js` for shared chunks) → chunk. */
export type Manifest = Record<string, ManifestChunk>;

/**
 * The routes of src/app/router.tsx and the page modules each one loads lazily, in loading order.
 * Everything else the route needs is in the entry. Checked against the manifest by
 * {@link unlistedDynamicEntries}: a new lazy module must be listed here (or in
 * {@link LAZY_PARTS}) so its size is printed and budgeted.
 */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': [],
  '/about': ['src/features/about/AboutPage.tsx'],
  '/login': ['src/features/auth/LoginPage.tsx', 'src/app/QueryScope.tsx'],
  '/auth/confirm, /verify': ['src/features/auth/ConfirmEmailPage.tsx'],
  '/setup': ['src/features/auth/OwnerSetupPage.tsx', 'src/app/QueryScope.tsx'],
  '(not found)': ['src/features/not-found/NotFoundPage.tsx'],
  '/home': ['src/app/ProtectedLayout.tsx', 'src/features/home/HomePage.tsx'],
  '/profile': ['src/app/ProtectedLayout.tsx', 'src/features/profile/ProfilePage.tsx'],
  '/onboarding': ['src/app/ProtectedLayout.tsx', 'src/features/onboarding/OnboardingPage.tsx'],
  '/fluency': ['src/app/ProtectedLayout.tsx', 'src/features/fluency/FluencyPage.tsx'],
  '/assessment': ['src/app/ProtectedLayout.tsx', 'src/features/fluency/assessment/AssessmentPage.tsx'],
  '/screening': ['src/app/ProtectedLayout.tsx', 'src/features/fluency/screening/ScreeningPage.tsx'],
  '/screening-history': [
    'src/app/ProtectedLayout.tsx',
    'src/features/fluency/screening/ScreeningHistoryPage.tsx',
  ],
  '/premade-stories': ['src/app/ProtectedLayout.tsx', 'src/features/stories/StoryLibraryPage.tsx'],
  '/read-story/:storyId': ['src/app/ProtectedLayout.tsx', 'src/features/stories/ReadStoryPage.tsx'],
  '/stories': ['src/app/ProtectedLayout.tsx', 'src/features/stories/MyStoriesPage.tsx'],
  '/my-voice': ['src/app/ProtectedLayout.tsx', 'src/features/my-voice/MyVoicePage.tsx'],
  '/rewards': ['src/app/ProtectedLayout.tsx', 'src/features/rewards/RewardsPage.tsx'],
  '/tokens': ['src/app/ProtectedLayout.tsx', 'src/features/rewards/TokensPage.tsx'],
  '/avatar-shop': ['src/app/ProtectedLayout.tsx', 'src/features/rewards/AvatarShopPage.tsx'],
  '/sparky-chat': ['src/app/ProtectedLayout.tsx', 'src/features/sparky/SparkyChatPage.tsx'],
  '/sparky-conversation': ['src/app/ProtectedLayout.tsx', 'src/features/sparky/SparkyConversationPage.tsx'],
  '/ai-tutor': ['src/app/ProtectedLayout.tsx', 'src/features/ai-tutor/AiTutorPage.tsx'],
  '/alphabet, /alphabet-learning': ['src/app/ProtectedLayout.tsx', 'src/features/alphabet/AlphabetPage.tsx'],
  '/word-builder': ['src/app/ProtectedLayout.tsx', 'src/features/word-builder/WordBuilderPage.tsx'],
  '/sound-it-out': ['src/app/ProtectedLayout.tsx', 'src/features/sound-it-out/SoundItOutPage.tsx'],
  '/learn': ['src/app/ProtectedLayout.tsx', 'src/features/learn/LearnPage.tsx'],
  '/my-learning-path': ['src/app/ProtectedLayout.tsx', 'src/features/learning-path/LearningPathPage.tsx'],
  '/reports': ['src/app/ProtectedLayout.tsx', 'src/features/reports/ReportsPage.tsx'],
  '/enhanced-reports': [
    'src/app/ProtectedLayout.tsx',
    'src/features/enhanced-reports/EnhancedReportsPage.tsx',
  ],
  '/goals': ['src/app/ProtectedLayout.tsx', 'src/features/goals/GoalsPage.tsx'],
  '/role-test': ['src/app/ProtectedLayout.tsx', 'src/features/roles/RolesPage.tsx'],
  '/import': ['src/app/ProtectedLayout.tsx', 'src/features/import/ImportTextPage.tsx'],
  '/create': ['src/app/ProtectedLayout.tsx', 'src/features/create/CreateStoryPage.tsx'],
  '/student-classroom': ['src/app/ProtectedLayout.tsx', 'src/features/classroom/StudentClassroomPage.tsx'],
  '/teacher-dashboard': ['src/app/ProtectedLayout.tsx', 'src/features/classes/TeacherDashboardPage.tsx'],
  '/class-management': ['src/app/ProtectedLayout.tsx', 'src/features/classes/ClassManagementPage.tsx'],
  '/class/:classId': ['src/app/ProtectedLayout.tsx', 'src/features/classes/ClassPage.tsx'],
  '/create-assignment': ['src/app/ProtectedLayout.tsx', 'src/features/classes/CreateAssignmentPage.tsx'],
  '/grade-assignments': ['src/app/ProtectedLayout.tsx', 'src/features/classes/GradeAssignmentsPage.tsx'],
  '/class-analytics': ['src/app/ProtectedLayout.tsx', 'src/features/classes/ClassAnalyticsPage.tsx'],
  '/class-calendar': ['src/app/ProtectedLayout.tsx', 'src/features/classes/ClassCalendarPage.tsx'],
  '/student-reports': ['src/app/ProtectedLayout.tsx', 'src/features/classes/StudentReportsPage.tsx'],
  '/student-progress': ['src/app/ProtectedLayout.tsx', 'src/features/classes/StudentProgressListPage.tsx'],
  '/student-progress/:studentId': [
    'src/app/ProtectedLayout.tsx',
    'src/features/classes/StudentProgressPage.tsx',
  ],
  '(screens being built)': ['src/app/ProtectedLayout.tsx', 'src/features/protected/BeingBuiltPage.tsx'],
};

/**
 * Parts loaded lazily inside a page, only when used, with the route that loads them: each is
 * budgeted like a route, on top of that route's own load.
 */
export const LAZY_PARTS: Readonly<Record<string, { route: string; label: string }>> = {
  'src/ui/DisplaySettingsPanel.tsx': { route: '/', label: 'Display settings panel (on first open)' },
  'src/app/session-keeper.tsx': { route: '/home', label: 'session keeper (statechart), after the page' },
  'node_modules/better-auth/dist/client/react/index.mjs': {
    route: '/login',
    label: 'better-auth client (on sign-in, sign-out, reset)',
  },
  'src/features/auth/SignUpDetailsFields.tsx': {
    route: '/login',
    label: "sign-up step 2's fields (select, radio group), fetched at step 1",
  },
  'src/features/fluency/ProgressPlot.tsx': { route: '/fluency', label: 'progress chart (our own SVG)' },
  'src/app/audio/audio-engine.ts': {
    route: '/',
    label: "Sparky's audio engine (statechart, howler), after first paint",
  },
  'src/app/audio/ShortcutsHelp.tsx': { route: '/', label: 'spoken help dialog (on first open)' },
  'core/audio/wav.ts': { route: '/fluency', label: 'WAV encoder (wavefile), as the microphone starts' },
  'src/ui/icons-more.tsx': {
    route: '/home',
    label: 'icons of the signed-in pages (with the signed-in frame; elsewhere on first use)',
  },
  'src/features/sparky/SparkyWidget.tsx': {
    route: '/home',
    label: "Sparky's widget (statechart, face), on large screens for readers",
  },
};

/** One measured JavaScript file. */
export interface FileSize {
  /** Dist-relative path. */
  file: string;
  /** Gzipped at level 9, bytes. */
  gzipBytes: number;
  /** Before compression, bytes. */
  rawBytes: number;
}

/** A measured load: the files and their gzipped total. */
export interface Load {
  /** JavaScript files (dist-relative), in manifest order. */
  files: FileSize[];
  /** Their size, gzipped at level 9, in bytes. */
  gzipBytes: number;
  /** Their size before compression, in bytes. */
  rawBytes: number;
}

/**
 * Manifest keys of `keys` and of everything they import statically, transitively: what the
 * browser loads with them.
 *
 * @param manifest Vite's manifest
 * @param keys starting manifest keys
 * @throws {Error} when a key is not in the manifest (the route table is out of date)
 */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (was it renamed or no longer lazy?)`);
    seen.add(key);
    for (const child of chunk.imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * Sizes of the JavaScript files of `keys`.
 *
 * @param manifest Vite's manifest
 * @param keys manifest keys
 * @param read reads a dist-relative file
 */
export function measure(manifest: Manifest, keys: Iterable<string>, read: (file: string) => Buffer): Load {
  const files = [...keys]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const content = read(file);
      return { file, rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    });
  return {
    files,
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
  };
}

/** The manifest key of the HTML entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The build manifest has no entry.');
  return key;
}

/** Every figure `npm run bench:bundle` prints and the budget test checks. */
export interface BundleReport {
  /** The landing page's first load: the entry and its static imports. */
  landing: Load;
  /** Per route: what it loads on top of the landing page's first load. */
  routes: { route: string; added: Load }[];
  /** Per lazy part: what it loads on top of its route. */
  parts: { module: string; label: string; route: string; added: Load }[];
  /** The largest single JavaScript file, before compression (Vite warns above 500 kB). */
  largestFile: { file: string; rawBytes: number };
}

/**
 * Measures the landing page's first load, each route and each lazy part.
 *
 * @param manifest Vite's manifest
 * @param read reads a dist-relative file
 */
export function bundleReport(manifest: Manifest, read: (file: string) => Buffer): BundleReport {
  const entry = staticClosure(manifest, [entryKey(manifest)]);
  const landing = measure(manifest, [...entry, ...staticClosure(manifest, ROUTE_MODULES['/'] ?? [])], read);
  const without = (keys: Set<string>, base: Set<string>) => [...keys].filter((k) => !base.has(k));
  const routes = Object.entries(ROUTE_MODULES).map(([route, modules]) => ({
    route,
    added: measure(manifest, without(staticClosure(manifest, modules), entry), read),
  }));
  const parts = Object.entries(LAZY_PARTS).map(([module, { route, label }]) => {
    const base = new Set([...entry, ...staticClosure(manifest, ROUTE_MODULES[route] ?? [])]);
    return {
      module,
      label,
      route,
      added: measure(manifest, without(staticClosure(manifest, [module]), base), read),
    };
  });
  const largestFile = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => ({ file: chunk.file, rawBytes: read(chunk.file).length }))
    .reduce((a, b) => (b.rawBytes > a.rawBytes ? b : a), { file: '', rawBytes: 0 });
  return { landing, routes, parts, largestFile };
}

/**
 * Lazily loaded modules of the build that neither {@link ROUTE_MODULES} nor {@link LAZY_PARTS}
 * name, and named ones that are no longer lazily loaded: both mean the tables above are out of date.
 *
 * @param manifest Vite's manifest
 */
export function unlistedDynamicEntries(manifest: Manifest): { unlisted: string[]; missing: string[] } {
  const listed = new Set([...Object.values(ROUTE_MODULES).flat(), ...Object.keys(LAZY_PARTS)]);
  const dynamic = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key]) => key);
  return {
    unlisted: dynamic.filter((key) => !listed.has(key)).sort(),
    missing: [...listed].filter((key) => !manifest[key]?.isDynamicEntry).sort(),
  };
}

/** `bytes` as kB with one decimal (1 kB = 1024 bytes). */
export function kB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}
