/**
 * The Reading Screening page (docs/decisions/0049-reading-screening.md): the three stories, each the Reading
 * Assessment's session uploaded with the screening's id, the step between two, the child's score and the grown-ups'
 * figures; a screening stopped after the first story; going on with one; the refusals; the upload's refusals for
 * the screening's sake; the same journey by voice; and what Sparky says. The session's own steps are tested through
 * Reading Practice (FluencyPage.test.tsx), which shares them (SessionSteps.tsx).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { clearAnnouncements } from '#a11y/announcer.ts';
import type { MeResponse } from '#core/api/account.ts';
import type { SaveReadingSessionResponse } from '#core/api/reading-sessions.ts';
import { classifySaveError } from '#core/fluency-session/save-errors.ts';
import { SAMPLE_RECORDING } from '#machines/fluency-session.test-model.ts';
import type { CommandRegistry } from '#voice/command-registry.ts';
import type { CaptureOptions, CapturedAudio } from '#voice/microphone-capture.ts';
import { ME_QUERY_KEY } from '../../../lib/api/me.ts';
import { meFixture } from '../../../test/me-fixture.ts';
import { dismissToast } from '../../../ui/toast-store.ts';
import { SaveReadingError, type SaveReadingRequest } from '../api/save-reading-session.ts';
import type { FluencyEffects } from '../use-fluency-session.ts';
import {
  SCREENING_DONE_GUIDANCE,
  SCREENING_INTRO_GUIDANCE,
  SCREENING_NO_GRADE_GUIDANCE,
  SCREENING_NOT_A_READER_GUIDANCE,
  SCREENING_PRE_READER_GUIDANCE,
  SCREENING_PROBLEM_GUIDANCE,
  SCREENING_READING_GUIDANCE,
  SCREENING_RESUME_GUIDANCE,
  SCREENING_TOO_EARLY_GUIDANCE,
} from './screening.guidance.ts';
import {
  MIA,
  READINGS,
  SCORE,
  SCREENING_ID,
  STORY_A,
  STORY_B,
  STORY_C,
  phrases,
  renderScreening,
  screeningFixture,
  screeningResponse,
  stubScreeningServer,
} from './screening-test-server.tsx';

/** Fake microphone, recorder and upload whose answers wait for the test, one of each per story. */
function createFakes() {
  const state = {
    microphones: [] as ((stream: MediaStream) => void)[],
    captures: [] as CaptureOptions[],
    stops: [] as ((audio: CapturedAudio) => void)[],
    saves: [] as {
      request: SaveReadingRequest;
      resolve: (r: SaveReadingSessionResponse) => void;
      reject: (e: unknown) => void;
    }[],
  };
  const stream = { getTracks: () => [{ stop: () => {} }] } as unknown as MediaStream;
  const effects: FluencyEffects = {
    requestMicrophone: () =>
      new Promise<MediaStream>((resolve) => {
        state.microphones.push(resolve);
      }),
    startCapture: async (_stream, options) => {
      state.captures.push(options);
      return {
        sampleRate: 16_000,
        snapshot: () => ({ wav: new Blob([new Uint8Array(44)]), durationSeconds: 1, sampleRate: 16_000 }),
        stop: () =>
          new Promise<CapturedAudio>((resolve) => {
            state.stops.push(resolve);
          }),
        cancel: () => {},
      };
    },
    saveReading: (request) =>
      new Promise<SaveReadingSessionResponse>((resolve, reject) => {
        state.saves.push({ request, resolve, reject });
      }),
    newRecordingId: () => SAMPLE_RECORDING.id,
    checkReadingEnd: () => new Promise<boolean>(() => {}),
  };
  return { state, stream, effects };
}
type Fakes = ReturnType<typeof createFakes>;

/**
 * Drives the `n`th reading (from 1) from the microphone's request to the upload: the microphone is granted, the
 * countdown runs on the simulated clock, and the reader stops (by Stop, or by saying "stop").
 */
async function readStory(fakes: Fakes, clock: SimulatedClock, n: number, stop: () => Promise<void> | void) {
  await waitFor(() => expect(fakes.state.microphones).toHaveLength(n));
  await act(async () => fakes.state.microphones[n - 1]!(fakes.stream));
  for (let i = 0; i < 3; i++) await act(async () => clock.increment(1000));
  await screen.findByRole('heading', { level: 2, name: 'Recording: read the story out loud' });
  // One minute per story, as DIBELS.
  expect(screen.getByText(/of 1:00/)).toBeInTheDocument();
  await waitFor(() => expect(fakes.state.captures).toHaveLength(n));
  await stop();
  await waitFor(() => expect(fakes.state.stops).toHaveLength(n));
  await act(async () =>
    fakes.state.stops[n - 1]!({
      wav: new Blob([new Uint8Array(44)]),
      durationSeconds: 60,
      sampleRate: 16_000,
    }),
  );
  await waitFor(() => expect(fakes.state.saves).toHaveLength(n));
}

/** Says `phrase` to the registry as the recogniser's answer would. */
function say(registry: CommandRegistry, phrase: string) {
  const command = registry.active().find((c) => c.phrase === phrase);
  expect(command, `"${phrase}" can be said`).toBeDefined();
  act(() => registry.handlerFor(command!)!(command!.target, command!));
}

beforeEach(() => clearAnnouncements());
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('/screening', () => {
  it('reads three stories, each uploaded with the screening id, to the child’s score and the grown-ups’ figures', async () => {
    const server = stubScreeningServer();
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const fakes = createFakes();
    const { spoken, client, guidance } = renderScreening('/screening', { effects: fakes.effects, clock });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reading Screening' })).toBeInTheDocument();
    expect(
      await screen.findByText('Read three stories to Sparky, one minute each. It takes about five minutes.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(guidance.at(-1)).toEqual(SCREENING_INTRO_GUIDANCE));
    await user.click(screen.getByRole('button', { name: 'Start the screening' }));
    expect(server.calls).toContainEqual({ method: 'POST', path: '/api/screenings', body: {} });

    // Story 1: its heading takes focus, then the Reading Assessment's session.
    const first = await screen.findByRole('heading', { level: 2, name: `Story 1 of 3: ${STORY_A.title}` });
    await waitFor(() => expect(first).toHaveFocus());
    await waitFor(() => expect(guidance.at(-1)).toEqual(SCREENING_READING_GUIDANCE));
    const start = screen.getByRole('button', { name: 'Start reading' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await readStory(fakes, clock, 1, () => user.click(screen.getByRole('button', { name: 'Stop' })));
    expect(fakes.state.saves[0]!.request).toMatchObject({
      storyId: STORY_A.id,
      mode: 'assessment',
      screeningId: SCREENING_ID,
    });
    await act(async () => fakes.state.saves[0]!.resolve(screeningResponse(STORY_A.id, screeningFixture(1))));

    // Between: "Well done! Next: story 2 of 3", said by Sparky, with Next story focused.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Well done! Next: story 2 of 3' }),
    ).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next story' });
    await waitFor(() => expect(next).toHaveFocus());
    expect(spoken).toContain('Well done! Next: story 2 of 3. Press Next story, or say next story.');
    // A single reading of a screening does not complete the assessment (ADR 0049).
    expect(client.getQueryData<MeResponse>(ME_QUERY_KEY)?.profile?.assessment_completed).toBe(false);

    // Next story goes straight to the microphone and the countdown of story 2.
    await user.click(next);
    expect(await screen.findByText(`Story 2 of 3: ${STORY_B.title}`)).toBeInTheDocument();
    await readStory(fakes, clock, 2, () => user.click(screen.getByRole('button', { name: 'Stop' })));
    expect(fakes.state.saves[1]!.request).toMatchObject({ storyId: STORY_B.id, screeningId: SCREENING_ID });
    await act(async () => fakes.state.saves[1]!.resolve(screeningResponse(STORY_B.id, screeningFixture(2))));
    await user.click(await screen.findByRole('button', { name: 'Next story' }));
    await readStory(fakes, clock, 3, () => user.click(screen.getByRole('button', { name: 'Stop' })));
    expect(fakes.state.saves[2]!.request).toMatchObject({ storyId: STORY_C.id, screeningId: SCREENING_ID });
    // From now on /api/me answers slowly: the refetch after the save does not come back.
    server.slowMe = true;
    await act(async () =>
      fakes.state.saves[2]!.resolve(screeningResponse(STORY_C.id, screeningFixture(3, SCORE))),
    );

    // The child's part: three stories and one proud number, the middle reading's words right; no percentile.
    const done = await screen.findByRole('heading', { level: 2, name: 'Screening done!' });
    await waitFor(() => expect(done).toHaveFocus());
    const summary = screen
      .getByText('You read 3 stories to Sparky!')
      .closest('.results-summary') as HTMLElement;
    expect(summary).toHaveTextContent('Your middle score: 52 words right in one minute');
    expect(summary.textContent).not.toMatch(/percentile|expected|below|above|range/i);
    expect(spoken).toContain(
      'You read 3 stories to Sparky! Your middle score is 52 words right in one minute.',
    );
    await waitFor(() => expect(guidance.at(-1)).toEqual(SCREENING_DONE_GUIDANCE));
    expect(screen.getByRole('link', { name: 'See Screening History' })).toHaveAttribute(
      'href',
      '/screening-history',
    );
    // The complete screening sets the assessment's results (ADR 0049): the guard must not send the reader back.
    expect(client.getQueryData<MeResponse>(ME_QUERY_KEY)?.profile?.assessment_completed).toBe(true);

    // The grown-ups' figures: the medians, each story's figures, the band in words.
    await user.click(screen.getByRole('button', { name: "For grown-ups: the screening's figures" }));
    const figures = screen.getByRole('table', { name: 'Each story of the screening' });
    const rows = within(figures).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(`1. ${STORY_A.title}`);
    expect(within(rows[1]!).getByRole('cell', { name: /52/ })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('cell', { name: /96\.7%/ })).toBeInTheDocument();
    expect(
      within(rows[3]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Words correct per minute48', 'Accuracy90.0%', 'Words correct45', 'Errors5']);
    expect(screen.getByText('94.3%')).toBeInTheDocument();
    expect(
      screen.getByText(
        '52 words correct per minute is within the expected range: within 10 words correct per minute of the middle of fall readers in grade 2 (the 50th percentile is 50).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/The score is the middle \(median\) of the readings/)).toBeInTheDocument();
    expect(READINGS).toHaveLength(3);
  });

  it('stops after the first story when it has fewer than 10 words correct; below is said kindly', async () => {
    stubScreeningServer();
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const fakes = createFakes();
    const { spoken } = renderScreening('/screening', { effects: fakes.effects, clock });
    await user.click(await screen.findByRole('button', { name: 'Start the screening' }));
    const start = await screen.findByRole('button', { name: 'Start reading' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await readStory(fakes, clock, 1, () => user.click(screen.getByRole('button', { name: 'Stop' })));
    const reading = { ...READINGS[0]!, wpm: 6, wordsCorrect: 6, errors: 9, accuracy: 40 };
    const complete = screeningFixture(1, {
      wpm: 6,
      accuracy: 40,
      wordsCorrect: 6,
      errors: 9,
      band: 'below',
      p50: 50,
    });
    complete.passages[0]!.reading = reading;
    await act(async () => fakes.state.saves[0]!.resolve(screeningResponse(STORY_A.id, complete)));

    await screen.findByRole('heading', { level: 2, name: 'Screening done!' });
    expect(screen.getByText('You read one story to Sparky!')).toBeInTheDocument();
    expect(screen.getByText('Your score:')).toBeInTheDocument();
    expect(spoken).toContain('You read one story to Sparky! Your score is 6 words right in one minute.');
    expect(screen.queryByRole('button', { name: 'Next story' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "For grown-ups: the screening's figures" }));
    expect(
      screen.getByText(
        '6 words correct per minute is more than 10 words correct per minute under the middle of fall readers in grade 2 (the 50th percentile is 50). Worth listening to Mia read, and more reading practice; a screening is not a diagnosis.',
      ),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Each story of the screening' })).getAllByRole(
      'row',
    );
    expect(rows[2]).toHaveTextContent('Not read');
    expect(rows[3]).toHaveTextContent('Not read');
    expect(screen.getByText(/so the other two were not given/)).toBeInTheDocument();
  });

  it('goes on with a screening started less than two hours ago, at its next story', async () => {
    const current = screeningFixture(1);
    const server = stubScreeningServer({
      state: { refusal: null, current, last: null },
      start: [current],
    });
    const user = userEvent.setup();
    const { guidance } = renderScreening('/screening', { effects: createFakes().effects });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your screening is waiting' }),
    ).toBeInTheDocument();
    expect(screen.getByText('You have read 1 of 3 stories. Go on with the next one!')).toBeInTheDocument();
    await waitFor(() => expect(guidance.at(-1)).toEqual(SCREENING_RESUME_GUIDANCE));
    await user.click(screen.getByRole('button', { name: 'Go on with the screening' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: `Story 2 of 3: ${STORY_B.title}` }),
    ).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST' && c.path === '/api/screenings')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 3, name: STORY_B.title })).toBeInTheDocument();
  });

  it('says kindly who cannot take it: Pre-K and K, no grade, grade 1 in the fall, and grown-ups', async () => {
    stubScreeningServer({
      me: meFixture({ name: 'Sam', profile: { grade: 'K', age: 5 } }),
      state: { refusal: 'pre_reader', current: null, last: null },
    });
    const first = renderScreening('/screening');
    expect(
      await screen.findByText(
        'Reading Screening starts in first grade. Until then, play with letters and words!',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alphabet Learning' })).toHaveAttribute('href', '/alphabet');
    expect(screen.getByRole('link', { name: 'Word Builder' })).toHaveAttribute('href', '/word-builder');
    expect(screen.queryByRole('button', { name: 'Start the screening' })).not.toBeInTheDocument();
    await waitFor(() => expect(first.guidance.at(-1)).toEqual(SCREENING_PRE_READER_GUIDANCE));
    first.unmount();

    stubScreeningServer({
      me: meFixture({ name: 'Ana', profile: { grade: null } }),
      state: { refusal: 'no_grade', current: null, last: null },
    });
    const second = renderScreening('/screening');
    expect(await screen.findByText(/Ask a grown-up to set your grade on your Profile/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await waitFor(() => expect(second.guidance.at(-1)).toEqual(SCREENING_NO_GRADE_GUIDANCE));
    second.unmount();

    // Grade 1 has no fall norms: first graders take it from the winter season.
    stubScreeningServer({
      me: meFixture({ name: 'Leo', profile: { grade: '1', age: 6 } }),
      state: { refusal: 'too_early', current: null, last: null },
    });
    const early = renderScreening('/screening');
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Reading Screening for first grade starts in December',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'First graders take it from the middle of the year. Until then, keep reading stories aloud with Sparky!',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reading Practice' })).toHaveAttribute('href', '/fluency');
    expect(screen.getByRole('link', { name: 'Premade Stories' })).toHaveAttribute('href', '/premade-stories');
    expect(screen.queryByRole('button', { name: 'Start the screening' })).not.toBeInTheDocument();
    expect(phrases(early.registry)).not.toContain('start');
    await waitFor(() => expect(early.guidance.at(-1)).toEqual(SCREENING_TOO_EARLY_GUIDANCE));
    early.unmount();

    stubScreeningServer({
      me: meFixture({ userType: 'teacher' }),
      state: { status: 403, code: 'not_a_reader' },
    });
    const third = renderScreening('/screening');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Reading Screening is for readers' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(third.guidance.at(-1)).toEqual(SCREENING_NOT_A_READER_GUIDANCE));
  });

  it('a start refused for the grade (the profile changed meanwhile) shows the refusal', async () => {
    stubScreeningServer({
      start: [{ status: 409, code: 'screening_not_available', details: { reason: 'no_grade' } }],
    });
    const user = userEvent.setup();
    renderScreening('/screening');
    await user.click(await screen.findByRole('button', { name: 'Start the screening' }));
    expect(
      await screen.findByRole('heading', { name: 'Sparky needs to know your grade' }),
    ).toBeInTheDocument();
  });

  it('a start refused as too early (grade 1 in the fall) shows the refusal, not an error', async () => {
    stubScreeningServer({
      me: meFixture({ name: 'Leo', profile: { grade: '1', age: 6 } }),
      start: [{ status: 409, code: 'screening_not_available', details: { reason: 'too_early' } }],
    });
    const user = userEvent.setup();
    const { guidance } = renderScreening('/screening');
    await user.click(await screen.findByRole('button', { name: 'Start the screening' }));
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Reading Screening for first grade starts in December',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/could not start the screening/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reading Practice' })).toHaveAttribute('href', '/fluency');
    await waitFor(() => expect(guidance.at(-1)).toEqual(SCREENING_TOO_EARLY_GUIDANCE));
  });

  it('a start refused for want of stories, or too many starts, says so and stays', async () => {
    stubScreeningServer({
      start: [
        { status: 409, code: 'screening_not_available', details: { reason: 'no_passages' } },
        { status: 429, code: 'rate_limited', message: 'Please wait 12 minutes and try again.' },
      ],
    });
    const user = userEvent.setup();
    renderScreening('/screening');
    await user.click(await screen.findByRole('button', { name: 'Start the screening' }));
    expect(
      await screen.findByText(
        'There are no stories of your grade to read yet, so the screening cannot start.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start the screening' }));
    expect(await screen.findByText('Please wait 12 minutes and try again.')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Read three stories to Sparky' }),
    ).toBeInTheDocument();
  });

  it('an upload refused because the story is not the next one says so kindly, and starts again at the next one', async () => {
    const server = stubScreeningServer({ start: [screeningFixture(0), screeningFixture(1)] });
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const fakes = createFakes();
    const { registry, guidance } = renderScreening('/screening', { effects: fakes.effects, clock });
    await user.click(await screen.findByRole('button', { name: 'Start the screening' }));
    const start = await screen.findByRole('button', { name: 'Start reading' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await readStory(fakes, clock, 1, () => user.click(screen.getByRole('button', { name: 'Stop' })));
    await act(async () =>
      fakes.state.saves[0]!.reject(
        new SaveReadingError(classifySaveError(409, 'screening_passage_mismatch', 'Not the next passage')),
      ),
    );
    // Short and calm for the child, said by Sparky too; what happened is in a smaller line for grown-ups.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Sparky lost his place in this screening' }),
    ).toBeInTheDocument();
    expect(screen.getByText("Let's start it again!")).toHaveAttribute('role', 'alert');
    expect(screen.queryByText(/your reading was not saved/i)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'For grown-ups: this story is not the next one of the screening (it was read already, maybe in another window), so this reading was not saved. Start again goes on with the next story.',
      ),
    ).toHaveClass('screening-grown-ups-line');
    await waitFor(() => expect(guidance.at(-1)).toEqual(SCREENING_PROBLEM_GUIDANCE));
    expect(SCREENING_PROBLEM_GUIDANCE.at(-1)).toBe('Press Start again, or say start again.');
    const again = screen.getByRole('button', { name: 'Start again' });
    await waitFor(() => expect(again).toHaveFocus());
    expect(phrases(registry)).toContain('start again');
    await user.click(again);
    expect(
      await screen.findByRole('heading', { level: 2, name: `Story 2 of 3: ${STORY_B.title}` }),
    ).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST' && c.path === '/api/screenings')).toHaveLength(2);
  });

  it('a saved reading whose answer has no screening: the reading was saved, for grown-ups; the child starts again', async () => {
    stubScreeningServer({ start: [screeningFixture(0), screeningFixture(1)] });
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const fakes = createFakes();
    const { guidance } = renderScreening('/screening', { effects: fakes.effects, clock });
    await user.click(await screen.findByRole('button', { name: 'Start the screening' }));
    const start = await screen.findByRole('button', { name: 'Start reading' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await readStory(fakes, clock, 1, () => user.click(screen.getByRole('button', { name: 'Stop' })));
    const { screening: _none, ...withoutScreening } = screeningResponse(STORY_A.id, screeningFixture(1));
    await act(async () => fakes.state.saves[0]!.resolve(withoutScreening));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Sparky lost his place in this screening' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^For grown-ups: this reading was saved/)).toBeInTheDocument();
    await waitFor(() => expect(guidance.at(-1)).toEqual(SCREENING_PROBLEM_GUIDANCE));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start again' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: `Story 2 of 3: ${STORY_B.title}` }),
    ).toBeInTheDocument();
  });

  it('an upload for a screening that is closed says so kindly, and "start again" begins a new one', async () => {
    stubScreeningServer({
      start: [
        screeningFixture(0),
        screeningFixture(0, null, { id: 'a'.repeat(8) + '-1111-4111-8111-111111111111' }),
      ],
    });
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const fakes = createFakes();
    const { registry, guidance } = renderScreening('/screening', { effects: fakes.effects, clock });
    await user.click(await screen.findByRole('button', { name: 'Start the screening' }));
    const start = await screen.findByRole('button', { name: 'Start reading' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await readStory(fakes, clock, 1, () => user.click(screen.getByRole('button', { name: 'Stop' })));
    await act(async () =>
      fakes.state.saves[0]!.reject(
        new SaveReadingError(classifySaveError(404, 'screening_not_found', 'No such screening')),
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Sparky lost his place in this screening' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^For grown-ups: this screening is finished, was deleted/)).toBeInTheDocument();
    // Not "closes after two hours": an unfinished screening waits until a new one takes its place (ADR 0049).
    expect(screen.queryByText(/two hours/)).not.toBeInTheDocument();
    await waitFor(() => expect(guidance.at(-1)).toEqual(SCREENING_PROBLEM_GUIDANCE));
    say(registry, 'start again');
    expect(
      await screen.findByRole('heading', { level: 2, name: `Story 1 of 3: ${STORY_A.title}` }),
    ).toBeInTheDocument();
    const startAgain = await screen.findByRole('button', { name: 'Start reading' });
    await waitFor(() => expect(startAgain).toBeEnabled());
    await user.click(startAgain);
    await readStory(fakes, clock, 2, () => user.click(screen.getByRole('button', { name: 'Stop' })));
    expect(fakes.state.saves[1]!.request.screeningId).toBe('aaaaaaaa-1111-4111-8111-111111111111');
  });

  it('works by voice: "start", "start reading", only "stop" while recording, "next story", "screening history"', async () => {
    stubScreeningServer();
    const clock = new SimulatedClock();
    const fakes = createFakes();
    const { registry } = renderScreening('/screening', { effects: fakes.effects, clock });
    await screen.findByRole('button', { name: 'Start the screening' });
    expect(phrases(registry)).toEqual(expect.arrayContaining(['start', 'start the screening']));
    say(registry, 'start');
    await screen.findByRole('heading', { level: 2, name: `Story 1 of 3: ${STORY_A.title}` });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start reading' })).toBeEnabled());
    expect(phrases(registry)).toEqual(expect.arrayContaining(['start reading', 'start']));
    say(registry, 'start reading');
    await readStory(fakes, clock, 1, () => {
      // While recording, only "stop" (Reading Practice's rule).
      expect(phrases(registry)).toEqual(['stop']);
      say(registry, 'stop');
    });
    await act(async () => fakes.state.saves[0]!.resolve(screeningResponse(STORY_A.id, screeningFixture(1))));
    await screen.findByRole('heading', { level: 2, name: 'Well done! Next: story 2 of 3' });
    expect(phrases(registry)).toEqual(expect.arrayContaining(['next story', 'next', 'go on']));
    say(registry, 'next story');
    await readStory(fakes, clock, 2, () => say(registry, 'stop'));
    await act(async () => fakes.state.saves[1]!.resolve(screeningResponse(STORY_B.id, screeningFixture(2))));
    await screen.findByRole('heading', { level: 2, name: 'Well done! Next: story 3 of 3' });
    say(registry, 'next');
    await readStory(fakes, clock, 3, () => say(registry, 'stop'));
    await act(async () =>
      fakes.state.saves[2]!.resolve(screeningResponse(STORY_C.id, screeningFixture(3, SCORE))),
    );
    await screen.findByRole('heading', { level: 2, name: 'Screening done!' });
    say(registry, 'screening history');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/screening-history'));
  });

  it('a reading too short to count asks for the same story again, by button or by voice, then goes on', async () => {
    const server = stubScreeningServer();
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const fakes = createFakes();
    const { registry, spoken, client } = renderScreening('/screening', { effects: fakes.effects, clock });
    await user.click(await screen.findByRole('button', { name: 'Start the screening' }));
    const start = await screen.findByRole('button', { name: 'Start reading' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await readStory(fakes, clock, 1, () => user.click(screen.getByRole('button', { name: 'Stop' })));
    // Stopped before 30 s and before the story's end: saved as the reader's, and the screening's next is the same.
    await act(async () =>
      fakes.state.saves[0]!.resolve(screeningResponse(STORY_A.id, screeningFixture(0), false)),
    );

    expect(
      await screen.findByRole('heading', { level: 2, name: "Let's read that story again" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'That reading was short, so it did not count. Read the story again, until Sparky stops listening.',
      ),
    ).toBeInTheDocument();
    const again = screen.getByRole('button', { name: 'Read it again' });
    await waitFor(() => expect(again).toHaveFocus());
    expect(spoken).toContain(
      "Let's read that story again. That reading was short, so it did not count. Read the story again, until Sparky stops listening. Press Read it again, or say read it again.",
    );
    // Neither the step between two stories nor a result, shown or said.
    expect(screen.queryByRole('button', { name: 'Next story' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: /Well done|Screening done|Your results/ }),
    ).not.toBeInTheDocument();
    expect(spoken.some((line) => /Next: story|score is|results are ready/i.test(line))).toBe(false);
    expect(client.getQueryData<MeResponse>(ME_QUERY_KEY)?.profile?.assessment_completed).toBe(false);
    expect(phrases(registry)).toEqual(expect.arrayContaining(['read it again', 'read again']));

    // Read it again: the same story, straight to the microphone and the countdown.
    await user.click(again);
    expect(await screen.findByText(`Story 1 of 3: ${STORY_A.title}`)).toBeInTheDocument();
    await readStory(fakes, clock, 2, () => user.click(screen.getByRole('button', { name: 'Stop' })));
    expect(fakes.state.saves[1]!.request).toMatchObject({ storyId: STORY_A.id, screeningId: SCREENING_ID });
    // Short again; this time "read it again" is said.
    await act(async () =>
      fakes.state.saves[1]!.resolve(screeningResponse(STORY_A.id, screeningFixture(0), false)),
    );
    await screen.findByRole('heading', { level: 2, name: "Let's read that story again" });
    say(registry, 'read it again');
    await readStory(fakes, clock, 3, () => say(registry, 'stop'));
    expect(fakes.state.saves[2]!.request).toMatchObject({ storyId: STORY_A.id, screeningId: SCREENING_ID });

    // This one counts: on to story 2.
    await act(async () => fakes.state.saves[2]!.resolve(screeningResponse(STORY_A.id, screeningFixture(1))));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Well done! Next: story 2 of 3' }),
    ).toBeInTheDocument();
    expect(spoken).toContain('Well done! Next: story 2 of 3. Press Next story, or say next story.');
    expect(server.calls.filter((c) => c.method === 'POST' && c.path === '/api/screenings')).toHaveLength(1);
  });

  it('a failed save of the reading itself offers "try again" and "read it again", as the assessment does', async () => {
    stubScreeningServer();
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const fakes = createFakes();
    const { registry } = renderScreening('/screening', { effects: fakes.effects, clock });
    await user.click(await screen.findByRole('button', { name: 'Start the screening' }));
    const start = await screen.findByRole('button', { name: 'Start reading' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await readStory(fakes, clock, 1, () => user.click(screen.getByRole('button', { name: 'Stop' })));
    await act(async () =>
      fakes.state.saves[0]!.reject(
        new SaveReadingError(classifySaveError(422, 'no_speech', 'Nothing heard')),
      ),
    );
    expect(
      await screen.findByRole('heading', { name: "Sparky didn't hear any reading" }),
    ).toBeInTheDocument();
    expect(phrases(registry)).toEqual(expect.arrayContaining(['try again', 'read again', 'read it again']));
    // Still the screening's story.
    expect(screen.getByText(`Story 1 of 3: ${STORY_A.title}`)).toBeInTheDocument();
    expect(MIA.profile?.grade).toBe('2');
  });
});
