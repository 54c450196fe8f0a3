/**
 * /word-builder against a fetch stub that answers like the server (core/api/word-builder.ts): a word built by
 * voice, by keyboard alone and by pointer; what Sparky says; the clue; focus; a word sent once; a reward
 * said; a failed save said in words.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WordBuilderProgress, WordBuiltResponse } from '#core/api/word-builder.ts';
import { spokenLetter, type Letter } from '#core/alphabet/letters.ts';
import { builderWord, lettersOf, SHORT_WORDS } from '#core/word-builder/words.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { createCommandRegistry, type CommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { Toaster } from '../../ui/Toast.tsx';
import { dismissToast } from '../../ui/toast-store.ts';
import { SAVE_FAILED_LINE, WordBuilderPage } from './WordBuilderPage.tsx';

let progress: WordBuilderProgress;
let built: string[];
let failSaves: boolean;
let reward: Partial<WordBuiltResponse>;

function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/api/word-builder') && method === 'GET') return Promise.resolve(jsonResponse(progress));
  if (url.endsWith('/api/word-builder/built') && method === 'POST') {
    if (failSaves) return Promise.reject(new TypeError('Failed to fetch'));
    const { word } = JSON.parse(String(init?.body)) as { word: string };
    built.push(word);
    const counted = !progress.today.includes(word);
    progress = {
      today: [...new Set([...progress.today, word])].sort(),
      total: progress.total + (counted ? 1 : 0),
    };
    const answer: WordBuiltResponse = {
      progress,
      counted,
      newAchievements: [],
      completedChallenges: [],
      balance: 10,
      ...reward,
    };
    return Promise.resolve(jsonResponse(answer));
  }
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

/** A fixed source: always the same word and tiles for the same progress. */
const fixed = () => 0.1;

function renderPage(registry: CommandRegistry = createCommandRegistry({ commands: [] })) {
  const spoken: SpeakRequest[] = [];
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(ME_QUERY_KEY, meFixture({ profile: { tokens: 0 } }));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, speak: (r) => void spoken.push(r) }}>
          <VoiceRegistryContext.Provider value={registry}>
            <WordBuilderPage random={fixed} />
            <Toaster />
          </VoiceRegistryContext.Provider>
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const lastLine = () => spoken.at(-1)?.text;
  return { registry, spoken, lastLine, client };
}

/** Says `phrase` to the registry as the recogniser's answer would. */
function say(registry: CommandRegistry, phrase: string) {
  const command = registry.active().find((c) => c.phrase === phrase);
  expect(command, `"${phrase}" can be said`).toBeDefined();
  act(() => registry.handlerFor(command!)!(command!.target, command!));
}

/** The word Sparky gave, from his last "Let's build cat. …". */
function givenWord(spoken: readonly SpeakRequest[]): string {
  const line = [...spoken].reverse().find((r) => r.text.startsWith("Let's build "));
  return /^Let's build (\w+)\./.exec(line!.text)![1]!;
}

/** The tiles shown, by their accessible names (capital letters), in order. */
function tiles(): Letter[] {
  return within(screen.getByRole('list', { name: 'Letters' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') as Letter);
}

/** The boxes of the word, as a screen reader reads them. */
function slots(): string[] {
  return within(screen.getByRole('list', { name: 'Your word' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

beforeEach(() => {
  progress = { today: [], total: 0 };
  built = [];
  failSaves = false;
  reward = {};
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('WordBuilderPage', () => {
  it('builds a word by voice alone: play, a later letter, a letter not in the word, the right ones, next, finish', async () => {
    const { registry, spoken, lastLine } = renderPage();
    expect(
      await screen.findByText('Words built today: 0. Word Architect badge: 0 of 10.'),
    ).toBeInTheDocument();
    say(registry, 'play');
    const word = givenWord(spoken);
    const letters = lettersOf(word);
    expect(word).toHaveLength(3); // short words first
    expect(lastLine()).toBe(
      `Let's build ${word}. What letter does ${word} start with? To answer, say letter, and then the letter.`,
    );
    const shown = tiles();
    expect(shown).toHaveLength(5);
    expect(shown).toEqual(expect.arrayContaining(letters));
    expect(slots()).toEqual(['empty', 'empty', 'empty']);
    // The picture is shown, hidden from screen readers; the word is said.
    expect(document.querySelector('.word-builder__picture')?.textContent).toBe(builderWord(word).picture);

    // Each tile can be said, alone or as "letter m"; navigation is not heard while building.
    const phrases = registry.active().map((c) => c.phrase);
    for (const letter of shown)
      expect(phrases).toEqual(
        expect.arrayContaining([spokenLetter(letter), `letter ${spokenLetter(letter)}`]),
      );
    expect(phrases).not.toContain('play');

    say(registry, `letter ${spokenLetter(letters[2]!)}`);
    expect(lastLine()).toBe(
      `I heard ${letters[2]}. ${letters[2]} is in ${word}, but not yet. What letter does ${word} start with?`,
    );
    const extra = shown.find((l) => !letters.includes(l))!;
    say(registry, spokenLetter(extra));
    // Two wrong letters: the clue comes by itself, and the tile is marked.
    expect(lastLine()).toMatch(
      new RegExp(`^I heard ${extra}\\. .* has no ${extra}\\. .*Here is a clue: it is ${letters[0]}\\.`),
    );
    expect(screen.getByRole('button', { name: letters[0] })).toHaveAccessibleDescription('This is the one');
    expect(screen.getByRole('button', { name: extra })).toHaveAccessibleDescription('Not this one');

    say(registry, spokenLetter(letters[0]!));
    expect(lastLine()).toBe(`Yes, ${letters[0]}! What letter comes next in ${word}?`);
    expect(slots()).toEqual([letters[0]!.toLowerCase(), 'empty', 'empty']);
    // A tile in place is used: it cannot be pressed or said again.
    expect(screen.getByRole('button', { name: letters[0] })).toBeDisabled();
    expect(registry.active().map((c) => c.phrase)).not.toContain(spokenLetter(letters[0]!));
    // The mark of a wrong try is for one letter only.
    expect(screen.getByRole('button', { name: extra })).not.toHaveAccessibleDescription('Not this one');

    say(registry, 'say it again');
    expect(lastLine()).toBe(`${word}. What letter comes next in ${word}?`);
    // Bare "again" and "clue" are not heard while building: letters said alone were taken for them.
    expect(registry.active().map((c) => c.phrase)).not.toEqual(expect.arrayContaining(['again']));
    expect(registry.active().map((c) => c.phrase)).not.toContain('clue');
    say(registry, spokenLetter(letters[1]!));
    expect(lastLine()).toBe(`Yes, ${letters[1]}! What letter does ${word} end with?`);
    say(registry, spokenLetter(letters[2]!));
    expect(lastLine()).toBe(
      `Yes, ${letters[2]}! You built ${word}! ${letters.join(', ')}. ${word}! Say next, or press Next word.`,
    );
    expect(screen.getByText(`Yes! You built ${word}.`, { exact: false })).toHaveAttribute('role', 'status');
    await waitFor(() => expect(built).toEqual([word]));
    expect(
      await screen.findByText('Words built today: 1. Word Architect badge: 1 of 10.'),
    ).toBeInTheDocument();

    say(registry, 'next');
    expect(givenWord(spoken)).not.toBe(word);
    say(registry, 'finish');
    expect(lastLine()).toBe('Well done! You built 1 word today. Say play to build more.');
    expect(screen.getByRole('button', { name: 'Build a word' })).toHaveFocus();
  });

  it('builds with the keyboard alone, and focus follows the game', async () => {
    const { spoken, lastLine } = renderPage();
    const user = userEvent.setup();
    const play = await screen.findByRole('button', { name: 'Build a word' });
    // Not before the words built are known (they choose the word).
    expect(play).toBeDisabled();
    await screen.findByText(/Words built today: 0\./);
    expect(play).toBeEnabled();
    play.focus();
    await user.keyboard('{Enter}');
    const word = givenWord(spoken);
    for (const letter of lettersOf(word)) {
      const buttons = within(screen.getByRole('list', { name: 'Letters' })).getAllByRole('button');
      const enabled = buttons.filter((b) => !b.hasAttribute('disabled'));
      // Focus is on the first tile left.
      expect(enabled[0]).toHaveFocus();
      const index = enabled.findIndex((b) => b.getAttribute('aria-label') === letter);
      for (let i = 0; i < index; i += 1) await user.tab();
      expect(enabled[index]).toHaveFocus();
      await user.keyboard('{Enter}');
    }
    expect(lastLine()).toMatch(new RegExp(`You built ${word}!`));
    expect(screen.getByRole('button', { name: 'Next word' })).toHaveFocus();
    await waitFor(() => expect(built).toEqual([word]));
  });

  it('gives the clue on request, by button or by voice', async () => {
    const { registry, spoken, lastLine } = renderPage();
    const user = userEvent.setup();
    await screen.findByText(/Words built today: 0\./);
    await user.click(screen.getByRole('button', { name: 'Build a word' }));
    const first = lettersOf(givenWord(spoken))[0]!;
    await user.click(screen.getByRole('button', { name: 'Give me a clue' }));
    expect(lastLine()).toBe(`Here is a clue: it is ${first}. Find ${first}.`);
    expect(screen.getByRole('button', { name: first })).toHaveAccessibleDescription('This is the one');
    // Pressed again, it says the clue again and keeps the focus (a switch user is not sent elsewhere).
    await user.click(screen.getByRole('button', { name: 'Give me a clue' }));
    expect(lastLine()).toBe(`Here is a clue: it is ${first}. Find ${first}.`);
    expect(screen.getByRole('button', { name: 'Give me a clue' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: first }));
    // The next letter has no clue until asked.
    say(registry, 'give me a clue');
    const second = lettersOf(givenWord(spoken))[1]!;
    expect(lastLine()).toBe(`Here is a clue: it is ${second}. Find ${second}.`);
  });

  it('gives a word not built today first, and long words once ten are built', async () => {
    const left = SHORT_WORDS.map((w) => w.word).filter((w) => w !== 'fox');
    progress = { today: left, total: 9 };
    const { registry, spoken } = renderPage();
    await screen.findByText('Words built today: 33. Word Architect badge: 9 of 10.');
    say(registry, 'play');
    expect(givenWord(spoken)).toBe('fox');
  });

  it('says a reward the word earned', async () => {
    reward = {
      completedChallenges: [
        { id: 'c1', challenge_type: 'practice_words', name: 'Word Practice', reward_tokens: 5 },
      ],
      newAchievements: [
        {
          id: 'a1',
          achievement_type: 'word_builder',
          achievement_name: 'Word Architect',
          description: 'Built 10 words successfully',
          icon_name: 'blocks',
          earned_at: '2027-03-01T10:00:00Z',
        },
      ],
    };
    const { registry, spoken } = renderPage();
    await screen.findByText(/Words built today: 0\./);
    say(registry, 'play');
    for (const letter of lettersOf(givenWord(spoken))) say(registry, spokenLetter(letter));
    expect(await screen.findByText('Achievement Unlocked!')).toBeInTheDocument();
    await waitFor(() => expect(spoken.map((r) => r.text).join(' ')).toMatch(/Word Practice/));
  });

  it('says when a word could not be kept, and sends it again on Try again', async () => {
    failSaves = true;
    const user = userEvent.setup();
    const { registry, spoken } = renderPage();
    await screen.findByText(/Words built today: 0\./);
    say(registry, 'play');
    const word = givenWord(spoken);
    for (const letter of lettersOf(word)) say(registry, spokenLetter(letter));
    expect(
      (await screen.findByText('Sparky could not keep this word just now.')).closest('[role="alert"]'),
    ).not.toBeNull();
    await waitFor(() => expect(spoken.map((r) => r.text)).toContain(SAVE_FAILED_LINE));
    expect(screen.getByRole('button', { name: 'Next word' })).toBeInTheDocument();
    failSaves = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(built).toEqual([word]));
    await waitFor(() =>
      expect(screen.queryByText('Sparky could not keep this word just now.')).not.toBeInTheDocument(),
    );
    // After a word, "hear it again" spells it once more.
    say(registry, 'hear it again');
    expect(spoken.at(-1)?.text).toBe(`${lettersOf(word).join(', ')}. ${word}!`);
  });

  it('says in words when the words cannot be loaded, and still lets the child play', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ error: { code: 'internal', message: 'x' } }, 500))),
    );
    renderPage();
    expect(await screen.findByText(/We could not load your words right now/)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByRole('button', { name: 'Build a word' })).toBeInTheDocument();
  });
});
