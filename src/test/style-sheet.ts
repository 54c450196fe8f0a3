import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The rules of one of the app's style sheets, parsed by jsdom, for tests of what CSS alone decides
 * (which media a rule applies under, what reduced motion turns off). jsdom lays nothing out and
 * matches no media query, so a test reads the rule itself. The file is read from disk, because Vitest
 * hands a CSS import (even `?raw`) over empty. `path` is relative to `src/`.
 */
export function readStyleSheet(path: string): CSSRule[] {
  const style = document.createElement('style');
  style.textContent = readFileSync(join(import.meta.dirname, '..', path), 'utf8');
  document.head.append(style);
  const rules = [...style.sheet!.cssRules];
  style.remove();
  return rules;
}
