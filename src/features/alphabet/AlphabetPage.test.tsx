/**
 * /alphabet against a fetch stub that answers like the server (core/api/alphabet.ts): the letter game
 * by voice, by keyboard alone and by pointer; what Sparky says; focus; a find sent once and shown in the
 * grid; a reward said; the grid's letters; a failed save said in words.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlphabetProgress, LetterFoundResponse } from '#core/api/alphabet.ts';
import { LETTERS, spokenLetter, type Letter } from '#core/alphabet/letters.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { createCommandRegistry, type CommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { Toaster } from '../../ui/Toast.tsx';
import { dismissToast } from '../../ui/toast-store.ts';
import { AlphabetPage } from './AlphabetPage.tsx';

let progress: AlphabetProgress;
let found: Letter[];
let failSaves: boolean;
let reward: Partial<LetterFoundResponse>;

function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/api/alphabet') && method === 'GET') return Promise.resolve(jsonResponse(progress));
  if (url.endsWith('/api/alphabet/found') && method === 'POST') {
    if (failSaves) return Promise.reject(new TypeError('Failed to fetch'));
    const { letter } = JSON.parse(String(init?.body)) as { letter: Letter };
    found.push(letter);
    const counted = !progress.today.includes(letter);
    const all = [...new Set([...progress.found, letter])].sort();
    const today = [...new Set([...progress.today, letter])].sort();
    progress = { found: all as Letter[], today: today as Letter[], completed: all.length === 26 };
    const answer: LetterFoundResponse = {
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

/** A fixed source: always the same questions for the same found letters. */
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
            <AlphabetPage random={fixed} />
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

/** The letter Sparky asked for, from his last "Find the letter X." */
function askedLetter(spoken: readonly SpeakRequest[]): Letter {
  const line = [...spoken].reverse().find((r) => r.text.startsWith('Find the letter'));
  return /^Find the letter ([A-Z])\./.exec(line!.text)![1] as Letter;
}

beforeEach(() => {
  progress = { found: [], today: [], completed: false };
  found = [];
  failSaves = false;
  reward = {};
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('AlphabetPage', () => {
  it('plays by voice alone: play, a wrong letter, the right one, next, finish', async () => {
    const { registry, spoken, lastLine } = renderPage();
    expect(await screen.findByText(/You have found 0 of 26 letters/)).toBeInTheDocument();
    say(registry, 'play');
    const target = askedLetter(spoken);
    // The first question teaches the answer heard best.
    expect(lastLine()).toBe(`Find the letter ${target}. To answer, say letter, and then the letter.`);
    const choices = within(screen.getByRole('list', { name: 'Find the letter you hear.' })).getAllByRole(
      'button',
    );
    expect(choices).toHaveLength(3);
    const shown = choices.map((b) => b.getAttribute('aria-label') as Letter);
    expect(shown).toContain(target);
    // Each letter shown can be said, alone or as "letter m"; "again" repeats the question.
    const phrases = registry.active().map((c) => c.phrase);
    for (const letter of shown)
      expect(phrases).toEqual(
        expect.arrayContaining([spokenLetter(letter), `letter ${spokenLetter(letter)}`]),
      );
    say(registry, 'again');
    expect(lastLine()).toBe(`Find the letter ${target}.`);

    const wrong = shown.find((l) => l !== target)!;
    say(registry, spokenLetter(wrong));
    expect(lastLine()).toBe(`I heard ${wrong}. Try again: find the letter ${target}.`);
    expect(screen.getByRole('button', { name: wrong })).toHaveAccessibleDescription('Not this one');
    expect(found).toEqual([]);

    say(registry, `letter ${spokenLetter(target)}`);
    expect(lastLine()).toMatch(
      new RegExp(`^Yes! That is ${target}\\. ${target} (is for|is at the end of) \\w`),
    );
    await waitFor(() => expect(found).toEqual([target]));
    expect(await screen.findByText(/You have found 1 of 26 letters, 1 of them today/)).toBeInTheDocument();
    // The grid marks the letter found.
    const inGrid = document.querySelector(`.alphabet__grid [data-letter="${target}"]`)!;
    expect(inGrid).toHaveAccessibleDescription('Found');

    say(registry, 'next');
    const second = askedLetter(spoken);
    expect(second).not.toBe(target);
    // Taught once a visit: the next question is the question alone.
    expect(lastLine()).toBe(`Find the letter ${second}.`);
    say(registry, 'finish');
    expect(lastLine()).toBe('Well done! You found 1 letter today. Say play to play again.');
    expect(screen.getByRole('button', { name: 'Play the letter game' })).toHaveFocus();
  });

  it('plays with the keyboard alone, and focus follows the game', async () => {
    const { spoken, lastLine } = renderPage();
    const user = userEvent.setup();
    const play = await screen.findByRole('button', { name: 'Play the letter game' });
    play.focus();
    await user.keyboard('{Enter}');
    const target = askedLetter(spoken);
    const list = screen.getByRole('list', { name: 'Find the letter you hear.' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons[0]).toHaveFocus();
    // Tab to the right letter and press it.
    const index = buttons.findIndex((b) => b.getAttribute('aria-label') === target);
    for (let i = 0; i < index; i += 1) await user.tab();
    expect(buttons[index]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(lastLine()).toMatch(/^Yes! /);
    expect(screen.getByRole('button', { name: 'Next letter' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(
      within(screen.getByRole('list', { name: 'Find the letter you hear.' })).getAllByRole('button')[0],
    ).toHaveFocus();
    await waitFor(() => expect(found).toEqual([target]));
  });

  it('once the game starts, the page’s introduction is withdrawn: its second line never replaces the question', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { registry, spoken } = renderPage();
      await screen.findByText(/You have found 0 of 26 letters/);
      await act(() => vi.advanceTimersByTimeAsync(1500));
      expect(spoken.map((r) => r.text)).toContain("Let's learn letters! Say play to play the letter game.");
      say(registry, 'play');
      await act(() => vi.advanceTimersByTimeAsync(6000));
      const lines = spoken.map((r) => r.text);
      expect(lines).not.toContain('Or press a letter to hear its name.');
      expect(lines.at(-1)).toMatch(/^Find the letter [A-Z]\. To answer, say letter, and then the letter\.$/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('while a letter is asked, only the three shown are letters to say; the grid is left out', async () => {
    const { registry } = renderPage();
    await screen.findByText(/You have found 0 of 26 letters/);
    expect(document.querySelector('.alphabet__grid')).not.toHaveAttribute('data-voice-ignore');
    say(registry, 'play');
    expect(document.querySelector('.alphabet__grid')).toHaveAttribute('data-voice-ignore');
    const letterPhrases = registry
      .active()
      .filter((c) => c.target.startsWith('alphabet:letter:') && !c.phrase.startsWith('letter '));
    expect(letterPhrases).toHaveLength(3);
    expect(registry.active().map((c) => c.phrase)).not.toContain('play');
  });

  it('asks for letters not found yet first', async () => {
    progress = { found: LETTERS.filter((l) => l !== 'Q'), today: [], completed: false };
    const { registry, spoken } = renderPage();
    await screen.findByText(/You have found 25 of 26 letters/);
    say(registry, 'play');
    expect(askedLetter(spoken)).toBe('Q');
  });

  it('says a reward the find earned, as the fluency page does', async () => {
    reward = {
      completedChallenges: [
        { id: 'c1', challenge_type: 'alphabet_letters', name: 'Letter Learning', reward_tokens: 8 },
      ],
      newAchievements: [
        {
          id: 'a1',
          achievement_type: 'alphabet_master',
          achievement_name: 'Alphabet Master',
          description: 'Completed the alphabet learning section',
          icon_name: 'letters',
          earned_at: '2027-03-01T10:00:00Z',
        },
      ],
    };
    const { registry, spoken } = renderPage();
    await screen.findByText(/You have found 0 of 26 letters/);
    say(registry, 'play');
    say(registry, spokenLetter(askedLetter(spoken)));
    expect(await screen.findByText('Achievement Unlocked!')).toBeInTheDocument();
    await waitFor(() => expect(spoken.map((r) => r.text).join(' ')).toMatch(/Letter Learning/));
  });

  it('says when a find could not be kept, and the game goes on', async () => {
    failSaves = true;
    const { registry, spoken } = renderPage();
    await screen.findByText(/You have found 0 of 26 letters/);
    say(registry, 'play');
    say(registry, spokenLetter(askedLetter(spoken)));
    expect(await screen.findByText(/Sparky could not keep this letter just now/)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByRole('button', { name: 'Next letter' })).toBeInTheDocument();
  });

  it('shows every letter with its word; pressing one makes Sparky say it', async () => {
    const { lastLine } = renderPage();
    const user = userEvent.setup();
    await screen.findByText(/You have found 0 of 26 letters/);
    const grid = screen.getByRole('list', { name: 'All the letters' });
    expect(within(grid).getAllByRole('button')).toHaveLength(26);
    await user.click(screen.getByRole('button', { name: 'M for moon' }));
    expect(lastLine()).toBe('M. M is for moon.');
    await user.click(screen.getByRole('button', { name: 'X in fox' }));
    expect(lastLine()).toBe('X. X is at the end of fox.');
  });

  it('says in words when the letters cannot be loaded, and still lets the child play', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ error: { code: 'internal', message: 'x' } }, 500))),
    );
    renderPage();
    expect(await screen.findByText(/We could not load your letters right now/)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByRole('button', { name: 'Play the letter game' })).toBeInTheDocument();
  });
});
