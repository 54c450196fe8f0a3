/**
 * The typed API client: Hono's `hc<AppType>`, typed by the server's own routes (server/app.ts, a
 * type-only import: no server code reaches the browser). `api.me.$get()`, `api.stories[':id'].$get({
 * param: { id } })` and so on take what the route validates and answer what it returns, so a changed
 * contract fails the type check instead of a component. {@link unwrap} turns an answer into its body,
 * or throws {@link ApiError} with the shared error code (core/api/errors.ts).
 */
import { hc } from 'hono/client';
import type { AppType } from '#server/app.ts';

/** The request methods of Hono's client, each called with `{ param, query, json, … }`. */
const METHODS = new Set(['$get', '$post', '$put', '$patch', '$delete', '$url']);

/**
 * `client` with every path parameter URL-encoded before Hono's client puts it into the path, which it does as it is:
 * an id from an address (`?class=../assignments/x?`) could otherwise leave its segment and send the request to
 * another route. Route ids are uuids and the like, which encoding leaves unchanged.
 */
export function withEncodedParams<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key === 'string' && METHODS.has(key) && typeof value === 'function') {
        return (args?: { param?: Record<string, unknown> }, ...rest: unknown[]) => {
          const param = args?.param;
          const encoded = param
            ? {
                ...args,
                param: Object.fromEntries(
                  Object.entries(param).map(([k, v]) => [
                    k,
                    typeof v === 'string' ? encodeURIComponent(v) : v,
                  ]),
                ),
              }
            : args;
          return (value as (...a: unknown[]) => unknown)(encoded, ...rest);
        };
      }
      return value !== null && (typeof value === 'object' || typeof value === 'function')
        ? withEncodedParams(value as object)
        : value;
    },
  });
}

/** The API of this origin; cookies go with every call (same origin); path parameters encoded. */
export const api = withEncodedParams(hc<AppType>('/', { init: { credentials: 'same-origin' } }).api);
