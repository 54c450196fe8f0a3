import { groupedClassCode, type ClassSummary } from '#core/api/classes.ts';
import { classPath } from '../../app/paths.ts';
import { gradeLabel } from '../../lib/api/profile-options.ts';
import { Link } from '../../ui/Link.tsx';
import { readerCount, shortName, spelledClassCode } from './class-text.ts';

/**
 * One class in a list (Teacher Dashboard, Class Management): its name (a link to its page), grade, readers, and
 * its code (spelled a digit at a time for a screen reader) or that joining is off. The link says `label`, the
 * class's short and distinct name in the list (distinctNames), so it is a voice command of a few words; a name
 * cut short is shown whole beside it.
 */
export function ClassLine({
  summary,
  label,
  linkId,
}: {
  summary: ClassSummary;
  /** The link's visible name: the class's name in this list, from distinctNames. */ label: string;
  /** The link's id, to move focus to it. */ linkId?: string;
}) {
  const grade = gradeLabel(summary.grade);
  const cut = shortName(summary.name) !== summary.name.trim();
  return (
    <li className="classes__item">
      <Link id={linkId} href={classPath(summary.id)} className="classes__name">
        <bdi>{label}</bdi>
      </Link>
      {cut ? (
        <span>
          <bdi>{summary.name}</bdi>
        </span>
      ) : null}
      <span>
        {grade ? `${grade}, ` : ''}
        {readerCount(summary.pupilCount)}
      </span>
      {summary.code ? (
        <span>
          Code{' '}
          <span className="classes__code-inline" aria-hidden="true">
            {groupedClassCode(summary.code.code)}
          </span>
          <span className="visually-hidden">{spelledClassCode(summary.code.code)}</span>
        </span>
      ) : (
        <span>Joining is off</span>
      )}
    </li>
  );
}
