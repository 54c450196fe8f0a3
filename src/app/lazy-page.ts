import { lazy, type ComponentType } from 'react';

/**
 * A page whose module is loaded on first visit (React.lazy; docs/decisions/0012-route-splitting.md);
 * `pick` chooses the component the module exports.
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  return lazy(async () => ({ default: pick(await load()) }));
}
