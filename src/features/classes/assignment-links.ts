/**
 * Links between the teacher's assignment screens and the days they show (docs/decisions/0047-assignments.md, 0048,
 * 0050, 0051): small enough that a page linking to another does not load that page's module.
 */
import { protectedPaths } from '../../app/paths.ts';

/** `/grade-assignments?assignment={id}`: one assignment's results (the spec has no route of its own for it). */
export function assignmentResultsPath(assignmentId: string): string {
  return `${protectedPaths.gradeAssignments}?assignment=${encodeURIComponent(assignmentId)}`;
}

/** `/grade-assignments?assignment={id}&reading={readingId}`: the reading record (the spec has no route for it). */
export function readingRecordPath(assignmentId: string, readingId: string): string {
  return `${protectedPaths.gradeAssignments}?assignment=${encodeURIComponent(assignmentId)}&reading=${encodeURIComponent(readingId)}`;
}

/** Today in the teacher's own time zone, YYYY-MM-DD (plus `days`). */
export function localDay(days = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A due day as written on screen: "Fri 4 Dec", in the teacher's locale; "No set day" for none. */
export function dueDayText(day: string | null): string {
  if (!day) return 'No set day';
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
}
