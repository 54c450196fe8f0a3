import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * Where the journeys save screenshots for a person to look at (`E2E_SHOTS_DIR`), or null: then none is
 * taken. They assert nothing, and `npm test` leaves them out (a full-page PNG costs the browser CPU, and
 * the suite is bound by CPU on 2 cores).
 */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR || null;

/**
 * Saves a screenshot of a page (the whole page) or of one element as `<E2E_SHOTS_DIR>/<name>.png`; does
 * nothing without E2E_SHOTS_DIR.
 * @param target the page, or an element of it
 * @param name the file's name, without `.png`
 */
export async function saveShot(target: Page | Locator, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const path = join(SHOTS_DIR, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}
