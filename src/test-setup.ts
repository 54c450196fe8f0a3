import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadDisplayPreferences } from '#a11y/use-display-preferences.ts';
import { dismissToast } from './ui/toast-store.ts';

// findBy* and waitFor give up after 15 s, not Testing Library's 1 s: on a busy 2-core machine a
// lazy chunk or a re-render can take seconds (issue #15, "the suite is robust"). A passing test
// is no slower for it; only a failing one takes longer to say so.
configure({ asyncUtilTimeout: 15_000 });

/**
 * The UI tests run without Vitest's per-file isolation (`isolate: false` in vitest.config.ts: one
 * jsdom and one module graph per worker, which halves the step's time), so what one file leaves in
 * the document or in a module-level store must not reach the next. This file runs before each test
 * file: it starts from an empty document, empty storage and no toast, as a fresh jsdom would.
 */
function freshPage(): void {
  vi.useRealTimers();
  act(() => dismissToast());
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) {
    if (name.startsWith('data-')) document.documentElement.removeAttribute(name);
  }
  document.title = '';
  localStorage.clear();
  sessionStorage.clear();
  reloadDisplayPreferences();
}
freshPage();

afterEach(() => {
  cleanup();
  // The screen-reader announcer's live regions (a11y/announcer.ts) live on <body>, outside React:
  // a message left in them would be found by the next test's getByRole('status' | 'alert').
  for (const region of document.querySelectorAll('[data-announcer]')) region.remove();
});
