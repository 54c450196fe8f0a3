import type { ReadingSessionSummary } from '#core/api/reading-sessions.ts';
import { StackLabel, stackedTableRoles, TableScroll } from '../../../ui/TableScroll.tsx';
import { readingTime } from '../ReadingProgress.tsx';

/**
 * The reader's earlier reading checks, newest first, for grown-ups: when, which story, words correct per
 * minute and accuracy, so a change over the year shows at a glance (DIBELS benchmarks are three a
 * year; ADR 0038). Where the table has less than 40 rem of room each check is a card of its figures,
 * still a table for screen readers (TableScroll `stack`). Nothing when there is none.
 * @param sessions the reader's sessions (GET /api/reading-sessions); only the Reading Assessment's are shown:
 *   `mode: 'assessment'` not made for a screening (`for_screening`, or a `screening_id`) (a Reading Screening's readings are in `assessment` mode too, but
 *   are passages of a screening, shown on Screening History; docs/decisions/0049-reading-screening.md)
 */
export function EarlierChecks({ sessions }: { sessions: readonly ReadingSessionSummary[] }) {
  const checks = sessions.filter((s) => s.mode === 'assessment' && !s.for_screening && !s.screening_id);
  if (checks.length === 0) return null;
  const r = stackedTableRoles;
  return (
    <section className="page__card" aria-labelledby="earlier-checks-title">
      <h2 id="earlier-checks-title">For grown-ups: earlier reading checks</h2>
      <TableScroll label="Reading checks, newest first" stack>
        <table className="data-table" {...r.table} aria-labelledby="earlier-checks-caption">
          <caption id="earlier-checks-caption">Reading checks, newest first</caption>
          <thead {...r.rowgroup}>
            <tr {...r.row}>
              {['When', 'Story', 'Words correct per minute', 'Accuracy'].map((column) => (
                <th key={column} {...r.columnheader}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody {...r.rowgroup}>
            {checks.map((s) => (
              <tr key={s.id} {...r.row}>
                <th {...r.rowheader}>
                  <StackLabel>When</StackLabel>
                  {readingTime(s.created_at)}
                </th>
                <td {...r.cell}>
                  <StackLabel>Story</StackLabel>
                  {s.story_title}
                </td>
                <td {...r.cell}>
                  <StackLabel>Words correct per minute</StackLabel>
                  {s.wcpm === null ? '—' : Math.round(s.wcpm)}
                </td>
                <td {...r.cell}>
                  <StackLabel>Accuracy</StackLabel>
                  {s.accuracy_percentage === null ? '—' : `${s.accuracy_percentage.toFixed(1)}%`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
