/** Where the server collects not-found paths (added by the server side of issue 2). */
export const NOT_FOUND_LOG_ENDPOINT = '/api/log/not-found';

/**
 * Records a path that matched no page (spec §2.1 "The attempted path is logged"): a console
 * warning for whoever has the developer tools open, and a beacon to the server, which survives the
 * person leaving the page at once. The body is the JSON `{ "path": "/what/was/tried?and=query" }`,
 * sent as text/plain (a beacon never triggers a CORS preflight). Never throws.
 *
 * @param path the pathname, search and hash that were requested
 */
export function logNotFound(path: string): void {
  console.warn(`Page not found: ${path}`);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon(NOT_FOUND_LOG_ENDPOINT, JSON.stringify({ path }));
    }
  } catch {
    // Logging must never break the page.
  }
}
