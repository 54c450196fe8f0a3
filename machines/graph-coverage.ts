/**
 * Helpers for tier-2 machine tests (house style, Machines): walk a machine's reachable
 * states with `xstate/graph` and report which leaf states were reached, which states are
 * dead ends, and which cannot reach a goal. Used by `machines/*.test.ts`; UI tests may use
 * them too. No DOM, no timers: traversal uses pure transitions only (actions and invoked
 * actors never run; their answers are fed in as `xstate.done.actor.*` events).
 */
import { getAdjacencyMap, serializeSnapshot, type AdjacencyMap } from 'xstate/graph';
import type { AnyStateMachine, AnyStateNode, SnapshotFrom, StateValue } from 'xstate';

/**
 * Leaf state paths of a state value, dot-separated: `{ signIn: 'idle' }` → `['signIn.idle']`;
 * parallel regions give one path each.
 *
 * @param value a snapshot's `value`
 */
export function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [key] : leafPaths(child).map((p) => `${key}.${p}`),
  );
}

/** Whether a state node is left at once by an unguarded eventless (`always`) transition. */
function isTransient(node: AnyStateNode): boolean {
  return node.always?.some((t) => t.guard === undefined) ?? false;
}

/**
 * Every leaf state a snapshot can rest in, dot-separated from the root (`'signIn.idle'`).
 * Transient states (left at once by an unguarded `always`) and history nodes are left out,
 * since no snapshot ever rests there.
 *
 * @param machine the machine to list
 */
export function restingLeafPaths(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: AnyStateNode, prefix: string[]) => {
    for (const [key, child] of Object.entries(node.states) as [string, AnyStateNode][]) {
      if (child.type === 'history') continue;
      const path = [...prefix, key];
      if (Object.keys(child.states).length === 0) {
        if (!isTransient(child)) out.push(path.join('.'));
      } else walk(child, path);
    }
  };
  walk(machine.root, []);
  return out;
}

/** What a traversal found. */
export interface GraphReport<TSnapshot> {
  /** Every reached snapshot by its serialisation. */
  states: Map<string, TSnapshot>;
  /** Serialised state → serialised states one event away. */
  edges: Map<string, Set<string>>;
  /** Leaf paths of every reached snapshot, sorted, unique. */
  reached: string[];
  /** Leaf paths the machine declares (resting ones) but the traversal never reached. */
  unreached: string[];
  /** Serialised snapshots that are not final and have no transition to a different state value. */
  deadEnds: string[];
}

/** Options of {@link analyseMachine}. */
export interface AnalyseOptions<TSnapshot, TEvent> {
  /** Sample events tried in every state, including `xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<id>`. */
  events: readonly TEvent[];
  /** Serialisation that decides which snapshots count as the same state (default: value + context). */
  serializeState?: (snapshot: TSnapshot) => string;
  /** Machine input. */
  input?: unknown;
  /** Stop after this many states (default 20 000). */
  limit?: number;
}

/**
 * Traverses `machine` with the sample events and reports coverage and dead ends.
 *
 * @param machine the machine (usually `.provide()`d with guards that do not read clocks)
 * @param options sample events and serialisation
 */
export function analyseMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: AnalyseOptions<SnapshotFrom<TMachine>, unknown>,
): GraphReport<SnapshotFrom<TMachine>> {
  type S = SnapshotFrom<TMachine>;
  const serialize = options.serializeState ?? ((s: S) => serializeSnapshot(s as never));
  const adjacency = getAdjacencyMap(machine, {
    events: options.events as never,
    serializeState: ((s: S) => serialize(s)) as never,
    input: options.input,
    limit: options.limit ?? 20_000,
  }) as AdjacencyMap<S, unknown>;
  const states = new Map<string, S>();
  const edges = new Map<string, Set<string>>();
  const reachedSet = new Set<string>();
  const deadEnds: string[] = [];
  type Resting = { value: StateValue; status: string };
  for (const [key, node] of Object.entries(adjacency)) {
    const snapshot = node.state as unknown as Resting;
    states.set(key, node.state);
    const transitions = Object.values(node.transitions) as { state: S }[];
    const next = new Set(transitions.map((t) => serialize(t.state)));
    edges.set(key, next);
    leafPaths(snapshot.value).forEach((p) => reachedSet.add(p));
    if (snapshot.status === 'done') continue;
    const moves = transitions.some(
      (t) => JSON.stringify((t.state as unknown as Resting).value) !== JSON.stringify(snapshot.value),
    );
    if (!moves) deadEnds.push(key);
  }
  const reached = [...reachedSet].sort();
  const unreached = restingLeafPaths(machine).filter((p) => !reachedSet.has(p));
  return { states, edges, reached, unreached, deadEnds };
}

/**
 * Serialised states of `report` from which no sequence of the sample events reaches a
 * snapshot satisfying `goal` (e.g. "the page is shown", "signed out"). Empty means the goal
 * is reachable from everywhere.
 *
 * @param report a report from {@link analyseMachine}
 * @param goal predicate on a snapshot
 */
export function statesThatCannotReach<TSnapshot>(
  report: GraphReport<TSnapshot>,
  goal: (snapshot: TSnapshot) => boolean,
): string[] {
  const good = new Set([...report.states].filter(([, s]) => goal(s)).map(([k]) => k));
  let changed = true;
  while (changed) {
    changed = false;
    for (const [key, next] of report.edges) {
      if (!good.has(key) && [...next].some((n) => good.has(n))) {
        good.add(key);
        changed = true;
      }
    }
  }
  return [...report.states.keys()].filter((k) => !good.has(k));
}
