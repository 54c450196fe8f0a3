/**
 * How the rest of the app talks to Sparky's widget without importing it (features never import each
 * other): the voice layer passes on what a child answered, a feature says an assignment was done.
 *
 * ```ts
 * replyToSparky('yes please'); // 'yes' (spec §4.8: yes, start, begin / no, skip, not now), or null
 * completeSparkyAssignment();  // the current assignment was done: Sparky praises it
 * ```
 * With no widget shown (small screens, teachers), nothing listens and nothing happens.
 */
import { understandReply, type SparkyReply } from '#core/sparky/assignments.ts';

/** What reaches the widget: the events of machines/sparky.machine.ts it accepts from outside. */
export type SparkyCommand = { type: 'sparky.reply'; reply: SparkyReply } | { type: 'sparky.complete' };

const listeners = new Set<(command: SparkyCommand) => void>();

/** The widget listens here. @returns a function that stops listening */
export function subscribeSparky(listener: (command: SparkyCommand) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A reply to Sparky's question, by voice or text. It reaches the widget only when it is understood.
 * @returns 'yes' or 'no' as understood (core/sparky/assignments.ts `understandReply`), or null
 */
export function replyToSparky(text: string): SparkyReply | null {
  const reply = understandReply(text);
  if (reply) for (const listener of listeners) listener({ type: 'sparky.reply', reply });
  return reply;
}

/** The current assignment was done (spec §4.8 completing). */
export function completeSparkyAssignment(): void {
  for (const listener of listeners) listener({ type: 'sparky.complete' });
}
