import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  LAZY_PARTS,
  ROUTE_MODULES,
  bundleReport,
  entryKey,
  measure,
  staticClosure,
  unlistedDynamicEntries,
  type Manifest,
} from './bundle-size.ts';

/** File contents by dist path: random bytes do not compress, so gzip sizes are predictable. */
const files: Record<string, Buffer> = {
  'assets/index.js': randomBytes(3000),
  'assets/react.js': randomBytes(5000),
  'assets/shared-zod.js': randomBytes(2000),
  'assets/Login.js': randomBytes(1000),
  'assets/Shell.js': randomBytes(700),
  'assets/Home.js': randomBytes(400),
  'assets/index.css': Buffer.from('body{color:red}'),
};
const read = (file: string) => {
  const content = files[file];
  if (!content) throw new Error(`no ${file}`);
  return content;
};
const gz = (file: string) => gzipSync(read(file), { level: 9 }).length;

/** A manifest shaped like Vite's, with every listed route and part present as a dynamic entry. */
function manifest(): Manifest {
  const m: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_react.js'],
      css: ['assets/index.css'],
    },
    '_react.js': { file: 'assets/react.js' },
    '_shared-zod.js': { file: 'assets/shared-zod.js', imports: ['_react.js'] },
    'src/features/auth/LoginPage.tsx': {
      file: 'assets/Login.js',
      isDynamicEntry: true,
      imports: ['_shared-zod.js', '_react.js'],
    },
    'src/app/ProtectedLayout.tsx': {
      file: 'assets/Shell.js',
      isDynamicEntry: true,
      imports: ['_shared-zod.js'],
    },
    'src/features/home/HomePage.tsx': {
      file: 'assets/Home.js',
      isDynamicEntry: true,
      imports: ['_react.js'],
    },
  };
  for (const key of [...Object.values(ROUTE_MODULES).flat(), ...Object.keys(LAZY_PARTS)]) {
    m[key] ??= { file: 'assets/Home.js', isDynamicEntry: true };
  }
  return m;
}

describe('bundle-size: what a visitor downloads, from the manifest', () => {
  it('follows static imports transitively, never dynamic ones', () => {
    const m = manifest();
    m['index.html']!.dynamicImports = ['src/features/auth/LoginPage.tsx'];
    expect([...staticClosure(m, ['index.html'])].sort()).toEqual(['_react.js', 'index.html']);
    expect([...staticClosure(m, ['src/features/auth/LoginPage.tsx'])].sort()).toEqual([
      '_react.js',
      '_shared-zod.js',
      'src/features/auth/LoginPage.tsx',
    ]);
  });

  it('refuses a module the manifest does not have (the route table is out of date)', () => {
    expect(() => staticClosure(manifest(), ['src/features/gone/GonePage.tsx'])).toThrow(
      /not in the build manifest/,
    );
  });

  it('measures JavaScript only, gzipped at level 9', () => {
    const load = measure(manifest(), ['index.html', '_react.js'], read);
    expect(load.files.map((f) => f.file)).toEqual(['assets/index.js', 'assets/react.js']);
    expect(load.gzipBytes).toBe(gz('assets/index.js') + gz('assets/react.js'));
    expect(load.rawBytes).toBe(8000);
    expect(entryKey(manifest())).toBe('index.html');
  });

  it('counts for a route only what it adds to the landing page’s first load', () => {
    const report = bundleReport(manifest(), read);
    expect(report.landing.gzipBytes).toBe(gz('assets/index.js') + gz('assets/react.js'));
    const login = report.routes.find((r) => r.route === '/login')!;
    // Login.js and the shared chunk; react.js is already loaded with the landing page.
    expect(login.added.files.map((f) => f.file).sort()).toEqual(
      expect.arrayContaining(['assets/Login.js', 'assets/shared-zod.js']),
    );
    expect(login.added.files.map((f) => f.file)).not.toContain('assets/react.js');
    const home = report.routes.find((r) => r.route === '/home')!;
    expect(home.added.files.map((f) => f.file).sort()).toEqual([
      'assets/Home.js',
      'assets/Shell.js',
      'assets/shared-zod.js',
    ]);
    expect(report.largestFile).toEqual({ file: 'assets/react.js', rawBytes: 5000 });
  });

  it('names lazily loaded modules the tables miss, and listed ones that are no longer lazy', () => {
    const m = manifest();
    m['src/features/new/NewPage.tsx'] = { file: 'assets/New.js', isDynamicEntry: true };
    m['src/features/home/HomePage.tsx']!.isDynamicEntry = false;
    expect(unlistedDynamicEntries(m)).toEqual({
      unlisted: ['src/features/new/NewPage.tsx'],
      missing: ['src/features/home/HomePage.tsx'],
    });
    expect(unlistedDynamicEntries(manifest())).toEqual({ unlisted: [], missing: [] });
  });
});
