/**
 * /import against a fetch stub that answers like the server (core/api/stories.ts): a text typed and saved by
 * keyboard, then read or practised; refusals on the page and from the server keep the text and say what to
 * change; a file opened; the draft kept in the tab.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_TEXT_MAX_CHARS, type ImportStoryResponse } from '#core/api/stories.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE, type AudioQueueApi } from '../../app/audio/audio-context.ts';
import { jsonResponse } from '../../test/me-fixture.ts';
import { IMPORT_GUIDANCE, savedLine } from './import.guidance.ts';
import { IMPORT_DRAFT_KEY, ImportTextPage } from './ImportTextPage.tsx';

const sent: unknown[] = [];
let answer: () => Response | Promise<Response>;
const spoken: string[] = [];

const STORY = {
  id: '6f1c1d2e-8a4b-4c4d-9e0f-1a2b3c4d5e6f',
  slug: null,
  title: 'The red hen',
  gradeBand: null,
  themes: [],
  decodable: false,
  lexile: 320,
  wordCount: 9,
};

function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url.endsWith('/api/stories') && init?.method === 'POST') {
    sent.push(JSON.parse(String(init.body)));
    return Promise.resolve(answer());
  }
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const audio: AudioQueueApi = {
    ...SILENT_AUDIO_QUEUE,
    speak: (item) => {
      spoken.push(item.text);
      return SILENT_AUDIO_QUEUE.speak(item);
    },
  };
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider value={audio}>
          <ImportTextPage />
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sent.length = 0;
  spoken.length = 0;
  sessionStorage.clear();
  answer = () => jsonResponse({ story: STORY, created: true } satisfies ImportStoryResponse, 201);
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => vi.unstubAllGlobals());

describe('ImportTextPage', () => {
  it('saves a typed text by keyboard, then offers to read it or practise it aloud', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Import Text' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Name of the text' })).toHaveFocus();
    await user.keyboard('The red hen');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'The text to read' })).toHaveFocus();
    await user.keyboard('The red hen found a seed.{Enter}She planted it.');
    expect(document.querySelector('.import-page__count')).toHaveTextContent(
      '9 words, 41 of 20,000 characters',
    );
    await user.tab(); // Choose a text file
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save the text' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const saved = await screen.findByRole('heading', { name: 'Saved!' });
    await waitFor(() => expect(saved).toHaveFocus());
    expect(sent).toEqual([{ title: 'The red hen', text: 'The red hen found a seed.\nShe planted it.' }]);
    expect(screen.getByText(/is in your Saved Stories: 9 words, level 320L/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read it now' })).toHaveAttribute(
      'href',
      `/read-story/${STORY.id}`,
    );
    expect(screen.getByRole('link', { name: 'Practise reading aloud' })).toHaveAttribute(
      'href',
      `/fluency?storyId=${STORY.id}`,
    );
    expect(spoken).toContain(savedLine('The red hen'));
    expect(sessionStorage.getItem(IMPORT_DRAFT_KEY)).toBeNull();

    // Another text: an empty form, the name field first.
    await user.click(screen.getByRole('button', { name: 'Import another text' }));
    const name = await screen.findByRole('textbox', { name: 'Name of the text' });
    expect(name).toHaveValue('');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('says the same text was there already, without a copy', async () => {
    answer = () => jsonResponse({ story: STORY, created: false } satisfies ImportStoryResponse, 200);
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Name of the text' }), 'The red hen');
    await user.type(screen.getByRole('textbox', { name: 'The text to read' }), 'The red hen found a seed.');
    await user.click(screen.getByRole('button', { name: 'Save the text' }));
    expect(await screen.findByRole('heading', { name: 'You have this text already' })).toBeInTheDocument();
  });

  it('says what is missing, on the field, aloud, with focus there, and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Save the text' }));
    const name = screen.getByRole('textbox', { name: 'Name of the text' });
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Give the text a name.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'The text to read' })).toHaveAccessibleDescription(
      expect.stringContaining('Type or paste the text to read.'),
    );
    expect(spoken).toContain('Give the text a name.');
    expect(sent).toEqual([]);

    // A text too long is refused on the page with the limit; the text stays.
    await user.type(name, 'Long');
    const text = screen.getByRole('textbox', { name: 'The text to read' });
    await user.click(text);
    await user.paste('a'.repeat(IMPORT_TEXT_MAX_CHARS + 1));
    await user.click(screen.getByRole('button', { name: 'Save the text' }));
    expect(text).toHaveAccessibleDescription(expect.stringContaining('at most 20,000 characters'));
    expect(text).toHaveFocus();
    expect((text as HTMLTextAreaElement).value).toHaveLength(IMPORT_TEXT_MAX_CHARS + 1);
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal and keeps the text to try again', async () => {
    answer = () =>
      jsonResponse(
        {
          error: {
            code: 'too_many_stories',
            message: 'You have 200 stories saved, the most there is room for. Delete one you no longer read.',
          },
        },
        409,
      );
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Name of the text' }), 'Page 3');
    await user.type(screen.getByRole('textbox', { name: 'The text to read' }), 'A dog ran.');
    await user.click(screen.getByRole('button', { name: 'Save the text' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/200 stories saved/);
    expect(spoken.some((line) => line.includes('200 stories saved'))).toBe(true);
    expect(screen.getByRole('textbox', { name: 'The text to read' })).toHaveValue('A dog ran.');

    // No answer at all: the same, and the next try goes through.
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Save the text' }));
    expect(await screen.findByText(/We could not reach Sparky Reads/)).toBeInTheDocument();
    answer = () => jsonResponse({ story: STORY, created: true }, 201);
    await user.click(screen.getByRole('button', { name: 'Save the text' }));
    expect(await screen.findByRole('heading', { name: 'Saved!' })).toBeInTheDocument();
    expect(sent).toHaveLength(3);
  });

  it('opens a text file into the form, named after the file, and refuses one that is not text', async () => {
    const user = userEvent.setup();
    const { container } = renderPage();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toContain('.txt');
    await user.upload(
      input,
      new File(['Once upon a time,\nthere was a fox.'], 'fox_story.txt', { type: 'text/plain' }),
    );
    const text = screen.getByRole('textbox', { name: 'The text to read' });
    await waitFor(() => expect(text).toHaveValue('Once upon a time,\nthere was a fox.'));
    expect(screen.getByRole('textbox', { name: 'Name of the text' })).toHaveValue('fox story');
    expect(screen.getByRole('status')).toHaveTextContent('Opened fox_story.txt: 8 words.');

    await user.upload(
      input,
      new File([new Uint8Array([0x25, 0x50, 0x00, 0xff])], 'book.txt', { type: 'text/plain' }),
    );
    await waitFor(() => expect(text).toHaveAccessibleDescription(expect.stringContaining('not plain text')));
    // The text opened before is still there.
    expect(text).toHaveValue('Once upon a time,\nthere was a fox.');
  });

  it('keeps the text being typed in the tab, so a reload loses nothing', async () => {
    const user = userEvent.setup();
    const first = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Name of the text' }), 'Draft');
    await user.type(screen.getByRole('textbox', { name: 'The text to read' }), 'Half a page.');
    first.unmount();
    renderPage();
    expect(screen.getByRole('textbox', { name: 'Name of the text' })).toHaveValue('Draft');
    expect(screen.getByRole('textbox', { name: 'The text to read' })).toHaveValue('Half a page.');
  });

  it('has guidance for the grown-up and the child, each line short', () => {
    for (const line of IMPORT_GUIDANCE) expect(line.split(' ').length).toBeLessThanOrEqual(20);
  });
});
