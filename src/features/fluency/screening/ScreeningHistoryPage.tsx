import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Screening } from '#core/api/screening.ts';
import type { Season } from '#core/fluency/orf-norms.ts';
import { schoolYearLabel } from '#core/screening/rules.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { usePageGuidance, type PageGuidance } from '../../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../../app/paths.ts';
import { screenName } from '../../../app/screen-names.ts';
import { useMe } from '../../../lib/api/me.ts';
import { isNotAReader, useDeleteScreening, useScreenings } from '../../../lib/api/screening.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Disclosure } from '../../../ui/Disclosure.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { Link } from '../../../ui/Link.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { showToast } from '../../../ui/toast-store.ts';
import '../../../ui/page.css';
import '../fluency.css';
import './screening.css';
import {
  HISTORY_EMPTY_GUIDANCE,
  HISTORY_ERROR_GUIDANCE,
  HISTORY_GUIDANCE,
  HISTORY_NOT_A_READER_GUIDANCE,
} from './screening.guidance.ts';
import {
  BAND_WORDS,
  bandSentence,
  changeSince,
  readCount,
  screeningDay,
  seasonTitle,
  wholeWcpm,
} from './screening-text.ts';
import { SCREENING_ACTIONS, screeningHistoryVoiceCommands } from './screening.voice-commands.ts';

/** A season of a school year and its screenings, newest first. */
interface SeasonGroup {
  season: Season;
  entries: { screening: Screening; previous: Screening | null }[];
}

/** A school year and its seasons, newest first. */
interface YearGroup {
  schoolYear: number;
  seasons: SeasonGroup[];
}

/**
 * The complete screenings grouped by school year, then season, in the order given (newest first), each with the
 * complete screening before it (for the change since).
 * @param screenings newest first (GET /api/screenings)
 */
export function groupScreenings(screenings: readonly Screening[]): YearGroup[] {
  const complete = screenings.filter((s) => s.score !== null);
  const years: YearGroup[] = [];
  complete.forEach((screening, i) => {
    let year = years.at(-1);
    if (!year || year.schoolYear !== screening.schoolYear) {
      year = { schoolYear: screening.schoolYear, seasons: [] };
      years.push(year);
    }
    let season = year.seasons.at(-1);
    if (!season || season.season !== screening.season) {
      season = { season: screening.season, entries: [] };
      year.seasons.push(season);
    }
    season.entries.push({ screening, previous: complete[i + 1] ?? null });
  });
  return years;
}

/** When a screening was done (completed, else started). */
function dayOf(screening: Screening): string {
  return screeningDay(screening.completedAt ?? screening.startedAt);
}

/**
 * One screening: openly, its day and the child's one number (words right in one minute, as the screening's result
 * says it); the band, the 50th percentile, accuracy, grade and the change since the one before only in a "For
 * grown-ups" disclosure (ADR 0049: the child is never told a percentile or a band); and Delete.
 */
function ScreeningEntry({
  screening,
  previous,
  reader,
  onDelete,
}: {
  screening: Screening;
  previous: Screening | null;
  reader: string | null;
  onDelete: () => void;
}) {
  const score = screening.score!;
  const day = dayOf(screening);
  const titleId = `screening-${screening.id}`;
  const read = readCount(screening);
  return (
    <li className="page__card screening-history__item">
      <article aria-labelledby={titleId}>
        <h4 id={titleId}>{day}</h4>
        <p className="screening-score">
          <strong className="screening-score__number">{wholeWcpm(score.wpm)}</strong>{' '}
          <span>{wholeWcpm(score.wpm) === 1 ? 'word' : 'words'} right in one minute</span>
        </p>
        <Disclosure
          title={`For grown-ups: the figures of ${day}`}
          headingLevel={5}
          className="screening-history__grown-ups"
        >
          <dl className="profile__facts">
            <div>
              <dt>Grade</dt>
              <dd>{screening.grade}</dd>
            </div>
            <div>
              <dt>Words correct per minute</dt>
              <dd>
                {wholeWcpm(score.wpm)} {read > 1 ? '(the middle of three readings)' : '(one reading)'}
              </dd>
            </div>
            <div>
              <dt>Accuracy</dt>
              <dd>{score.accuracy.toFixed(1)}%</dd>
            </div>
            <div>
              <dt>Against the norms</dt>
              <dd>{BAND_WORDS[score.band]}</dd>
            </div>
            <div>
              <dt>Since the one before</dt>
              <dd className="screening-history__change">
                {changeSince(screening, previous) ?? 'First screening'}
              </dd>
            </div>
          </dl>
          <p>{bandSentence(score, screening.grade, screening.season, reader)}</p>
        </Disclosure>
        <Button variant="secondary" icon="close" data-delete-screening onPress={onDelete}>
          Delete the screening of {day}
        </Button>
      </article>
    </li>
  );
}

/**
 * /screening-history, 'Screening History' (spec §2.2; docs/decisions/0049-reading-screening.md): the reader's
 * complete screenings, newest first, by school year and season. The page is in the child's menu, so each shows
 * openly only its day and the child's number (the median words correct per minute, "words right in one minute");
 * its accuracy, the band in words against the 50th percentile and the change since the one before are in a "For
 * grown-ups" disclosure, as on the screening's result step. A screening can be deleted (asked first); its
 * readings stay in the reader's reading history. Reached from the Reading Screening page and its results, from
 * Progress Reports, or by saying "screening history".
 */
export function ScreeningHistoryPage() {
  const name = screenName(protectedPaths.screeningHistory);
  useDocumentTitle(name);
  const navigate = useNavigate();
  const list = useScreenings();
  // The band's sentence names the child to grown-ups ("Worth listening to Mia read"), as the result step does.
  const reader = useMe().data?.profile?.display_name ?? null;
  const remove = useDeleteScreening();
  const [deleting, setDeleting] = useState<Screening | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // A deleted screening takes its focused Delete button with it: once it has left the list, focus goes to the
  // Delete of the screening now in its place, else the one before, else the page's heading (WCAG 2.4.3), as the
  // reading history does (ReadingProgress.tsx). The toast says "Screening deleted" meanwhile.
  const [deleted, setDeleted] = useState<{ id: string; index: number } | null>(null);
  const focused = useRef<typeof deleted>(null);
  const screenings = list.data?.screenings;
  useEffect(() => {
    if (!deleted || !screenings || focused.current === deleted || screenings.some((s) => s.id === deleted.id))
      return;
    focused.current = deleted;
    const buttons = listRef.current?.querySelectorAll<HTMLElement>('[data-delete-screening]') ?? [];
    (buttons[Math.min(deleted.index, buttons.length - 1)] ?? title.current)?.focus();
  }, [deleted, screenings]);

  const notAReader = isNotAReader(list.error);
  const groups = list.data ? groupScreenings(list.data.screenings) : null;
  const guidance: PageGuidance | null = notAReader
    ? HISTORY_NOT_A_READER_GUIDANCE
    : list.isError
      ? HISTORY_ERROR_GUIDANCE
      : groups === null
        ? null
        : groups.length === 0
          ? HISTORY_EMPTY_GUIDANCE
          : HISTORY_GUIDANCE;
  usePageGuidance(guidance);
  useVoiceCommands(notAReader ? [] : screeningHistoryVoiceCommands(), (target) => {
    if (target === SCREENING_ACTIONS.newScreening) void navigate(protectedPaths.screening);
  });

  const newScreening = (
    <Link href={protectedPaths.screening} variant={groups?.length === 0 ? 'primary' : 'secondary'}>
      <Icon name="clipboard" size={20} className="button__icon" />
      Start a screening
    </Link>
  );

  let content;
  if (notAReader) {
    content = (
      <section className="page__card">
        <p>
          Screening History lists the screenings a child read on their own account. A teacher sees the
          screenings of the readers in their classes on Class Analytics.
        </p>
      </section>
    );
  } else if (list.isError) {
    content = (
      <section className="page__card">
        <p role="alert">Sparky could not load your screenings right now.</p>
        <Button icon="selfCorrection" onPress={() => void list.refetch()}>
          Try again
        </Button>
      </section>
    );
  } else if (!groups) {
    content = <LoadingIndicator message="Loading your screenings…" />;
  } else if (groups.length === 0) {
    content = (
      <section className="page__card" aria-labelledby="no-screenings">
        <h2 id="no-screenings">No screenings yet</h2>
        <p>
          A screening is three stories read to Sparky, one minute each. Your screenings show here, so you and
          your grown-ups can see your reading grow from fall to winter to spring.
        </p>
        <div className="fluency-actions">{newScreening}</div>
      </section>
    );
  } else {
    content = (
      <div ref={listRef}>
        {groups.map((year) => {
          const yearId = `school-year-${year.schoolYear}`;
          return (
            <section key={year.schoolYear} aria-labelledby={yearId} className="screening-history__year">
              <h2 id={yearId}>School year {schoolYearLabel(year.schoolYear)}</h2>
              {year.seasons.map((season) => {
                const seasonId = `${yearId}-${season.season}`;
                return (
                  <section key={season.season} aria-labelledby={seasonId}>
                    <h3 id={seasonId}>{seasonTitle(season.season)}</h3>
                    <ul className="screening-history__list" aria-labelledby={seasonId}>
                      {season.entries.map(({ screening, previous }) => (
                        <ScreeningEntry
                          key={screening.id}
                          screening={screening}
                          previous={previous}
                          reader={reader}
                          onDelete={() => setDeleting(screening)}
                        />
                      ))}
                    </ul>
                  </section>
                );
              })}
            </section>
          );
        })}
        <div className="fluency-actions">{newScreening}</div>
        <Disclosure title="For grown-ups: about these figures" headingLevel={2} className="page__card">
          <p>
            Each screening is three one-minute readings of stories of the reader&apos;s grade; its score is
            the middle one, in words correct per minute, as DIBELS benchmark screening counts it. It is
            compared with readers of the same grade and season (Hasbrouck &amp; Tindal, 2017); grades 7 to 12
            are compared with grade 6, the highest grade with published norms. A screening is not a diagnosis:
            Sparky is not a trained assessor, and a low score is a reason to listen to the child read, not a
            label.
          </p>
          <p>
            The teacher of a class the reader is in sees the screenings started since the reader joined it, on
            Class Analytics. A screening deleted here is gone from the teacher&apos;s view too.
          </p>
        </Disclosure>
      </div>
    );
  }

  return (
    <div className="page screening-history">
      <h1 ref={title} tabIndex={-1}>
        {name}
      </h1>
      <p className="page__lead">
        Each screening is three stories read to Sparky, one minute each. Here is how many words you read right
        in one minute each time.
      </p>
      {content}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this screening?"
        description={
          deleting ? (
            <p>
              The screening of {dayOf(deleting)} will leave Screening History for good. Its readings stay:
              they are in your reading history on Reading Practice and in Progress Reports, where they can be
              deleted too.
            </p>
          ) : null
        }
        confirmLabel="Delete the screening"
        isPending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const index = (screenings ?? [])
            .filter((s) => s.score !== null)
            .findIndex((s) => s.id === deleting.id);
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              showToast({
                title: 'Screening deleted',
                description: 'Its readings are kept.',
                variant: 'default',
              });
              setDeleted({ id: deleting.id, index: Math.max(0, index) });
            },
            onError: () => {
              setDeleting(null);
              showToast({
                title: 'Could not delete the screening',
                description: 'Something went wrong. Please try again.',
                variant: 'destructive',
              });
            },
          });
        }}
      />
    </div>
  );
}
