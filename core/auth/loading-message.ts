/**
 * §2.4: default text of the loading indicator, shown by the route guard while loading (§4.2) and
 * while a page's chunk loads.
 *
 * A module of its own (re-exported by messages.ts) because the landing page's first load shows it:
 * a module the first load imports from is bundled whole, so importing it from messages.ts brought
 * every message of the login page along (docs/decisions/0012-route-splitting.md, 29 Nov 2026).
 */
export const LOADING_MESSAGE = 'Loading...';
