import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import './table-scroll.css';

/** The hint shown over a table wider than the screen. */
export const SCROLL_HINT = 'Scroll sideways to see the whole table.';

/** Whether an element is wider inside than it shows (a sideways scroller with something to scroll). */
function useOverflowsInline(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * A table's own horizontal scroller for narrow screens (WCAG 1.4.10): focusable and named, so a
 * keyboard user can scroll it too (axe scrollable-region-focusable). When the table is wider than
 * the screen, a hint says so (issue 17: at 375 px nothing showed that more columns were there).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsInline(ref);
  return (
    <>
      {overflows ? (
        <p className="table-scroll__hint">
          {SCROLL_HINT}{' '}
          <span aria-hidden="true" className="table-scroll__arrow">
            →
          </span>
        </p>
      ) : null}
      <div ref={ref} className="table-scroll" role="region" aria-label={label} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
