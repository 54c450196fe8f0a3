import { useId } from 'react';
import type { ClassScreenings as ClassScreeningsData } from '#core/api/class-analytics.ts';
import { schoolYearLabel } from '#core/screening/rules.ts';
import { studentProgressPath } from '../../app/paths.ts';
import { useClassScreenings } from '../../lib/api/class-analytics.ts';
import { figure, wcpm } from '../../lib/reports/ChildReportView.tsx';
import { BAND_WORDS, screeningChange, screeningDay, seasonTitle } from '../../lib/reports/screening-words.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Link } from '../../ui/Link.tsx';
import { StackedTable, stackedTableRoles, StackLabel } from '../../ui/TableScroll.tsx';
import { distinctNames } from './class-text.ts';

/** "2 of 5 readers are below the expected range in their latest screening." and the like, or null with none screened. */
export function screeningSummary(data: ClassScreeningsData): string | null {
  const latest = data.readers.map((r) => r.screenings[0]).filter((s) => s !== undefined);
  if (latest.length === 0) return null;
  const below = latest.filter((s) => s.band === 'below').length;
  const screened = `${latest.length} of ${data.readers.length} ${data.readers.length === 1 ? 'reader has' : 'readers have'} a screening`;
  if (below === 0) return `${screened}; none is below the expected range in their latest.`;
  return `${screened}; ${below} ${below === 1 ? 'is' : 'are'} below the expected range in their latest.`;
}

/**
 * A class's Reading Screenings on Class Analytics (docs/decisions/0050-class-analytics-and-reports.md, amending ADR
 * 0049): each reader now in the class with their latest complete screening started since they joined it (season and
 * school year, day, median words correct per minute, accuracy, the band in words against the 50th percentile) and
 * the change since the one before; "No screening yet" otherwise. A stacked table on narrow screens (ADR 0030).
 * Its own query, so a failure here leaves the rest of the page standing.
 */
export function ClassScreenings({ classId }: { classId: string }) {
  const query = useClassScreenings(classId);
  const headingId = useId();
  const r = stackedTableRoles;
  let content;
  if (query.isError) {
    content = (
      <div role="alert">
        <p>Sorry, the class&apos;s screenings could not be loaded.</p>
        <Button onPress={() => void query.refetch()}>Try the screenings again</Button>
      </div>
    );
  } else if (!query.data) {
    content = <LoadingIndicator message="Loading the screenings…" />;
  } else if (query.data.readers.length === 0) {
    content = <p>No readers are in this class yet.</p>;
  } else {
    const data = query.data;
    const names = distinctNames(data.readers.map((reader) => ({ name: reader.displayName })));
    const summary = screeningSummary(data);
    content = (
      <>
        <p>{summary ?? 'No reader of this class has a screening started since joining it.'}</p>
        <StackedTable
          caption="Latest Reading Screening of each reader"
          columns={[
            'Name',
            'Screening',
            'Words correct per minute',
            'Accuracy',
            'Against the norms',
            'Change',
          ]}
        >
          {data.readers.map((reader, i) => {
            const [latest, previous] = reader.screenings;
            return (
              <tr key={reader.userId} {...r.row}>
                <th {...r.rowheader}>
                  <StackLabel>Name</StackLabel>
                  <Link href={studentProgressPath(reader.userId)}>
                    <bdi>{names[i]}</bdi>
                  </Link>
                </th>
                {latest ? (
                  <>
                    <td {...r.cell}>
                      <StackLabel>Screening</StackLabel>
                      {seasonTitle(latest.season)} {schoolYearLabel(latest.schoolYear)},{' '}
                      {screeningDay(latest.completedAt)}
                    </td>
                    <td {...r.cell}>
                      <StackLabel>Words correct per minute</StackLabel>
                      {wcpm(latest.wpm)}
                    </td>
                    <td {...r.cell}>
                      <StackLabel>Accuracy</StackLabel>
                      {figure(latest.accuracy, '%')}
                    </td>
                    <td {...r.cell}>
                      <StackLabel>Against the norms</StackLabel>
                      {BAND_WORDS[latest.band]} (grade {latest.grade}&apos;s 50th percentile:{' '}
                      {wcpm(latest.p50)})
                    </td>
                    <td {...r.cell}>
                      <StackLabel>Change</StackLabel>
                      {(previous
                        ? screeningChange(latest, { ...previous, at: previous.completedAt })
                        : null) ?? 'First screening'}
                    </td>
                  </>
                ) : (
                  <td {...r.cell} colSpan={5}>
                    <StackLabel>Screening</StackLabel>
                    No screening yet
                  </td>
                )}
              </tr>
            );
          })}
        </StackedTable>
      </>
    );
  }
  return (
    <section className="page__card" aria-labelledby={headingId}>
      <h2 id={headingId}>Reading Screening</h2>
      <p>
        The readers&apos; own seasonal screenings, started since they joined this class: three one-minute
        readings, the middle one compared with readers of the same grade and season (Hasbrouck &amp; Tindal,
        2017; grades 7 to 12 with grade 6). A screening is not a diagnosis: a low score is a reason to listen
        to the child read.
      </p>
      {content}
    </section>
  );
}
