/**
 * The reading record (`/grade-assignments?assignment={id}&reading={readingId}`, ADR 0048) against the classes' fake
 * server (classes-test-server.tsx): the figures and norms, the passage with the teacher's marks, the words to check
 * with their Listen buttons (the teacher's audio URL), the words added and said again, the other readings; without a
 * recording, without a word to check, without a word-by-word result; and a reading that cannot be opened.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHRASE_WORDS } from '#core/voice/command.ts';
import { visibleControls } from '#voice/visible-controls.ts';
import type { WordPlayer } from '#voice/word-player.ts';
import { dismissToast } from '../../ui/toast-store.ts';
import { READING_NOT_FOUND_GUIDANCE, readingRecordGuidance } from './classes.guidance.ts';
import {
  calls,
  installFakeServer,
  KITE_ASSIGNMENT_ID,
  MIA_EARLIER_READING_ID,
  MIA_READING_ID,
  MIA_RECORD,
  MIA_RESULT,
  renderClassesPage,
  state,
} from './classes-test-server.tsx';
import { GradeAssignmentsPage } from './GradeAssignmentsPage.tsx';
import {
  checkButtonNames,
  extraWords,
  otherReadingNames,
  READING_NOT_FOUND_TEXT,
  readingWhenShort,
} from './ReadingRecord.tsx';

const pattern = '/grade-assignments';
const recordAt = (readingId: string) => ({
  at: `/grade-assignments?assignment=${KITE_ASSIGNMENT_ID}&reading=${readingId}`,
  pattern,
});
const audioUrl = `/api/assignments/${KITE_ASSIGNMENT_ID}/readings/${MIA_READING_ID}/audio`;
const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A player that plays nothing, and its createPlayer. */
function fakePlayer() {
  const playWord = vi.fn<WordPlayer['playWord']>(async () => true);
  const dispose = vi.fn();
  const createPlayer = vi.fn(async () => ({ duration: 6, playWord, dispose }));
  return { playWord, dispose, createPlayer };
}

/** Renders the record of `readingId` with a fake player. */
async function renderRecord(readingId = MIA_READING_ID) {
  const player = fakePlayer();
  const view = renderClassesPage(
    <GradeAssignmentsPage createPlayer={player.createPlayer} />,
    recordAt(readingId),
  );
  return { ...view, ...player };
}

beforeEach(installFakeServer);
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('ReadingRecord', () => {
  it('says whose reading it is, when and how, with the way back and the figures compared with the norms', async () => {
    const { setGuidance } = await renderRecord();
    const title = await screen.findByRole('heading', { level: 1, name: 'Mia reading The Red Kite' });
    expect(title).toHaveFocus();
    expect(document.title).toMatch(/^Mia reading The Red Kite · Grade Assignments/);
    expect(squash(title.nextElementSibling?.textContent)).toMatch(
      /^Room 4\. Read on .*2026.*, as practice\.$/,
    );
    expect(screen.getByRole('link', { name: 'Back to the results' })).toHaveAttribute(
      'href',
      `/grade-assignments?assignment=${KITE_ASSIGNMENT_ID}`,
    );
    const scores = screen.getByRole('region', { name: 'Scores' });
    const term = (name: string) =>
      within(scores).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Words correct per minute')).toBe('48');
    expect(term('Accuracy')).toBe('66.7%');
    expect(term('Errors')).toBe('2');
    expect(term('Words reached')).toBe('6 of 9');
    expect(term('Reading time')).toBe('5 seconds');
    // 24 November: fall; grade 2 fall norms 24, 42, 62, 84, 106 (Hasbrouck & Tindal 2017).
    expect(scores).toHaveTextContent(
      'Mia read 48 words correct per minute. That is between the 25th and 50th',
    );
    expect(scores).toHaveTextContent('fall readers in grade 2');
    expect(scores).toHaveTextContent('Hasbrouck & Tindal (2017)');
    expect(setGuidance).toHaveBeenLastCalledWith([...readingRecordGuidance('Mia', 2, true)]);
  });

  it("marks every word in the passage's own text, with the teacher's legend", async () => {
    await renderRecord();
    const passage = await screen.findByRole('region', { name: 'How Mia read each word' });
    // The story's own text ("sky!") once it has loaded.
    await waitFor(() =>
      expect(squash(passage.querySelector('.scored-passage')?.textContent)).toBe(
        'The red, check this word, kite, said “kit”, flew, fixed it, up, check this word, high, skipped, in, not reached, the, not reached, sky!, not reached,',
      ),
    );
    const legend = within(passage).getByRole('region', { name: 'What the marks mean' });
    expect(legend).toHaveTextContent('read correctly: The reader read this word right.');
    expect(legend).toHaveTextContent('fixed it: The reader misread this word, then corrected it.');
    expect(legend).toHaveTextContent(
      'check this word: The scorer was not sure it heard this word. It counts as read; listen and check.',
    );
    expect(legend).not.toHaveTextContent(/\byou\b/i);
    for (const svg of passage.querySelectorAll('svg')) expect(svg).toHaveAttribute('aria-hidden', 'true');
  });

  it('lists the words to check in passage order, and plays each from the reading’s recording', async () => {
    const user = userEvent.setup();
    const { createPlayer, playWord, dispose } = await renderRecord();
    const section = await screen.findByRole('region', { name: 'Words to check' });
    const items = within(within(section).getByRole('list', { name: 'Words to check' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => squash(item.textContent))).toEqual([
      'red (word 2): heard “rid”Listen to red',
      'up (word 5)Listen to up',
    ]);
    // Each word is its own clip, cut on the server (the whole recording never reaches a teacher), played whole.
    await user.click(within(section).getByRole('button', { name: 'Listen to red' }));
    await waitFor(() => expect(playWord).toHaveBeenCalledWith(0, 6));
    expect(calls.filter((c) => c.url === audioUrl)).toEqual([
      { method: 'GET', url: audioUrl, body: undefined, search: '?word=1' },
    ]);
    expect(createPlayer).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Listen to red' })).not.toHaveAttribute(
        'data-pending',
      ),
    );
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Listen to red' })).not.toHaveAttribute(
        'data-pending',
      ),
    );
    // Again: the clip kept is played again, not fetched again.
    await user.click(within(section).getByRole('button', { name: 'Listen to red' }));
    await waitFor(() => expect(playWord).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c.url === audioUrl)).toHaveLength(1);
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Listen to red' })).not.toHaveAttribute(
        'data-pending',
      ),
    );
    await user.click(within(section).getByRole('button', { name: 'Listen to up' }));
    await waitFor(() => expect(playWord).toHaveBeenCalledTimes(3));
    expect(calls.filter((c) => c.url === audioUrl).map((c) => c.search)).toEqual(['?word=1', '?word=4']);
    // The player of the word before is freed.
    expect(dispose).toHaveBeenCalledOnce();
    // The picker below plays its word's clip the same way.
    const listen = screen.getByRole('region', { name: 'Listen to a word' });
    expect(listen).toHaveTextContent('Hear how Mia read a word, in their own voice.');
    await user.click(within(listen).getByRole('button', { name: 'Listen' }));
    await waitFor(() => expect(calls.filter((c) => c.url === audioUrl)).toHaveLength(3));
    expect(calls.filter((c) => c.url === audioUrl).at(-1)?.search).toBe('?word=2');
  });

  it('says when the recording has gone since the page opened', async () => {
    const user = userEvent.setup();
    const { playWord } = await renderRecord();
    const section = await screen.findByRole('region', { name: 'Words to check' });
    // Deleted by the reader after the page loaded: the page still shows its buttons; the server answers 404.
    state.records[MIA_READING_ID] = {
      ...MIA_RECORD,
      reading: { ...MIA_RECORD.reading, hasRecording: false },
    };
    await user.click(within(section).getByRole('button', { name: 'Listen to red' }));
    expect(
      await within(section).findByText(
        'This recording is no longer kept (recordings are kept for 30 days, and a reader may delete theirs).',
      ),
    ).toHaveAttribute('role', 'status');
    expect(playWord).not.toHaveBeenCalled();
  });

  it('lists the words added and said again, in the order they were said, with their times', async () => {
    await renderRecord();
    const section = await screen.findByRole('region', { name: 'Words added and said again' });
    expect(section).toHaveTextContent('do not count as errors');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Unclear speech before the first word, at 0 seconds',
      '“um” added after “kite”, at 2 seconds',
      '“flew” said again, at 3 seconds',
    ]);
  });

  it("links to the reader's other readings of the story, by when they were read", async () => {
    await renderRecord();
    const section = await screen.findByRole('region', { name: 'Other readings of this story' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    const link = within(items[0]!).getByRole('link');
    expect(link).toHaveTextContent(readingWhenShort('2026-11-23T10:00:00Z'));
    expect(link).toHaveAttribute(
      'href',
      `/grade-assignments?assignment=${KITE_ASSIGNMENT_ID}&reading=${MIA_EARLIER_READING_ID}`,
    );
    expect(items[0]).toHaveTextContent('reading check, 51 words correct per minute, 95.3% accuracy');
  });

  it('gives every control a name of its own that can be said, and keeps the headings in order', async () => {
    await renderRecord();
    await screen.findByRole('region', { name: 'Words to check' });
    const names = visibleControls(document.body).map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Back to the results', 'Listen to red', 'Listen to up', 'Listen']),
    );
    for (const name of names) expect(name.split(' ').length).toBeLessThanOrEqual(MAX_PHRASE_WORDS);
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
  });

  it('says so when the recording is no longer kept, and offers no Listen', async () => {
    state.records[MIA_READING_ID] = {
      ...MIA_RECORD,
      reading: { ...MIA_RECORD.reading, hasRecording: false },
    };
    const { setGuidance } = await renderRecord();
    const section = await screen.findByRole('region', { name: 'Words to check' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(section).toHaveTextContent(
      "Mia's recording of this reading is no longer kept (recordings are kept for 30 days, and a reader may delete theirs), so its words cannot be heard.",
    );
    expect(screen.queryByRole('button', { name: /^Listen/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Listen to a word' })).not.toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...readingRecordGuidance('Mia', 2, false)]);
    expect(calls.filter((c) => c.url.endsWith('/audio'))).toEqual([]);
  });

  it('says the scorer was sure of every word when there is none to check', async () => {
    const sure = MIA_RESULT.words.map((w) => ({ ...w, unsure: false }));
    state.records[MIA_READING_ID] = {
      ...MIA_RECORD,
      reading: { ...MIA_RECORD.reading, result: { ...MIA_RESULT, words: sure } },
    };
    const { setGuidance } = await renderRecord();
    const section = await screen.findByRole('region', { name: 'Words to check' });
    expect(section).toHaveTextContent('The scorer was sure of every word in this reading.');
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...readingRecordGuidance('Mia', 0, true)]);
  });

  it('shows the figures alone for a reading saved without its words', async () => {
    state.records[MIA_READING_ID] = {
      ...MIA_RECORD,
      reader: { ...MIA_RECORD.reader, grade: null },
      reading: { ...MIA_RECORD.reading, result: null, mode: 'assessment' },
    };
    await renderRecord();
    const title = await screen.findByRole('heading', { level: 1, name: 'Mia reading The Red Kite' });
    expect(title.nextElementSibling).toHaveTextContent(/as a reading check\.$/);
    expect(
      screen.getByText('This reading has no word-by-word marks: only its figures were kept.'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Scores' })).toHaveTextContent(
      "Mia's grade is not on their profile, so this reading is not compared with the norms of a grade.",
    );
    expect(screen.queryByRole('region', { name: 'Words to check' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'How Mia read each word' })).not.toBeInTheDocument();
  });

  it('says plainly when the reading cannot be opened, with the way back to the results', async () => {
    delete state.records[MIA_READING_ID];
    const { setGuidance } = await renderRecord();
    expect(await screen.findByText(READING_NOT_FOUND_TEXT)).toHaveAttribute('role', 'alert');
    expect(READING_NOT_FOUND_TEXT).toBe(
      "This reading can't be opened: the reader may have left the class, or deleted it.",
    );
    expect(screen.getByRole('link', { name: 'Back to the results' })).toHaveAttribute(
      'href',
      `/grade-assignments?assignment=${KITE_ASSIGNMENT_ID}`,
    );
    expect(setGuidance).toHaveBeenLastCalledWith([...READING_NOT_FOUND_GUIDANCE]);
  });
});

describe('reading record texts', () => {
  it('names repeated words to check by their place', () => {
    const word = MIA_RESULT.words[0]!;
    expect(
      checkButtonNames([
        { ...word, index: 0, text: 'The' },
        { ...word, index: 1, text: 'dog,' },
        { ...word, index: 7, text: 'the' },
      ]),
    ).toEqual(['Listen to The (word 1)', 'Listen to dog', 'Listen to the (word 8)']);
  });

  it('says an insertion before the first word, and sorts by time', () => {
    expect(
      extraWords({
        ...MIA_RESULT,
        insertions: [{ afterIndex: -1, heard: 'so', start: 65, end: 65.2 }],
        repetitions: [{ index: 1, start: 3, end: 3.4 }],
      }).map((e) => e.text),
    ).toEqual(['“red” said again, at 3 seconds', '“so” added before the first word, at 1 minute 5 seconds']);
  });

  it('numbers two readings of the same minute', () => {
    const at = '2026-11-23T10:00:00Z';
    const reading = { id: MIA_READING_ID, at, wpm: 40, accuracy: 90, mode: 'practice' as const };
    const names = otherReadingNames([reading, { ...reading, id: MIA_EARLIER_READING_ID }]);
    expect(names).toEqual([`${readingWhenShort(at)} (1)`, `${readingWhenShort(at)} (2)`]);
  });
});
