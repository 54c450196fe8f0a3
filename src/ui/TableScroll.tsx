import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cx } from '../lib/class-names.ts';
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
 *
 * With `stack`, a table too wide for its place does not scroll: each row becomes a card of its cells,
 * each cell under its column's name (a `StackLabel` in the cell), so at 320 px with Extra-large text
 * nothing scrolls either way (WCAG 1.4.10). The table stays a table for screen readers: it carries its
 * roles explicitly (`stackedTableRoles`), since some browsers drop a table's semantics when its parts
 * are laid out as blocks, and its column headers stay in it, visually hidden. It stacks below 40 rem of
 * room (table-scroll.css, a container query: rem follows the text size, so larger text stacks sooner).
 */
export function TableScroll({
  label,
  stack = false,
  children,
}: {
  label: string;
  stack?: boolean;
  children: ReactNode;
}) {
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
      <div
        ref={ref}
        className={stack ? 'table-scroll table-scroll--stack' : 'table-scroll'}
        role="region"
        aria-label={label}
        tabIndex={0}
      >
        {children}
      </div>
    </>
  );
}

/**
 * The roles of a table that may be stacked (`TableScroll` with `stack`), written out on its elements
 * so that the table keeps them when its rows are laid out as cards (Adrian Roselli, "Tables, CSS
 * Display Properties, and ARIA"). Spread onto each element: `<tr {...stackedTableRoles.row}>`.
 */
export const stackedTableRoles = {
  table: { role: 'table' },
  rowgroup: { role: 'rowgroup' },
  row: { role: 'row' },
  columnheader: { role: 'columnheader', scope: 'col' },
  rowheader: { role: 'rowheader', scope: 'row' },
  cell: { role: 'cell' },
} as const;

/**
 * A cell's column name, shown only while its table is stacked (each row a card). Hidden from screen
 * readers, which have the column header itself.
 */
export function StackLabel({ children }: { children: ReactNode }) {
  return (
    <span className="table-scroll__label" aria-hidden="true">
      {children}
    </span>
  );
}

/**
 * A data table that stacks into one card a row when narrow (ADR 0030) and stays a table for screen readers: named by
 * its caption, in a {@link TableScroll} of the same name (or `label`). `children` are its body's rows, made with
 * {@link stackedTableRoles} and a {@link StackLabel} in each cell.
 * @param label - the scroller's name when it should differ from the caption (a reader's name added, say)
 * @param className - classes added to the table's own `data-table`
 */
export function StackedTable({
  caption,
  columns,
  label,
  className,
  children,
}: {
  caption: string;
  columns: readonly string[];
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const r = stackedTableRoles;
  const captionId = useId();
  return (
    <TableScroll label={label ?? caption} stack>
      <table className={cx('data-table', className)} {...r.table} aria-labelledby={captionId}>
        <caption id={captionId}>{caption}</caption>
        <thead {...r.rowgroup}>
          <tr {...r.row}>
            {columns.map((c) => (
              <th key={c} {...r.columnheader}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody {...r.rowgroup}>{children}</tbody>
      </table>
    </TableScroll>
  );
}
