import type { PupilSummary } from '#core/api/classes.ts';
import { studentProgressPath } from '../../app/paths.ts';
import { gradeLabel } from '../../lib/api/profile-options.ts';
import { figure, wcpm } from '../../lib/reports/ChildReportView.tsx';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { StackedTable, stackedTableRoles, StackLabel } from '../../ui/TableScroll.tsx';
import { distinctNames, lastReadText, shortName } from './class-text.ts';

/** A reader as a table row shows them; `classes` on Student Progress, where a reader may be in several. */
export type PupilRow = PupilSummary & { classes?: readonly { id: string; name: string }[] };

/** Props of {@link PupilTable}. */
export interface PupilTableProps {
  pupils: readonly PupilRow[];
  /** The table's caption, which names it. */
  caption: string;
  /** Shows each reader's classes (Student Progress). */
  showClasses?: boolean;
  /** Shows a "Remove {name}" button per reader (a class's roster); `name` is the reader's name in the table. */
  onRemove?: (pupil: PupilRow, name: string) => void;
}

/**
 * Readers with the figures a teacher follows (ADR 0046): grade, Lexile level, when they last read, the latest
 * words correct per minute and accuracy, readings in the last 7 days. Each name links to the reader's Student
 * Progress page. Stacks into cards when narrow (TableScroll), and stays a table for screen readers.
 * The link and "Remove {name}" say the reader's short, distinct name in the table (distinctNames: a voice command
 * of at most 12 words, two Mias told apart); a display name cut short is shown whole under the link.
 */
export function PupilTable({ pupils, caption, showClasses = false, onRemove }: PupilTableProps) {
  const r = stackedTableRoles;
  const names = distinctNames(pupils.map((p) => ({ name: p.displayName, grade: p.grade })));
  const columns = [
    'Name',
    ...(showClasses ? ['Classes'] : []),
    'Grade',
    'Lexile',
    'Last read',
    'Words correct per minute',
    'Accuracy',
    'Readings this week',
    ...(onRemove ? ['Remove from the class'] : []),
  ];
  return (
    <StackedTable caption={caption} columns={columns}>
      {pupils.map((pupil, i) => (
        <tr key={pupil.userId} {...r.row}>
          <th {...r.rowheader}>
            <StackLabel>Name</StackLabel>
            <Link href={studentProgressPath(pupil.userId)}>
              <bdi>{names[i]}</bdi>
            </Link>
            {shortName(pupil.displayName) === pupil.displayName.trim() ? null : (
              <span className="classes__full-name">
                <bdi>{pupil.displayName}</bdi>
              </span>
            )}
          </th>
          {showClasses ? (
            <td {...r.cell}>
              <StackLabel>Classes</StackLabel>
              {(pupil.classes ?? []).map((c) => c.name).join(', ')}
            </td>
          ) : null}
          <td {...r.cell}>
            <StackLabel>Grade</StackLabel>
            {gradeLabel(pupil.grade) ?? '—'}
          </td>
          <td {...r.cell}>
            <StackLabel>Lexile</StackLabel>
            {pupil.lexileLevel === null ? '—' : `${pupil.lexileLevel}L`}
          </td>
          <td {...r.cell}>
            <StackLabel>Last read</StackLabel>
            {lastReadText(pupil.lastReadingAt)}
          </td>
          <td {...r.cell}>
            <StackLabel>Words correct per minute</StackLabel>
            {wcpm(pupil.lastWpm)}
          </td>
          <td {...r.cell}>
            <StackLabel>Accuracy</StackLabel>
            {figure(pupil.lastAccuracy, '%')}
          </td>
          <td {...r.cell}>
            <StackLabel>Readings this week</StackLabel>
            {pupil.readingsThisWeek}
          </td>
          {onRemove ? (
            <td {...r.cell}>
              <Button variant="secondary" onPress={() => onRemove(pupil, names[i]!)}>
                {`Remove ${names[i]!}`}
              </Button>
            </td>
          ) : null}
        </tr>
      ))}
    </StackedTable>
  );
}
