/**
 * The typed API client: Hono's `hc<AppType>`, typed by the server's own routes (server/app.ts, a
 * type-only import: no server code reaches the browser). `api.me.$get()`, `api.stories[':id'].$get({
 * param: { id } })` and so on take what the route validates and answer what it returns, so a changed
 * contract fails the type check instead of a component. {@link unwrap} turns an answer into its body,
 * or throws {@link ApiError} with the shared error code (core/api/errors.ts).
 */
import { hc } from 'hono/client';
import type { AppType } from '#server/app.ts';

/** The API of this origin; cookies go with every call (same origin). */
export const api = hc<AppType>('/', { init: { credentials: 'same-origin' } }).api;
