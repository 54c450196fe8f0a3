import { useQueries } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MeResponse } from '#core/api/account.ts';
import { LinkCodeSchema, type LinkedPerson } from '#core/api/family.ts';
import { usePageGuidance, type PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import {
  childReportQuery,
  useChildReport,
  useFamily,
  useRedeemLinkCode,
  useRemoveLink,
  useStoppedSharing,
} from '../../lib/api/family.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useMe } from '../../lib/api/me.ts';
import { useOwnLearningPath } from '../../lib/learning-path/own-path.ts';
import { isReaderProfile } from '../../lib/reader-pages.ts';
import { ChildReportView } from '../../lib/reports/ChildReportView.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast-store.ts';
import {
  childNextStepLine,
  grownUpNextStepLine,
  OTHER_REPORTS_GUIDANCE,
  READER_REPORTS_GUIDANCE,
  REPORTS_GUIDANCE,
  reportsGuidance,
} from './reports.guidance.ts';
import '../../ui/page.css';

/** What a guardian is told when what they typed cannot be a code. */
export const CODE_FORMAT_TEXT = 'A code is 9 digits, like 482 913 775.';

/** What a guardian is told when a code is refused, by the API's code. */
export function redeemErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  switch (error.code) {
    case 'link_code_invalid':
      return 'That code does not work. A code works once, for a day: ask your child to make a new one on their Profile page.';
    case 'invalid_input':
      return CODE_FORMAT_TEXT;
    case 'rate_limited':
      // The server's own words say how long to wait.
      return error.message || 'Too many codes tried. Please wait a few minutes and try again.';
    case 'too_many_links':
      return 'You follow as many readers as one account can, or this reader has as many grown-ups as they can.';
    case 'not_a_guardian':
      return 'Only a parent or guardian account can follow a reader.';
    default:
      return 'Something went wrong. Please try again.';
  }
}

/** A followed reader's card: their report, and "Stop following". */
function ChildCard({ person, onStop }: { person: LinkedPerson; onStop: () => void }) {
  const report = useChildReport(person.userId);
  const titleId = `child-${person.userId}`;
  // The reader stopped sharing (or deleted their account) since the list was loaded: say so (the list and the goals
  // are reloaded).
  const stopped = useStoppedSharing(report.error);
  return (
    <section className="page__card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <bdi>{person.displayName}</bdi>
      </h2>
      {stopped ? (
        <p role="alert">{person.displayName} no longer shares their progress with you.</p>
      ) : report.isError ? (
        <p role="alert">We could not load this report right now. Please try again later.</p>
      ) : report.data ? (
        <ChildReportView report={report.data} />
      ) : (
        <LoadingIndicator message="Loading the report…" />
      )}
      <div className="page__form-row">
        <Button variant="secondary" onPress={onStop}>
          Stop following {person.displayName}
        </Button>
      </div>
    </section>
  );
}

/** A guardian enters a reader's code. */
function AddChild() {
  const redeem = useRedeemLinkCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A second Enter while the first is on its way would spend a second try.
    if (redeem.isPending) return;
    const parsed = LinkCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(CODE_FORMAT_TEXT);
      return;
    }
    redeem.mutate(
      { code: parsed.data },
      {
        onSuccess: ({ child }) => {
          setCode('');
          setError(null);
          showToast({
            title: 'Reader added',
            description: `You can now see ${child.displayName}'s progress.`,
            variant: 'default',
          });
        },
        onError: (failure) => setError(redeemErrorText(failure)),
      },
    );
  };
  return (
    <form className="page__card page__form" noValidate onSubmit={onSubmit} aria-labelledby="add-child-title">
      <h2 id="add-child-title">Follow your child's reading</h2>
      <p>
        On your child's account, open Profile and press "Make a code for a grown-up". Then type the code here.
      </p>
      <TextField
        label="Your child's code"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        autoComplete="off"
        inputMode="numeric"
        spellCheck="false"
        autoCorrect="off"
        description="9 digits, like 482 913 775. Spaces are fine."
        errorMessage={error}
      />
      <div className="page__form-row">
        <Button type="submit" isPending={redeem.isPending}>
          Follow
        </Button>
      </div>
    </form>
  );
}

/**
 * Speaks the page's guidance as it is on arrival (§4.8): the first lines that are not null are kept for the visit,
 * so a reader followed or no longer followed later does not make Sparky say the page again.
 */
function useArrivalGuidance(guidance: PageGuidance | null): void {
  const [first, setFirst] = useState<PageGuidance | null>(null);
  if (first === null && guidance !== null) setFirst(guidance);
  usePageGuidance(first ?? guidance);
}

/**
 * Sparky's guidance for a reader on their own account: the page's lines for a reader (`READER_REPORTS_GUIDANCE`:
 * a code made on Profile, not one typed here) with their own next step on My Learning Path (ADR 0052,
 * `useOwnLearningPath`), once their figures are loaded; the lines alone when one failed.
 */
function ReaderGuidance({ me }: { me: MeResponse }) {
  const own = useOwnLearningPath(me);
  useArrivalGuidance(
    own.loading
      ? null
      : reportsGuidance(own.failed ? [] : [childNextStepLine(own.path)], READER_REPORTS_GUIDANCE),
  );
  return null;
}

/**
 * /reports, 'Progress Reports' (spec §2.4: the guardian menu's "Progress"; docs/decisions/0041-family-links.md).
 * A guardian follows their child's reading with the code the child makes on Profile, and sees a report for each
 * child followed. Anyone else is told what the page is for and where their own progress is (the page is also
 * reached by saying "progress" or "reports", spec §2.6). Sparky's guidance names the next step on My Learning Path
 * (ADR 0052) of each reader followed, or of the reader on their own account, once known.
 */
export function ReportsPage() {
  const title = screenName(protectedPaths.reports);
  useDocumentTitle(title);
  const me = useMe();
  const isGuardian = me.data?.profile?.user_type === 'guardian';
  const isReader = me.data ? isReaderProfile(me.data) : false;
  const family = useFamily();
  const children = family.data?.children ?? [];
  // The cards' own queries (the same keys): their paths, for Sparky's first words.
  const reports = useQueries({
    queries: (isGuardian ? children : []).map((person) => childReportQuery(person.userId)),
  });
  let guidance: PageGuidance | null = null;
  if (!me.data || isReader) guidance = null;
  else if (!isGuardian) guidance = OTHER_REPORTS_GUIDANCE;
  else if (family.isError) guidance = REPORTS_GUIDANCE;
  else if (family.data && !reports.some((r) => r.isPending))
    guidance = reportsGuidance(
      reports.flatMap((r) =>
        r.data ? [grownUpNextStepLine(r.data.child.displayName, r.data.learningPath)] : [],
      ),
    );
  useArrivalGuidance(guidance);
  const removeLink = useRemoveLink();
  const [stopping, setStopping] = useState<LinkedPerson | null>(null);
  if (me.isError && !me.data) {
    return (
      <div className="page">
        <h1>{title}</h1>
        <p role="alert">We could not load your account right now. Please reload the page.</p>
      </div>
    );
  }
  if (!me.data) return <LoadingIndicator size="page" />;

  if (!isGuardian) {
    return (
      <div className="page">
        {isReader ? <ReaderGuidance me={me.data} /> : null}
        <h1>{title}</h1>
        <p className="page__lead">Progress Reports are for a parent or guardian who follows a reader.</p>
        <section className="page__card">
          {isReader ? (
            <p>
              To let a grown-up see your progress, make a code on your{' '}
              <Link href={`${protectedPaths.profile}#family`}>Profile</Link> page. Your own scores are on{' '}
              <Link href={protectedPaths.fluency}>Reading Practice</Link>, week by week on{' '}
              <Link href={protectedPaths.enhancedReports}>{screenName(protectedPaths.enhancedReports)}</Link>,
              your screenings on{' '}
              <Link href={protectedPaths.screeningHistory}>
                {screenName(protectedPaths.screeningHistory)}
              </Link>{' '}
              and your badges on <Link href={protectedPaths.rewards}>Rewards</Link>.
            </p>
          ) : (
            <p>
              A parent or guardian account follows a child with a code the child makes. A teacher sees the
              readers of their classes on{' '}
              <Link href={protectedPaths.studentProgressList}>
                {screenName(protectedPaths.studentProgressList)}
              </Link>
              .
            </p>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__lead">
        See how your child is reading: the stories, the scores and how they change, the letters, words and
        badges, and their next step.
      </p>
      {children.length > 0 ? (
        <p>
          Week by week, miscues and words to practise:{' '}
          <Link href={protectedPaths.enhancedReports} variant="secondary">
            <Icon name="report" size={20} /> See more in {screenName(protectedPaths.enhancedReports)}
          </Link>
        </p>
      ) : null}
      {family.isError ? <p role="alert">We could not load the readers you follow right now.</p> : null}
      {family.data && children.length === 0 ? <p>You do not follow a reader yet.</p> : null}
      {children.map((person) => (
        <ChildCard key={person.linkId} person={person} onStop={() => setStopping(person)} />
      ))}
      <AddChild />
      <ConfirmDialog
        isOpen={stopping !== null}
        onOpenChange={(open) => (open ? undefined : setStopping(null))}
        title={stopping ? `Stop following ${stopping.displayName}?` : 'Stop following?'}
        description={<p>You will no longer see their progress. They can give you a new code later.</p>}
        confirmLabel="Stop following"
        isPending={removeLink.isPending}
        onConfirm={() => {
          if (!stopping) return;
          removeLink.mutate(stopping.linkId, {
            onSettled: () => setStopping(null),
            onError: () =>
              showToast({
                title: 'Could not stop following',
                description: 'Something went wrong. Please try again.',
                variant: 'destructive',
              }),
          });
        }}
      />
    </div>
  );
}
