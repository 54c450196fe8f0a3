/**
 * /student-classroom against a fetch stub that answers like server/routes/classes' reader routes
 * (core/api/classes.ts, core/api/assignments.ts): what the reader's teachers asked them to read, in the server's
 * order, and Sparky saying how many; the reader's classes and leaving one; joining by the number pad or the field, in two steps
 * (the class and teacher shown and said, then "Join the class"); refusals said in words, focus to the field, the
 * digits kept; no second try spent by a second press; the pad's keys as voice commands; non-readers told what the
 * page is for.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReaderAssignment } from '#core/api/assignments.ts';
import type { JoinedClass } from '#core/api/classes.ts';
import { phraseKey } from '#core/voice/command.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { createCommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import { MAX_PHRASE_CHARS, MAX_PHRASE_WORDS } from '#core/voice/command.ts';
import { controlCommands, visibleControls } from '#voice/visible-controls.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { ApiError } from '../../lib/api/http.ts';
import { MY_ASSIGNMENTS_QUERY_KEY } from '../../lib/api/classroom.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { Toaster } from '../../ui/Toast.tsx';
import { dismissToast } from '../../ui/toast-store.ts';
import { assignmentLinkNames, cappedTitle, dueDayText, readAloudName } from './assignment-text.ts';
import {
  CLASSROOM_ERROR_GUIDANCE,
  CLASSROOM_FIRST_GUIDANCE,
  CLASSROOM_GUIDANCE,
  classroomGuidance,
  joinRefusalText,
  NOT_A_READER_GUIDANCE,
} from './classroom.guidance.ts';
import { StudentClassroomPage } from './StudentClassroomPage.tsx';

const ROOM_4: JoinedClass = {
  id: '0b9a4f2e-1c3d-4e5f-8a7b-6c5d4e3f2a10',
  name: 'Room 4',
  grade: '2',
  teacherName: 'Ms Rivera',
  joinedAt: '2026-11-20T10:00:00Z',
};
const READING_GROUP: JoinedClass = {
  id: '1c0b5a3f-2d4e-4f6a-9b8c-7d6e5f4a3b21',
  name: 'Blue Readers',
  grade: null,
  teacherName: 'Mr Ito',
  joinedAt: null,
};

/** An assignment of Room 4 (Ms Rivera), not read yet, with a note and a day. */
const FOX: ReaderAssignment = {
  id: '2d1c6b4a-3e5f-4a7b-8c9d-0e1f2a3b4c51',
  classId: ROOM_4.id,
  className: 'Room 4',
  teacherName: 'Ms Rivera',
  storyId: '3e2d7c5b-4f6a-4b8c-9d0e-1f2a3b4c5d62',
  storyTitle: 'The Fox and the Crow',
  note: 'Read it to a grown-up too.',
  dueOn: '2026-12-04',
  assignedAt: '2026-11-30T09:00:00Z',
  done: false,
};
/** Not read yet, no note, no day. */
const MOON: ReaderAssignment = {
  ...FOX,
  id: '4f3e8d6c-5a7b-4c9d-8e1f-2a3b4c5d6e73',
  storyId: '5a4f9e7d-6b8c-4dae-9f2a-3b4c5d6e7f84',
  storyTitle: 'Moon Walk',
  note: null,
  dueOn: null,
  assignedAt: '2026-11-28T09:00:00Z',
};
/** Read already. */
const SEEDS: ReaderAssignment = {
  ...FOX,
  id: '6b5a0f8e-7c9d-4ebf-8a3b-4c5d6e7f8a95',
  storyId: '7c6b1a9f-8dae-4fc0-9b4c-5d6e7f8a9ba6',
  storyTitle: 'Little Seeds',
  note: null,
  dueOn: '2026-11-27',
  assignedAt: '2026-11-20T09:00:00Z',
  done: true,
};
/** What Blue Readers (Mr Ito) asks, once the reader has joined it. */
const BLUE_STORY: ReaderAssignment = {
  ...MOON,
  id: '8d7c2b0a-9ebf-4ad1-8c5d-6e7f8a9bacb7',
  classId: READING_GROUP.id,
  className: 'Blue Readers',
  teacherName: 'Mr Ito',
  storyId: '9e8d3c1b-afc0-4be2-9d6e-7f8a9bacbdc8',
  storyTitle: 'The Blue Boat',
};

const error = (code: string, message: string, status: number, details?: unknown): [unknown, number] => [
  { error: { code, message, ...(details === undefined ? {} : { details }) } },
  status,
];

let classes: JoinedClass[];
let listAnswer: [unknown, number] | null;
let assignments: ReaderAssignment[];
let assignmentsAnswer: [unknown, number] | null;
let previewAnswer: [unknown, number];
let joinAnswer: [unknown, number];
/** When set, the look-up's and the join's answers wait for it (to press again while one is on its way). */
let hold: Promise<void> | null;
/** When set, the assignments' answer waits for it (a refetch on its way). */
let assignmentsHold: Promise<void> | null;
const calls: { method: string; url: string; body?: string }[] = [];

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  calls.push({ method, url, body: init?.body ? String(init.body) : undefined });
  if (url.endsWith('/api/classroom') && method === 'GET') {
    if (listAnswer) return jsonResponse(...listAnswer);
    return jsonResponse({ classes });
  }
  if (url.endsWith('/api/classroom/assignments') && method === 'GET') {
    if (assignmentsHold) await assignmentsHold;
    if (assignmentsAnswer) return jsonResponse(...assignmentsAnswer);
    // Only the classes the reader is in now, in the order the server gives.
    return jsonResponse({ assignments: assignments.filter((a) => classes.some((c) => c.id === a.classId)) });
  }
  if (url.endsWith('/api/classroom/preview') && method === 'POST') {
    if (hold) await hold;
    return jsonResponse(...previewAnswer);
  }
  if (url.endsWith('/api/classroom/join') && method === 'POST') {
    if (hold) await hold;
    const [body, status] = joinAnswer;
    if (status < 300) classes = [...classes, { ...READING_GROUP, joinedAt: '2026-11-24T10:00:00Z' }];
    return jsonResponse(body, status);
  }
  const leave = /\/api\/classroom\/([^/]+)$/.exec(url);
  if (leave && method === 'DELETE') {
    classes = classes.filter((c) => c.id !== leave[1]);
    return new Response(null, { status: 204 });
  }
  return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

function renderPage(
  userType: 'student' | 'other' | 'teacher' | 'guardian' = 'student',
  /** What the query cache holds before the page shows (as when coming back from another screen). */
  cached?: { assignments?: ReaderAssignment[] },
) {
  const spoken: SpeakRequest[] = [];
  const guidance: (readonly string[] | null)[] = [];
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(ME_QUERY_KEY, meFixture({ name: 'Maya', userType }));
  if (cached?.assignments) client.setQueryData(MY_ASSIGNMENTS_QUERY_KEY, { assignments: cached.assignments });
  const registry = createCommandRegistry({ commands: [] });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider
          value={{
            ...SILENT_AUDIO_QUEUE,
            speak: (r) => void spoken.push(r),
            setGuidance: (lines) => void guidance.push(lines),
          }}
        >
          <VoiceRegistryContext.Provider value={registry}>
            <StudentClassroomPage />
            <Toaster />
          </VoiceRegistryContext.Provider>
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    spoken,
    said: () => spoken.map((r) => r.text),
    registry,
    client,
    /** The page's guidance lines now (the last set, while the page shows). */
    guidance: () => guidance.at(-1) ?? null,
    /** Every guidance set (null when the page's was taken back), in order. */
    guidanceHistory: guidance,
  };
}

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(path));
const joinForm = () => screen.getByRole('form', { name: 'Join a class' });
const pad = () => screen.getByRole('group', { name: 'Number pad' });

/** Presses the pad's keys, one digit (or "Back") at a time. */
async function press(user: ReturnType<typeof userEvent.setup>, keys: string[]) {
  for (const key of keys) await user.click(within(pad()).getByRole('button', { name: key }));
}

beforeEach(() => {
  classes = [];
  listAnswer = null;
  assignments = [];
  assignmentsAnswer = null;
  previewAnswer = [{ class: READING_GROUP }, 200];
  joinAnswer = [{ class: { ...READING_GROUP, joinedAt: '2026-11-24T10:00:00Z' } }, 201];
  hold = null;
  assignmentsHold = null;
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('StudentClassroomPage, the classes', () => {
  it("lists the reader's classes with grade and teacher, and the advice to leave a stranger's class", async () => {
    classes = [ROOM_4];
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your classes' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Room 4');
    expect(item).toHaveTextContent('2nd grade');
    expect(item).toHaveTextContent('Teacher: Ms Rivera');
    expect(within(item).getByRole('button', { name: 'Leave Room 4' })).toBeInTheDocument();
    expect(screen.getByText(/If you do not know this teacher, leave the class\./)).toBeInTheDocument();
  });

  it('says when the reader is in no class yet', async () => {
    renderPage('other');
    expect(await screen.findByText('You are not in a class yet.')).toBeInTheDocument();
  });

  it('leaves a class only after asking, and puts focus on the page title', async () => {
    classes = [ROOM_4];
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Leave Room 4' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave Room 4?' });
    expect(dialog).toHaveAccessibleDescription(/Ms Rivera will no longer see your reading/);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Leave the class' }));
    expect(await screen.findByText('You are not in a class yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      expect.stringMatching(new RegExp(`/api/classroom/${ROOM_4.id}$`)),
    ]);
    expect(await screen.findByText('You left Room 4')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'My Classroom' })).toHaveFocus(),
    );
  });
});

const assignmentGets = () =>
  calls.filter((c) => c.method === 'GET' && c.url.endsWith('/api/classroom/assignments'));
const toReadCard = () => screen.findByRole('region', { name: 'To read' });

describe('StudentClassroomPage, what to read', () => {
  it('lists the assignments in the order the server gives, above the classes, each with a link to read it aloud', async () => {
    classes = [ROOM_4];
    assignments = [FOX, MOON, SEEDS];
    renderPage();
    const list = await screen.findByRole('list', { name: 'To read' });
    // "To read" comes before "Your classes".
    const classesTitle = screen.getByRole('heading', { name: 'Your classes' });
    expect(
      (await toReadCard()).compareDocumentPosition(classesTitle) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'The Fox and the Crow',
      'Moon Walk',
    ]);
    const [fox, moon] = items as [HTMLElement, HTMLElement];
    expect(fox).toHaveTextContent('Ms Rivera asked you to read this');
    expect(fox).toHaveTextContent('Read it to a grown-up too.');
    expect(fox).toHaveTextContent('Read it by Friday, 4 December.');
    expect(within(fox).getByRole('link', { name: 'Read The Fox and the Crow aloud' })).toHaveAttribute(
      'href',
      `/fluency?storyId=${FOX.storyId}`,
    );
    // No note and no day: nothing said of them.
    expect(moon).not.toHaveTextContent(/Read it by/);
    expect(within(moon).getByRole('link', { name: 'Read Moon Walk aloud' })).toHaveAttribute(
      'href',
      `/fluency?storyId=${MOON.storyId}`,
    );
    // Every link has the microphone picture (decorative: the words are its name).
    for (const item of items) {
      expect(within(item).getByRole('link').querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    }
  });

  it('puts the stories read already below, with a check and "You read it", and no "aloud" link', async () => {
    classes = [ROOM_4];
    assignments = [FOX, SEEDS];
    renderPage();
    const done = await screen.findByRole('list', { name: 'You read these' });
    const item = within(done).getByRole('listitem');
    expect(within(item).getByRole('heading', { level: 4 })).toHaveTextContent('Little Seeds');
    expect(item).toHaveTextContent('You read it');
    expect(item.querySelector('.assignment__done svg')).not.toBeNull();
    expect(within(item).queryByRole('link', { name: /aloud$/ })).not.toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Read Little Seeds again' })).toHaveAttribute(
      'href',
      `/fluency?storyId=${SEEDS.storyId}`,
    );
    const toRead = screen.getByRole('list', { name: 'To read' });
    expect(within(toRead).queryByText('Little Seeds')).not.toBeInTheDocument();
    expect(within(toRead).queryByText('You read it')).not.toBeInTheDocument();
    // The "To read" list comes first.
    expect(toRead.compareDocumentPosition(done) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says when everything asked is read', async () => {
    classes = [ROOM_4];
    assignments = [SEEDS];
    const { guidance } = renderPage();
    expect(await screen.findByText('You read them all. Well done!')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'To read' })).not.toBeInTheDocument();
    await waitFor(() => expect(guidance()).toEqual(CLASSROOM_GUIDANCE));
  });

  it('says "Nothing to read yet." when the teachers have asked for nothing, and Sparky keeps his lines', async () => {
    classes = [ROOM_4];
    const { guidance } = renderPage();
    expect(await within(await toReadCard()).findByText('Nothing to read yet.')).toBeInTheDocument();
    await waitFor(() => expect(guidance()).toEqual(CLASSROOM_GUIDANCE));
  });

  it('shows no "To read" to a reader in no class, and Sparky does not speak of a teacher yet', async () => {
    const { guidance } = renderPage();
    await screen.findByText('You are not in a class yet.');
    expect(screen.queryByRole('region', { name: 'To read' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Your teacher can see how you read/)).not.toBeInTheDocument();
    await waitFor(() => expect(guidance()).toEqual(CLASSROOM_FIRST_GUIDANCE));
  });

  it('tells a reader in a class, under "To read" and by Sparky, that the teacher sees and hears the readings they ask for (ADR 0048)', async () => {
    classes = [ROOM_4];
    assignments = [FOX];
    const { guidance } = renderPage();
    const card = await toReadCard();
    await within(card).findByRole('list', { name: 'To read' });
    expect(
      within(card).getByText(
        'Your teacher can see how you read the stories they ask for, word by word, and hear the words you read for 30 days. They see your Reading Screenings too.',
      ),
    ).toBeVisible();
    // A pre-reader cannot read the card: Sparky says a short version.
    await waitFor(() =>
      expect(guidance()?.[0]).toMatch(
        / Your teacher can see and hear how you read the stories they ask for\.$/,
      ),
    );
  });

  it('says what the teacher sees even before the teacher asks for a story', async () => {
    classes = [ROOM_4];
    renderPage();
    const card = await toReadCard();
    await within(card).findByText('Nothing to read yet.');
    expect(
      within(card).getByText(/Your teacher can see how you read the stories they ask for/),
    ).toBeVisible();
  });

  it('has Sparky say how many stories there are to read, with the usual lines', async () => {
    classes = [ROOM_4];
    assignments = [FOX, MOON, SEEDS];
    const { guidance } = renderPage();
    await screen.findByRole('list', { name: 'To read' });
    await waitFor(() =>
      expect(guidance()).toEqual([
        'Here are your classes and your teachers. Your teacher asked you to read 2 stories. Your teacher can see and hear how you read the stories they ask for.',
        CLASSROOM_GUIDANCE[1],
      ]),
    );
  });

  it('waits for the new list before Sparky says the count, when coming back with an old one cached', async () => {
    classes = [ROOM_4];
    // Cached before Reading Practice: two to read. Now the reader has read the fox.
    assignments = [{ ...FOX, done: true }, MOON, SEEDS];
    let release!: () => void;
    assignmentsHold = new Promise((resolve) => (release = resolve));
    const { guidance, guidanceHistory, client } = renderPage('student', {
      assignments: [FOX, MOON, SEEDS],
    });
    await screen.findByRole('list', { name: 'Your classes' });
    await waitFor(() => expect(assignmentGets()).toHaveLength(1));
    // The old list shows while the new one comes, but Sparky says nothing yet.
    expect(screen.getAllByRole('link', { name: /aloud$/ })).toHaveLength(2);
    expect(guidance()).toBeNull();
    act(() => release());
    await waitFor(() =>
      expect(guidance()).toEqual([
        'Here are your classes and your teachers. Your teacher asked you to read one story. Your teacher can see and hear how you read the stories they ask for.',
        CLASSROOM_GUIDANCE[1],
      ]),
    );
    expect(guidanceHistory.flat().some((line) => line?.includes('2 stories'))).toBe(false);
    // Asked for again later, on the page (the window focused): Sparky keeps his lines and does not start again.
    const said = guidanceHistory.length;
    assignmentsHold = new Promise((resolve) => (release = resolve));
    act(() => void client.invalidateQueries({ queryKey: MY_ASSIGNMENTS_QUERY_KEY }));
    await waitFor(() => expect(assignmentGets()).toHaveLength(2));
    expect(guidance()).not.toBeNull();
    act(() => release());
    await waitFor(() => expect(client.isFetching({ queryKey: MY_ASSIGNMENTS_QUERY_KEY })).toBe(0));
    expect(guidanceHistory).toHaveLength(said);
  });

  it('gives each link its own name when two classes ask for the same story, or one asks twice', async () => {
    classes = [ROOM_4, { ...READING_GROUP, joinedAt: '2026-11-24T10:00:00Z' }];
    const blueFox = { ...FOX, id: BLUE_STORY.id, classId: READING_GROUP.id, className: 'Blue Readers' };
    const foxAgain = { ...FOX, id: MOON.id };
    const seedsAgain = { ...SEEDS, id: '0f9e4d2c-b0d1-4cf3-8e7f-8a9bacbdced9' };
    assignments = [FOX, blueFox, foxAgain, SEEDS, seedsAgain];
    renderPage();
    await screen.findByRole('list', { name: 'To read' });
    const names = visibleControls(document.body)
      .map((c) => c.name)
      .filter((name) => name.startsWith('Read '));
    expect(names).toEqual([
      'Read The Fox and the Crow aloud for Room 4 (1)',
      'Read The Fox and the Crow aloud for Blue Readers',
      'Read The Fox and the Crow aloud for Room 4 (2)',
      'Read Little Seeds again for Room 4 (1)',
      'Read Little Seeds again for Room 4 (2)',
    ]);
    expect(new Set(names.map(phraseKey)).size).toBe(names.length);
  });

  it('says a failed load in an alert, and the classes and joining still work', async () => {
    classes = [ROOM_4];
    assignmentsAnswer = error('internal_error', 'Something went wrong.', 500);
    const user = userEvent.setup();
    const { guidance } = renderPage();
    expect(await within(await toReadCard()).findByRole('alert')).toHaveTextContent(
      'We could not load what your teacher asked you to read. Please try again later.',
    );
    const list = await screen.findByRole('list', { name: 'Your classes' });
    expect(within(list).getByText('Room 4')).toBeInTheDocument();
    await waitFor(() => expect(guidance()).toEqual(CLASSROOM_GUIDANCE));
    await user.type(screen.getByRole('textbox', { name: 'Class code' }), '482913');
    await user.click(await screen.findByRole('button', { name: 'Join the class' }));
    expect(await screen.findByText(/You joined Blue Readers/)).toBeInTheDocument();
  });

  it("asks for the assignments again after joining a class, and shows the new class's", async () => {
    assignments = [BLUE_STORY];
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('You are not in a class yet.');
    await waitFor(() => expect(assignmentGets()).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Class code' }), '482913');
    await user.click(await screen.findByRole('button', { name: 'Join the class' }));
    const link = await screen.findByRole('link', { name: 'Read The Blue Boat aloud' });
    expect(link).toHaveAttribute('href', `/fluency?storyId=${BLUE_STORY.storyId}`);
    expect(screen.getByRole('list', { name: 'To read' })).toHaveTextContent('Mr Ito asked you to read this');
    expect(assignmentGets().length).toBeGreaterThanOrEqual(2);
  });

  it("takes a class's assignments away when the reader leaves it, and asks for the list again", async () => {
    classes = [ROOM_4, { ...READING_GROUP, joinedAt: '2026-11-24T10:00:00Z' }];
    assignments = [FOX, BLUE_STORY];
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'To read' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const before = assignmentGets().length;
    await user.click(screen.getByRole('button', { name: 'Leave Room 4' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave Room 4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave the class' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Read The Fox and the Crow aloud' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Read The Blue Boat aloud' })).toBeInTheDocument();
    await waitFor(() => expect(assignmentGets().length).toBeGreaterThan(before));
  });

  it("keeps a long title's link name short enough to be said as a command", async () => {
    const long = 'The Very Long and Winding Story of the Little Red Hen Who Baked the Bread All by Herself';
    classes = [ROOM_4];
    assignments = [{ ...FOX, storyTitle: long }];
    renderPage();
    const title = await screen.findByRole('heading', { level: 3, name: long });
    const item = title.closest('li')!;
    const link = within(item).getByRole('link');
    const name = link.textContent!;
    expect(name).toBe('Read The Very Long and Winding Story of the Little Red… aloud');
    expect(name.split(' ').length).toBeLessThanOrEqual(MAX_PHRASE_WORDS);
    expect(name.length).toBeLessThanOrEqual(MAX_PHRASE_CHARS);
    // It is one of the page's voice commands, by the name shown.
    expect(visibleControls(document.body).map((c) => c.name)).toContain(name);
  });
});

describe('assignment words', () => {
  it('writes the due day in words, on the day the teacher chose whatever the time zone', () => {
    expect(dueDayText('2026-12-04')).toBe('by Friday, 4 December');
    expect(dueDayText('2027-01-01')).toBe('by Friday, 1 January');
  });

  it('cuts a title to the words and characters a command may have', () => {
    expect(readAloudName('The Fox and the Crow')).toBe('Read The Fox and the Crow aloud');
    expect(readAloudName('   ')).toBe('Read the story aloud');
    expect(cappedTitle('one two three', 2, 80)).toBe('one two…');
    expect(cappedTitle('Supercalifragilistic expialidocious', 10, 25)).toBe('Supercalifragilistic…');
    const word = 'a'.repeat(100);
    const name = readAloudName(word);
    expect(name.length).toBeLessThanOrEqual(MAX_PHRASE_CHARS);
    expect(name.endsWith('… aloud')).toBe(true);
  });
});

describe('assignmentLinkNames', () => {
  const kite = (className: string, storyTitle = 'The Red Kite', done = false) => ({
    storyTitle,
    className,
    done,
  });

  it('keeps the plain name when it is the only one, and "aloud" and "again" apart', () => {
    expect(
      assignmentLinkNames([kite('Room 4'), kite('Room 5', 'Moon Walk'), kite('Room 4', undefined, true)]),
    ).toEqual(['Read The Red Kite aloud', 'Read Moon Walk aloud', 'Read The Red Kite again']);
  });

  it('adds the class to a name that repeats, then a number', () => {
    expect(assignmentLinkNames([kite('Room 4'), kite('Room 5'), kite('Room 4'), kite('')])).toEqual([
      'Read The Red Kite aloud for Room 4 (1)',
      'Read The Red Kite aloud for Room 5',
      'Read The Red Kite aloud for Room 4 (2)',
      // No class name: the plain name, the only one left.
      'Read The Red Kite aloud',
    ]);
    // The same as a voice hears it: case and punctuation do not tell names apart.
    expect(assignmentLinkNames([kite('Room 4', 'The red kite!'), kite('Room 5')])).toEqual([
      'Read The red kite! aloud for Room 4',
      'Read The Red Kite aloud for Room 5',
    ]);
  });

  it("tells apart long titles cut to the same words, and long class names, within a command's words and characters", () => {
    const start = 'The Very Long and Winding Story of the Little Red Hen Who';
    const longClass = 'Mrs Abernathy-Fitzgerald Wonderful Second Grade Readers of Room 4';
    const names = assignmentLinkNames([
      kite('Room 4', `${start} Baked the Bread`),
      kite('Room 5', `${start} Ate the Cake`),
      kite(longClass, `${start} Baked the Bread`),
      kite(longClass, `${start} Baked the Bread`),
      kite(longClass, `${start} Ate the Cake`),
    ]);
    expect(names[0]).toBe('Read The Very Long and Winding Story of… aloud for Room 4');
    expect(names[1]).toBe('Read The Very Long and Winding Story of… aloud for Room 5');
    expect(new Set(names.map(phraseKey)).size).toBe(names.length);
    for (const name of names) {
      expect(name.split(' ').length).toBeLessThanOrEqual(MAX_PHRASE_WORDS);
      expect(name.length).toBeLessThanOrEqual(MAX_PHRASE_CHARS);
    }
  });

  it('passes over a number another name has already', () => {
    // "Room 4 (1)" and "Room 4 1" sound the same.
    expect(assignmentLinkNames([kite('Room 4'), kite('Room 4'), kite('Room 4 1')])).toEqual([
      'Read The Red Kite aloud for Room 4 (1)',
      'Read The Red Kite aloud for Room 4 (2)',
      'Read The Red Kite aloud for Room 4 1 (2)',
    ]);
  });
});

describe('StudentClassroomPage, joining', () => {
  it('joins by the number pad: 6 digits, then the class and teacher shown and said, then Join the class', async () => {
    const user = userEvent.setup();
    const { said } = renderPage();
    await screen.findByText('You are not in a class yet.');
    await press(user, ['4', '8', '2', '9', '7', 'Back', '1', '3']);
    // Without layout (jsdom) the computed name has a space after every inline element (the <bdi>); browsers do not.
    const question = await screen.findByRole('heading', {
      name: /^This is Blue Readers, Mr Ito's class ?\. Join it\?$/,
    });
    // Looked up once, by itself, when the 6th digit was in.
    expect(posts('/api/classroom/preview').map((c) => JSON.parse(c.body!))).toEqual([{ code: '482913' }]);
    expect(question).toHaveFocus();
    expect(said()).toContain("This is Blue Readers, Mr Ito's class. Join it?");
    expect(posts('/api/classroom/join')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Join the class' }));
    expect(
      await screen.findByText('You joined Blue Readers. Your teacher can now see your reading.'),
    ).toBeInTheDocument();
    expect(said()).toContain('You joined Blue Readers. Your teacher can now see your reading.');
    expect(posts('/api/classroom/join').map((c) => JSON.parse(c.body!))).toEqual([{ code: '482913' }]);
    const list = await screen.findByRole('list', { name: 'Your classes' });
    expect(within(list).getByText('Blue Readers')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your classes' })).toHaveFocus();
    // Ready for another code.
    expect(screen.getByRole('textbox', { name: 'Class code' })).toHaveValue('');
  });

  it('shows the digits entered, big, and says them to a screen reader', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('You are not in a class yet.');
    await press(user, ['4', '8']);
    expect(screen.getByText('Numbers: 4 8. 4 more to go.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Class code' })).toHaveValue('48');
    await press(user, ['2', '9']);
    expect(screen.getByRole('textbox', { name: 'Class code' })).toHaveValue('482 9');
  });

  it('joins by a code typed with spaces, and "Not this one" joins nothing and keeps the digits', async () => {
    const user = userEvent.setup();
    const { said } = renderPage();
    const field = await screen.findByRole('textbox', { name: 'Class code' });
    await user.type(field, '482 913');
    await screen.findByRole('heading', { name: /Join it\?/ });
    expect(posts('/api/classroom/preview').map((c) => JSON.parse(c.body!))).toEqual([{ code: '482913' }]);
    await user.click(screen.getByRole('button', { name: 'Not this one' }));
    const again = await screen.findByRole('textbox', { name: 'Class code' });
    expect(again).toHaveValue('482 913');
    await waitFor(() => expect(again).toHaveFocus());
    expect(said()).toContain('Look at the numbers on the board again. Press Back to change a number.');
    expect(posts('/api/classroom/join')).toHaveLength(0);
  });

  it('presses the pad from the keyboard (Tab and Enter, as two switches do)', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('You are not in a class yet.');
    within(pad()).getByRole('button', { name: '1' }).focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(within(pad()).getByRole('button', { name: '2' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Class code' })).toHaveValue('12');
  });

  it('says a wrong code in words, in an alert, moves focus to the field and keeps the digits', async () => {
    previewAnswer = error('class_code_invalid', 'That class code does not work.', 404);
    const user = userEvent.setup();
    const { said } = renderPage();
    await screen.findByText('You are not in a class yet.');
    await press(user, ['4', '8', '2', '9', '1', '3']);
    const text =
      'That code did not work. Check the numbers on the board, or ask your teacher for a new code.';
    expect(await within(joinForm()).findByRole('alert')).toHaveTextContent(text);
    const field = screen.getByRole('textbox', { name: 'Class code' });
    expect(field).toHaveValue('482 913');
    expect(field).toHaveAccessibleDescription(new RegExp(text.slice(0, 30)));
    expect(field).toBeInvalid();
    await waitFor(() => expect(field).toHaveFocus());
    expect(said()).toContain(text);

    // The same digits again (Back, then the same 3) are refused here, without spending another try.
    await press(user, ['Back']);
    expect(within(joinForm()).getByRole('alert')).toBeEmptyDOMElement();
    await press(user, ['3']);
    expect(within(joinForm()).getByRole('alert')).toHaveTextContent(text);
    expect(posts('/api/classroom/preview')).toHaveLength(1);
    // "Find my class" sends it all the same (the teacher may have turned joining on since).
    await user.click(screen.getByRole('button', { name: 'Find my class' }));
    await waitFor(() => expect(posts('/api/classroom/preview')).toHaveLength(2));
  });

  it('says how long to wait, in minutes, after too many tries', async () => {
    previewAnswer = error(
      'rate_limited',
      'Too many class codes tried. Please wait 14 minutes and try again.',
      429,
      { retryAfterSeconds: 800 },
    );
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Class code' }), '482913');
    expect(await within(joinForm()).findByRole('alert')).toHaveTextContent(
      'Too many codes tried. Please wait 14 minutes, then try again.',
    );
  });

  it('says why a join is refused (a full class), with focus on the field and the digits kept', async () => {
    joinAnswer = error('class_full', 'This class has 40 readers.', 409, { max: 40 });
    const user = userEvent.setup();
    const { said } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Class code' }), '482-913');
    await user.click(await screen.findByRole('button', { name: 'Join the class' }));
    const text = 'That class is full: it has 40 readers, the most there is room for. Ask your teacher.';
    expect(await within(joinForm()).findByRole('alert')).toHaveTextContent(text);
    const field = screen.getByRole('textbox', { name: 'Class code' });
    expect(field).toHaveValue('482-913');
    await waitFor(() => expect(field).toHaveFocus());
    expect(said()).toContain(text);
  });

  it('says when the reader is in as many classes as there is room for, or when nothing answered', () => {
    expect(joinRefusalText(new ApiError(409, 'too_many_classes', 'You are in 5 classes.'))).toBe(
      'You are in 5 classes, the most there is room for. Leave a class first, then try again.',
    );
    expect(joinRefusalText(new ApiError(0, 'network_error', 'Failed to fetch'))).toBe(
      'We could not reach Sparky Reads. Check the connection, then try again.',
    );
    expect(joinRefusalText(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });

  it('spends one try only, however often Join the class is pressed while it is on its way', async () => {
    let release = () => {};
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Class code' }), '482913');
    const join = await screen.findByRole('button', { name: 'Join the class' });
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    await user.click(join);
    await user.click(join);
    await user.keyboard('{Enter}');
    release();
    expect(await screen.findByText(/You joined Blue Readers/)).toBeInTheDocument();
    expect(posts('/api/classroom/join')).toHaveLength(1);
  });

  it('sends nothing more while a look-up is on its way (the pad, the field and Find my class wait)', async () => {
    let release = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('You are not in a class yet.');
    await press(user, ['4', '8', '2', '9', '1', '3']);
    await press(user, ['Back', '3']);
    await user.click(screen.getByRole('button', { name: 'Find my class' }));
    expect(screen.getByRole('textbox', { name: 'Class code' })).toHaveValue('482 913');
    release();
    await screen.findByRole('button', { name: 'Join the class' });
    expect(posts('/api/classroom/preview')).toHaveLength(1);
  });

  it('refuses what cannot be a code without sending it', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Class code' }), '48a913');
    await user.click(screen.getByRole('button', { name: 'Find my class' }));
    expect(await within(joinForm()).findByRole('alert')).toHaveTextContent(
      'A class code is 6 numbers, like 482 913.',
    );
    expect(posts('/api/classroom/preview')).toHaveLength(0);
  });

  it('says so when the code is of a class the reader is in already', async () => {
    classes = [ROOM_4];
    previewAnswer = [{ class: ROOM_4 }, 200];
    const user = userEvent.setup();
    const { said } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Class code' }), '482913');
    expect(await screen.findByText("You are in Room 4, Ms Rivera's class already.")).toBeInTheDocument();
    expect(said()).toContain("You are in Room 4, Ms Rivera's class already.");
    expect(screen.queryByRole('button', { name: 'Join the class' })).not.toBeInTheDocument();
  });
});

describe('StudentClassroomPage by voice', () => {
  it('gives every pad key a name a child can say: "four" presses 4, "back" presses Back', async () => {
    renderPage();
    await screen.findByText('You are not in a class yet.');
    const commands = controlCommands(visibleControls(pad()));
    const spoken = new Map(commands.map((c) => [phraseKey(c.phrase), c.target]));
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
    words.forEach((word, digit) => expect(spoken.get(word)).toBe(`press:${digit}`));
    expect(spoken.get('back')).toBe('press:Back');
    // Every control of the page has a visible name short enough to be a command.
    const all = visibleControls(document.body).map((c) => c.name);
    expect(all).toEqual(expect.arrayContaining(['Find my class', 'Back', '4']));
  });

  it('answers "Join it?" by voice: only its answers are heard, and "yes" joins', async () => {
    const user = userEvent.setup();
    const { registry } = renderPage();
    expect(registry.active()).toEqual([]);
    await user.type(await screen.findByRole('textbox', { name: 'Class code' }), '482913');
    await screen.findByRole('button', { name: 'Join the class' });
    expect(registry.active().map((c) => c.phrase)).toEqual([
      'Join the class',
      'yes',
      'join it',
      'Not this one',
      'no',
    ]);
    const yes = registry.active().find((c) => c.phrase === 'yes')!;
    act(() => registry.handlerFor(yes)!(yes.target, yes));
    expect(await screen.findByText(/You joined Blue Readers/)).toBeInTheDocument();
    expect(posts('/api/classroom/join')).toHaveLength(1);
    expect(registry.active()).toEqual([]);
  });

  it("keeps Sparky's page lines for each kind of visitor", () => {
    expect(classroomGuidance(null, undefined, false)).toBeNull();
    expect(classroomGuidance('reader', undefined, false)).toBeNull();
    expect(classroomGuidance('reader', 0, false)).toBe(CLASSROOM_FIRST_GUIDANCE);
    expect(classroomGuidance('reader', 2, false)).toBe(CLASSROOM_GUIDANCE);
    // In a class, Sparky says calmly what the teacher sees and hears (ADR 0048); before joining, not yet.
    expect(CLASSROOM_GUIDANCE).toEqual([
      'Here are your classes and your teachers. Your teacher can see and hear how you read the stories they ask for.',
      'To join a class, say or press the 6 numbers of its code, one at a time.',
    ]);
    expect(CLASSROOM_FIRST_GUIDANCE.join(' ')).not.toMatch(/see and hear/);
    expect(classroomGuidance('not-reader', undefined, false)).toBe(NOT_A_READER_GUIDANCE);
    expect(classroomGuidance('reader', undefined, true)).toBe(CLASSROOM_ERROR_GUIDANCE);
  });

  it("adds how many stories there are to read to Sparky's first line, once they are known", () => {
    // In a class, the assignments still loading: nothing said yet.
    expect(classroomGuidance('reader', 1, false, null)).toBeNull();
    expect(classroomGuidance('reader', 0, false, null)).toBe(CLASSROOM_FIRST_GUIDANCE);
    expect(classroomGuidance('reader', 1, false, 0)).toBe(CLASSROOM_GUIDANCE);
    expect(classroomGuidance('reader', 1, false, 1)).toEqual([
      'Here are your classes and your teachers. Your teacher asked you to read one story. Your teacher can see and hear how you read the stories they ask for.',
      'To join a class, say or press the 6 numbers of its code, one at a time.',
    ]);
    expect(classroomGuidance('reader', 2, false, 3)?.[0]).toBe(
      'Here are your classes and your teachers. Your teacher asked you to read 3 stories. Your teacher can see and hear how you read the stories they ask for.',
    );
  });
});

describe('StudentClassroomPage for someone who is not a reader', () => {
  it('tells a teacher what the page is for, without asking the server', () => {
    renderPage('teacher');
    expect(screen.getByText(/My Classroom is for readers/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Class Management' })).toHaveAttribute(
      'href',
      '/class-management',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/api/classroom'))).toEqual([]);
  });

  it('sends a guardian to Progress Reports', () => {
    renderPage('guardian');
    expect(screen.getByRole('link', { name: 'Progress Reports' })).toHaveAttribute('href', '/reports');
  });

  it('explains itself when the server says the account is not a reader', async () => {
    listAnswer = error('not_a_reader', 'Only a reader can join a class.', 403);
    renderPage();
    expect(await screen.findByText(/My Classroom is for readers/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Number pad' })).not.toBeInTheDocument();
  });
});
