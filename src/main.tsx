import '@fontsource/atkinson-hyperlegible-next/400.css';
import '@fontsource/atkinson-hyperlegible-next/700.css';
import './ui/digits.css';
import './ui/tokens.css';
import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { mountAnnouncer } from '#a11y/announcer.ts';
import { applyDisplayPreferences, readDisplayPreferences } from '#a11y/display-preferences.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';

/** The element index.html provides for the app. */
export const ROOT_ELEMENT_ID = 'root';

const rootElement = document.getElementById(ROOT_ELEMENT_ID);
if (!rootElement) {
  // Spec §8: a missing root element at start is an error, not a blank page.
  throw new Error(`Sparky Reads cannot start: index.html has no element with id="${ROOT_ELEMENT_ID}".`);
}

// public/display-preferences.js normally did this before first paint; repeat it in case it was blocked.
applyDisplayPreferences(readDisplayPreferences());
mountAnnouncer();

createRoot(rootElement).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
