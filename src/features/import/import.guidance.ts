import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/**
 * What Sparky says on /import (ImportTextPage.tsx; §4.8 page guidance). Bringing a text is a grown-up's job (typing
 * or pasting it, or choosing a file), so the first line says so; the second tells the child what comes next.
 */
export const IMPORT_GUIDANCE: PageGuidance = [
  'Here a grown-up can bring a text for you to read aloud.',
  'Type or paste the text, give it a name, and press Save the text. Then say read it now.',
];

/** What Sparky says when a text is saved: what to say next (the buttons' names). */
export function savedLine(title: string): string {
  return `Saved! ${title} is in your stories. Say read it now, or practise reading aloud.`;
}
