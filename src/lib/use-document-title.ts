import { useEffect } from 'react';

/** The product name, last in every page title. */
export const SITE_NAME = 'Sparky Reads';

/** The full document title for a page: "About · Sparky Reads", or the bare name for none. */
export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * Sets `document.title` for the page (WCAG 2.4.2). The route announcer (src/app/RouteFocus.tsx) reads
 * it out after navigation, so set it from the page component, not later.
 */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
