import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { EnhancedPeriod } from '#core/api/enhanced-reports.ts';
import type { LinkedPerson } from '#core/api/family.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useChildEnhancedReport, useOwnEnhancedReport } from '../../lib/api/enhanced-reports.ts';
import { FAMILY_QUERY_KEY, fetchFamily, useStoppedSharing } from '../../lib/api/family.ts';
import { useMe } from '../../lib/api/me.ts';
import { isTeacher, readerPagesViewer } from '../../lib/reader-pages.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { EnhancedReportView } from './EnhancedReportView.tsx';
import { PERIOD_OPTIONS, periodFromParam } from './enhanced-reports-text.ts';
import { enhancedReportsGuidance } from './enhanced-reports.guidance.ts';
import { ENHANCED_REPORTS_VOICE_COMMANDS, periodOfAction } from './enhanced-reports.voice-commands.ts';
import '../../ui/page.css';
import './enhanced-reports.css';

/**
 * The period, kept in the address (`?period=`, so a link or a reload shows the same weeks); a choice replaces the
 * entry, so Back leaves the screen rather than stepping through choices.
 */
function usePeriod(): [EnhancedPeriod, (period: EnhancedPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const period = periodFromParam(params.get('period'));
  const choose = (next: EnhancedPeriod) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set('period', next);
        return updated;
      },
      { replace: true },
    );
  return [period, choose];
}

/**
 * The period choice: a radio group (arrow keys, or each option its own Tab stop for switch users). Each period's
 * name can be said while the choice is shown (and only then: a teacher's page has no period to choose).
 */
function PeriodChoice({
  period,
  onChange,
}: {
  period: EnhancedPeriod;
  onChange: (p: EnhancedPeriod) => void;
}) {
  useVoiceCommands(ENHANCED_REPORTS_VOICE_COMMANDS, (target) => {
    const said = periodOfAction(target);
    if (said) onChange(said);
  });
  return (
    <div className="page__card enhanced__period">
      <RadioGroup
        label="Period"
        description="Weeks run Monday to Sunday."
        value={period}
        onChange={(value) => onChange(periodFromParam(value))}
      >
        {PERIOD_OPTIONS.map((p) => (
          <Radio key={p.id} value={p.id}>
            {p.label}
          </Radio>
        ))}
      </RadioGroup>
    </div>
  );
}

/**
 * A failure to load a report, with a retry. Each followed reader's retry is named for them ("Try again for Mia"): a
 * button's name is its voice command, and the voice layer keeps one command per name.
 * @param name - the reader whose report failed, for a guardian's page; none on a reader's own page
 */
function LoadFailed({ name, onRetry }: { name?: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <p>We could not load this report right now.</p>
      <Button variant="secondary" icon="selfCorrection" onPress={onRetry}>
        {name ? `Try again for ${name}` : 'Try again'}
      </Button>
    </div>
  );
}

/** A followed reader's section. */
function ChildSection({ person, period }: { person: LinkedPerson; period: EnhancedPeriod }) {
  const report = useChildEnhancedReport(person.userId, period);
  const titleId = `enhanced-child-${person.userId}`;
  // The reader stopped sharing (or deleted their account) since the list was loaded: say so (the list and the goals
  // are reloaded, as on Progress Reports).
  const stopped = useStoppedSharing(report.error);
  return (
    <section className="page__card enhanced__reader" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <bdi>{person.displayName}</bdi>
      </h2>
      {stopped ? (
        <p role="alert">{person.displayName} no longer shares their progress with you.</p>
      ) : report.isError ? (
        <LoadFailed name={person.displayName} onRetry={() => void report.refetch()} />
      ) : report.data ? (
        <EnhancedReportView report={report.data} you={false} />
      ) : (
        <LoadingIndicator message="Loading the report…" />
      )}
    </section>
  );
}

/** A reader's own section. */
function OwnSection({ period }: { period: EnhancedPeriod }) {
  const report = useOwnEnhancedReport(period);
  return (
    <section className="page__card enhanced__reader" aria-labelledby="enhanced-own">
      <h2 id="enhanced-own">Your reading</h2>
      {report.isError ? (
        <LoadFailed onRetry={() => void report.refetch()} />
      ) : report.data ? (
        <>
          <EnhancedReportView report={report.data} you />
          {report.data.totals.readings === 0 ? (
            <p>
              <Link href={protectedPaths.fluency} variant="primary">
                <Icon name="mic" size={20} /> {screenName(protectedPaths.fluency)}
              </Link>
            </p>
          ) : null}
        </>
      ) : (
        <LoadingIndicator message="Loading your report…" />
      )}
    </section>
  );
}

/** Where a teacher finds their classes' figures (ADR 0050). */
function ClassScreensPointer() {
  return (
    <p>
      Your classes’ figures are on{' '}
      <Link href={protectedPaths.classAnalytics}>{screenName(protectedPaths.classAnalytics)}</Link> and{' '}
      <Link href={protectedPaths.studentReports}>{screenName(protectedPaths.studentReports)}</Link>.
    </p>
  );
}

/**
 * /enhanced-reports, 'Enhanced Reports' (spec §2.2; docs/decisions/0053-enhanced-reports.md): a deeper, week-by-week
 * report of reading aloud over a chosen period. A reader sees their own; a guardian sees one section for each reader
 * they follow (ADR 0041); a teacher is sent to the class screens, and a teacher whose profile is a reader's sees
 * their own report with that pointer (the rule of every reader's own page, src/lib/reader-pages.ts). Reached from Progress Reports and from Reading
 * Practice's figures for grown-ups, or by saying its name; not in the sidebar (spec §2.4's lists do not name it).
 */
export function EnhancedReportsPage() {
  const title = screenName(protectedPaths.enhancedReports);
  useDocumentTitle(title);
  const me = useMe();
  const viewer = me.data ? readerPagesViewer(me.data) : null;
  // The readers followed, for a guardian only (the same cache entry as Progress Reports').
  const family = useQuery({
    queryKey: FAMILY_QUERY_KEY,
    queryFn: fetchFamily,
    enabled: viewer === 'guardian',
  });
  const [period, setPeriod] = usePeriod();
  const children = family.data?.children ?? [];
  usePageGuidance(
    enhancedReportsGuidance(
      viewer === 'guardian' && !family.data ? null : viewer,
      viewer === 'guardian' && children.length === 0,
    ),
  );

  if (me.isError && !me.data) {
    return (
      <div className="page">
        <h1>{title}</h1>
        <p role="alert">We could not load your account right now. Please reload the page.</p>
      </div>
    );
  }
  if (!viewer) return <LoadingIndicator size="page" />;

  if (viewer === 'teacher') {
    return (
      <div className="page enhanced">
        <h1>{title}</h1>
        <p className="page__lead">Enhanced Reports are for a reader and the grown-ups who follow them.</p>
        <section className="page__card">
          <ClassScreensPointer />
        </section>
      </div>
    );
  }

  if (viewer === 'reader') {
    return (
      <div className="page enhanced">
        <h1>{title}</h1>
        <p className="page__lead">Your reading aloud, week by week.</p>
        <PeriodChoice period={period} onChange={setPeriod} />
        <OwnSection period={period} />
        {me.data && isTeacher(me.data) ? (
          <section className="page__card" aria-labelledby="enhanced-classes">
            <h2 id="enhanced-classes">Your classes</h2>
            <ClassScreensPointer />
          </section>
        ) : null}
      </div>
    );
  }

  return (
    <div className="page enhanced">
      <h1>{title}</h1>
      <p className="page__lead">
        A closer look at how your child reads aloud: week by week, their pace against the guide for their
        grade, the kinds of miscues and the words to practise.
      </p>
      <PeriodChoice period={period} onChange={setPeriod} />
      {family.isError ? (
        <div role="alert" className="page__card">
          <p>We could not load the readers you follow right now.</p>
          <Button variant="secondary" icon="selfCorrection" onPress={() => void family.refetch()}>
            Try again
          </Button>
        </div>
      ) : !family.data ? (
        <LoadingIndicator message="Loading the readers you follow…" />
      ) : children.length === 0 ? (
        <section className="page__card">
          <p>You do not follow a reader yet. Type your child’s code on Progress Reports.</p>
        </section>
      ) : (
        children.map((person) => <ChildSection key={person.linkId} person={person} period={period} />)
      )}
      <p>
        <Link href={protectedPaths.reports} variant="secondary">
          <Icon name="chart" size={20} /> {screenName(protectedPaths.reports)}
        </Link>
      </p>
    </div>
  );
}
