/**
 * /student-classroom against a fetch stub that answers like server/routes/classes' reader routes
 * (core/api/classes.ts): the reader's classes and leaving one; joining by the number pad or the field, in two steps
 * (the class and teacher shown and said, then "Join the class"); refusals said in words, focus to the field, the
 * digits kept; no second try spent by a second press; the pad's keys as voice commands; non-readers told what the
 * page is for.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinedClass } from '#core/api/classes.ts';
import { phraseKey } from '#core/voice/command.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { createCommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import { controlCommands, visibleControls } from '#voice/visible-controls.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { ApiError } from '../../lib/api/http.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { Toaster } from '../../ui/Toast.tsx';
import { dismissToast } from '../../ui/toast-store.ts';
import {
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

const error = (code: string, message: string, status: number, details?: unknown): [unknown, number] => [
  { error: { code, message, ...(details === undefined ? {} : { details }) } },
  status,
];

let classes: JoinedClass[];
let listAnswer: [unknown, number] | null;
let previewAnswer: [unknown, number];
let joinAnswer: [unknown, number];
/** When set, the look-up's and the join's answers wait for it (to press again while one is on its way). */
let hold: Promise<void> | null;
const calls: { method: string; url: string; body?: string }[] = [];

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  calls.push({ method, url, body: init?.body ? String(init.body) : undefined });
  if (url.endsWith('/api/classroom') && method === 'GET') {
    if (listAnswer) return jsonResponse(...listAnswer);
    return jsonResponse({ classes });
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

function renderPage(userType: 'student' | 'other' | 'teacher' | 'guardian' = 'student') {
  const spoken: SpeakRequest[] = [];
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(ME_QUERY_KEY, meFixture({ name: 'Maya', userType }));
  const registry = createCommandRegistry({ commands: [] });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, speak: (r) => void spoken.push(r) }}>
          <VoiceRegistryContext.Provider value={registry}>
            <StudentClassroomPage />
            <Toaster />
          </VoiceRegistryContext.Provider>
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { spoken, said: () => spoken.map((r) => r.text), registry };
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
  previewAnswer = [{ class: READING_GROUP }, 200];
  joinAnswer = [{ class: { ...READING_GROUP, joinedAt: '2026-11-24T10:00:00Z' } }, 201];
  hold = null;
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
    expect(classroomGuidance('not-reader', undefined, false)).toBe(NOT_A_READER_GUIDANCE);
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
