/**
 * /sound-it-out against a fetch stub that answers like the server (core/api/sound-it-out.ts): a round played
 * by voice, by keyboard alone and by pointer; the sounds played through the audio queue one at a time with
 * their captions and each tile lit; a wrong card marked; the clue; a failed save said, with Try again.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SoundItOutProgress, WordSoundedResponse } from '#core/api/sound-it-out.ts';
import { LISTEN_LINE, QUESTION_LINE } from '#core/sound-it-out/game.ts';
import { CVC_WORDS, SOUND_WORDS, soundWord } from '#core/sound-it-out/words.ts';
import { DEFAULT_PRIORITY, enqueue, withdraw, type QueueState } from '#core/audio/queue.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { createCommandRegistry, type CommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE, type LineEnd } from '../../app/audio/audio-context.ts';
import { jsonResponse } from '../../test/me-fixture.ts';
import { SAVE_FAILED_LINE, SoundItOutPage } from './SoundItOutPage.tsx';

let progress: SoundItOutProgress;
let sounded: string[];
let failSaves: boolean;

function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/api/sound-it-out') && method === 'GET') return Promise.resolve(jsonResponse(progress));
  if (url.endsWith('/api/sound-it-out/sounded') && method === 'POST') {
    if (failSaves) return Promise.reject(new TypeError('Failed to fetch'));
    const { word } = JSON.parse(String(init?.body)) as { word: string };
    sounded.push(word);
    const counted = !progress.today.includes(word);
    progress = {
      today: [...new Set([...progress.today, word])].sort(),
      total: progress.total + (counted ? 1 : 0),
    };
    const answer: WordSoundedResponse = { progress, counted };
    return Promise.resolve(jsonResponse(answer));
  }
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

/** A fixed source: always the same word and cards for the same progress. */
const fixed = () => 0.1;

/**
 * The page with a fake queue that applies the real queue's rules (core/audio/queue.ts: the 2 s duplicate
 * window for spoken lines, none for sounds; withdraw) on a clock that moves by each line's length as it is
 * heard (0.3 s a word, at least 1 s; 0.3 s a sound). `spoken` records the lines accepted (heard), `offered` every line
 * offered. Each line ends at once, except the praise of a right word when `holdPraise` is set (so the step
 * between two rounds can be seen) and lines matching `hold`, which play until released or withdrawn.
 */
function renderPage(
  registry: CommandRegistry = createCommandRegistry({ commands: [] }),
  holdPraise = false,
  hold: (request: SpeakRequest) => boolean = () => false,
) {
  const spoken: SpeakRequest[] = [];
  const offered: SpeakRequest[] = [];
  const withdrawn: string[] = [];
  const cut: SpeakRequest[] = [];
  let releasePraise: (end: LineEnd) => void = () => {};
  const stopListeners = new Set<() => void>();
  const prefetched: string[] = [];
  let clock = 0;
  let state: QueueState = { queue: [], current: null, recent: {} };
  let count = 0;
  // Lines being said (held), by type, with how to end them.
  const playing: { request: SpeakRequest; end: (how: LineEnd) => void }[] = [];
  // A line lasts about 0.3 s a word (at least 1 s); a sound 0.3 s.
  const heard = (request: SpeakRequest) =>
    (clock += request.phone === undefined ? Math.max(1000, request.text.split(/\s+/).length * 300) : 300);
  const accept = (request: SpeakRequest): boolean => {
    offered.push(request);
    count += 1;
    const result = enqueue(state, {
      id: `t${count}`,
      text: request.text,
      type: request.type,
      priority: request.priority ?? DEFAULT_PRIORITY[request.type],
      at: clock,
      ...(request.phone !== undefined && { phone: request.phone }),
    });
    state = { ...result.state, queue: [] };
    if (result.outcome !== 'queued') return false;
    spoken.push(request);
    return true;
  };
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const queue = {
    ...SILENT_AUDIO_QUEUE,
    speak: (r: SpeakRequest) => {
      if (accept(r)) heard(r);
    },
    say: (r: SpeakRequest) => {
      if (!accept(r)) return Promise.resolve<LineEnd>('dropped');
      if (holdPraise && r.text.startsWith('Yes!'))
        return new Promise<LineEnd>((resolve) => (releasePraise = resolve));
      if (hold(r))
        return new Promise<LineEnd>((resolve) => {
          const entry = {
            request: r,
            end: (how: LineEnd) => {
              playing.splice(playing.indexOf(entry), 1);
              if (how === 'said') heard(r);
              else cut.push(r);
              resolve(how);
            },
          };
          playing.push(entry);
        });
      heard(r);
      return Promise.resolve<LineEnd>('said');
    },
    onStop: (listener: () => void) => {
      stopListeners.add(listener);
      return () => void stopListeners.delete(listener);
    },
    prefetchPhones: (phones: readonly string[]) => void prefetched.push(...phones),
    withdraw: (type: SpeakRequest['type']) => {
      withdrawn.push(type);
      state = withdraw(state, type).state;
      for (const entry of playing.filter((e) => e.request.type === type)) entry.end('cut');
    },
  };
  const finishHeld = () => {
    for (const entry of [...playing]) entry.end('said');
  };
  /** Ends the held lines as a more urgent line does (no stop: `onStop` is not told). */
  const cutHeld = () => {
    for (const entry of [...playing]) entry.end('cut');
  };
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider value={queue}>
          <VoiceRegistryContext.Provider value={registry}>
            <SoundItOutPage random={fixed} />
          </VoiceRegistryContext.Provider>
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const texts = () => spoken.map((r) => r.text);
  return {
    registry,
    spoken,
    offered,
    texts,
    withdrawn,
    cut,
    finishHeld,
    cutHeld,
    prefetched,
    stop: () => act(() => stopListeners.forEach((listener) => listener())),
    releasePraise: (end: LineEnd) => releasePraise(end),
  };
}

/** Says `phrase` to the registry as the recogniser's answer would. */
function say(registry: CommandRegistry, phrase: string) {
  const command = registry.active().find((c) => c.phrase === phrase);
  expect(command, `"${phrase}" can be said`).toBeDefined();
  act(() => registry.handlerFor(command!)!(command!.target, command!));
}

/** The word of the round, from its letter tiles. */
function roundWord(): string {
  return within(screen.getByRole('list', { name: 'Letters of the word' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)
    .join('');
}

/** The cards' names, in order. */
function cards(): string[] {
  return within(screen.getByRole('list', { name: 'What word is that?' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label')!);
}

/** Waits until Sparky has asked "What word is that?" `times` times. */
async function asked(texts: () => string[], times = 1) {
  await waitFor(() => expect(texts().filter((t) => t === QUESTION_LINE)).toHaveLength(times), {
    timeout: 3000,
  });
}

beforeEach(() => {
  progress = { today: [], total: 0 };
  sounded = [];
  failSaves = false;
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SoundItOutPage', () => {
  it('plays a round by voice: the sounds one by one, a wrong word, the clue, the right word, the next round', async () => {
    const { registry, spoken, texts } = renderPage();
    expect(await screen.findByText('Words sounded out today: 0.')).toBeInTheDocument();
    say(registry, 'play');
    const word = roundWord();
    const { phones } = soundWord(word);
    expect(word).toHaveLength(3); // CVC first
    await asked(texts);
    // "Listen…", then each sound alone (a phone of the closed list, captioned as it grows), then the question.
    const letters = [...word];
    expect(spoken.map((r) => [r.text, r.phone])).toEqual([
      [LISTEN_LINE, undefined],
      [`${letters[0]}…`, phones[0]],
      [`${letters[0]}… ${letters[1]}…`, phones[1]],
      [`${letters[0]}… ${letters[1]}… ${letters[2]}`, phones[2]],
      [QUESTION_LINE, undefined],
    ]);
    // Three different cards with pictures, one of them the word; one other starts with its sound if any can.
    const shown = cards();
    expect(new Set(shown).size).toBe(3);
    expect(shown).toContain(word);
    const sameStart = SOUND_WORDS.some((w) => w.word !== word && w.phones[0] === phones[0]);
    if (sameStart) expect(shown.some((c) => c !== word && soundWord(c).phones[0] === phones[0])).toBe(true);

    // Only the round's answers and its buttons are heard; not navigation, not bare "again" or "clue".
    const phrases = registry.active().map((c) => c.phrase);
    expect(phrases).toEqual(
      expect.arrayContaining([
        ...shown,
        ...shown.map((c) => `a ${c}`),
        'hear it again',
        'say it again',
        'give me a clue',
      ]),
    );
    expect(phrases).toEqual(expect.arrayContaining(['finish', 'stop the game']));
    expect(phrases).not.toContain('play');
    expect(phrases).not.toContain('again');
    expect(phrases).not.toContain('clue');

    const [wrong1, wrong2] = shown.filter((c) => c !== word);
    say(registry, wrong1!);
    expect(texts()).toContain(`I heard ${wrong1}. Listen again.`);
    // The card is faded and marked (✕ and a description), and the sounds come again.
    expect(screen.getByRole('button', { name: wrong1 })).toHaveAccessibleDescription('Not this one');
    await asked(texts, 2);
    say(registry, wrong2!);
    expect(texts()).toContain(`I heard ${wrong2}. Here is a clue: it is ${word}. Find the star.`);
    expect(screen.getByRole('button', { name: word })).toHaveAccessibleDescription('This is the one');
    await asked(texts, 3);

    say(registry, `a ${word}`);
    expect(texts()).toContain(`Yes! ${word}!`);
    await waitFor(() => expect(sounded).toEqual([word]));
    expect(await screen.findByText('Words sounded out today: 1.')).toBeInTheDocument();
    // On to the next round, a word not sounded out today.
    await waitFor(() => expect(roundWord()).not.toBe(word));
    await asked(texts, 4);
    say(registry, 'finish');
    expect(texts().at(-1)).toBe('Well done! You sounded out 1 word today. Say play to sound out more.');
    expect(screen.getByRole('button', { name: 'Sound out a word' })).toHaveFocus();
  });

  it('plays with the keyboard alone (Tab and Enter, as a switch does), and focus follows the game', async () => {
    const { texts, releasePraise } = renderPage(undefined, true);
    const user = userEvent.setup();
    const play = await screen.findByRole('button', { name: 'Sound out a word' });
    await screen.findByText(/Words sounded out today: 0\./);
    play.focus();
    await user.keyboard('{Enter}');
    const word = roundWord();
    const buttons = within(screen.getByRole('list', { name: 'What word is that?' })).getAllByRole('button');
    // Focus is on the first card.
    expect(buttons[0]).toHaveFocus();
    const index = buttons.findIndex((b) => b.getAttribute('aria-label') === word);
    const wrongIndex = index === 0 ? 1 : 0;
    // A wrong card first, pressed: named as pressed.
    for (let i = 0; i < wrongIndex; i += 1) await user.tab();
    await user.keyboard('{Enter}');
    expect(texts()).toContain(`That is ${buttons[wrongIndex]!.getAttribute('aria-label')}. Listen again.`);
    // The wrong card is marked before focus moves on (on a busy machine the update can come a little later).
    await waitFor(() => expect(buttons[wrongIndex]).toHaveAccessibleDescription(/Not this one/));
    buttons[0]!.focus();
    await waitFor(() => expect(buttons[0]).toHaveFocus());
    for (let i = 0; i < index; i += 1) await user.tab();
    expect(buttons[index]).toHaveFocus();
    await user.keyboard('{Enter}');
    // While Sparky praises the word, it is written under its picture, and the card keeps the focus.
    expect(screen.getByRole('status')).toHaveTextContent(`Yes! ${word}.`);
    expect(screen.getByRole('button', { name: word })).toHaveAccessibleDescription('You found it');
    expect(screen.getByRole('button', { name: word })).toHaveFocus();
    await waitFor(() => expect(sounded).toEqual([word]));
    act(() => releasePraise('said'));
    await waitFor(() => expect(roundWord()).not.toBe(word));
    // Focus moves in an effect after the new round is drawn (on a busy machine a check can fall between the two).
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'What word is that?' })).getAllByRole('button')[0],
      ).toHaveFocus(),
    );
  });

  it('waits after Escape silenced the praise, and gives the next round on "next" or Next word', async () => {
    const { registry, releasePraise, stop } = renderPage(undefined, true);
    const user = userEvent.setup();
    await screen.findByText(/Words sounded out today: 0\./);
    say(registry, 'play');
    const word = roundWord();
    say(registry, word);
    stop();
    act(() => releasePraise('cut'));
    await waitFor(() => expect(sounded).toEqual([word]));
    // Still the word found: no new round started by itself.
    expect(roundWord()).toBe(word);
    expect(screen.getByRole('status')).toHaveTextContent(`Yes! ${word}.`);
    expect(registry.active().map((c) => c.phrase)).toEqual(
      expect.arrayContaining(['next', 'next word', 'finish']),
    );
    say(registry, 'next');
    const second = roundWord();
    expect(second).not.toBe(word);
    say(registry, second);
    stop();
    act(() => releasePraise('cut'));
    await user.click(screen.getByRole('button', { name: 'Next word' }));
    expect(roundWord()).not.toBe(second);
  });

  it('lights each tile while its sound plays, for a child who cannot hear it', async () => {
    const { registry } = renderPage();
    await screen.findByText(/Words sounded out today: 0\./);
    say(registry, 'play');
    const tiles = within(screen.getByRole('list', { name: 'Letters of the word' })).getAllByRole('listitem');
    const litSeen = new Set<number>();
    await waitFor(
      () => {
        tiles.forEach((tile, i) => {
          if (tile.getAttribute('aria-current') === 'true') litSeen.add(i);
        });
        expect(litSeen.size).toBe(3);
      },
      { timeout: 3000, interval: 20 },
    );
    // When the sounds are done no tile is lit.
    await waitFor(() => expect(tiles.every((t) => !t.hasAttribute('aria-current'))).toBe(true));
  });

  it('gives the clue on request, by button or by voice, and "hear it again" plays the sounds again', async () => {
    // The clue line plays until released: a clue asked for again meanwhile (within the queue's 2 s duplicate
    // window) must not cut it and be dropped as a duplicate, which would leave silence.
    const { registry, spoken, texts, withdrawn, cut, finishHeld } = renderPage(undefined, false, (r) =>
      r.text.startsWith('Here is a clue'),
    );
    const user = userEvent.setup();
    await screen.findByText(/Words sounded out today: 0\./);
    await user.click(screen.getByRole('button', { name: 'Sound out a word' }));
    const word = roundWord();
    await asked(texts);
    await user.click(screen.getByRole('button', { name: 'Give me a clue' }));
    expect(texts().at(-1)).toBe(`Here is a clue: it is ${word}. Find the star.`);
    expect(screen.getByRole('button', { name: word })).toHaveAccessibleDescription('This is the one');
    const withdrawnBefore = withdrawn.length;
    // Pressed again while it is said, the clue goes on (not cut, not dropped) and the focus stays.
    await user.click(screen.getByRole('button', { name: 'Give me a clue' }));
    expect(screen.getByRole('button', { name: 'Give me a clue' })).toHaveFocus();
    say(registry, 'give me a clue');
    expect(cut).toEqual([]);
    expect(withdrawn).toHaveLength(withdrawnBefore);
    expect(texts().filter((t) => t.startsWith('Here is a clue'))).toHaveLength(1);
    finishHeld();
    // Once it has been heard, asked again it is said again.
    await user.click(screen.getByRole('button', { name: 'Give me a clue' }));
    expect(texts().filter((t) => t.startsWith('Here is a clue'))).toHaveLength(2);
    // "Hear it again" twice at once: it cuts the clue, and the sounds are heard both times (sounds are
    // never duplicates), each tile's sound twice more.
    const { phones } = soundWord(word);
    const soundsHeard = () => spoken.filter((r) => r.phone !== undefined).map((r) => r.phone);
    say(registry, 'hear it again');
    await waitFor(() => expect(soundsHeard()).toHaveLength(phones.length * 2));
    say(registry, 'hear it again');
    await waitFor(() => expect(soundsHeard()).toEqual([...phones, ...phones, ...phones]));
    expect(cut.map((r) => r.text)).toEqual([`Here is a clue: it is ${word}. Find the star.`]);
  });

  it('fetches the round’s sounds as it starts, and a stop between two sounds ends the sounding out', async () => {
    // The first sound plays until released, so the stop can come in the pause after it.
    const { registry, offered, prefetched, stop, finishHeld } = renderPage(undefined, false, (r) =>
      r.text.endsWith('…'),
    );
    await screen.findByText(/Words sounded out today: 0\./);
    say(registry, 'play');
    const word = roundWord();
    expect(prefetched).toEqual(soundWord(word).phones);
    await waitFor(() => expect(offered.filter((r) => r.phone !== undefined)).toHaveLength(1));
    await act(async () => finishHeld());
    // In the pause (SOUND_GAP_MS) before the second sound: Escape.
    stop();
    await act(async () => new Promise((r) => setTimeout(r, 600)));
    expect(offered.filter((r) => r.phone !== undefined)).toHaveLength(1);
    expect(offered.map((r) => r.text)).not.toContain(QUESTION_LINE);
    const tiles = within(screen.getByRole('list', { name: 'Letters of the word' })).getAllByRole('listitem');
    expect(tiles.every((t) => !t.hasAttribute('aria-current'))).toBe(true);
  });

  it('goes on with the sounds and the question when a more urgent line cuts Sparky off (not a stop)', async () => {
    // Sparky's news arriving as the round starts cuts the first line; a pre-reader must still hear the sounds.
    const { registry, offered, texts, cutHeld } = renderPage(undefined, false, (r) => r.text === LISTEN_LINE);
    await screen.findByText(/Words sounded out today: 0\./);
    say(registry, 'play');
    const word = roundWord();
    await waitFor(() => expect(offered.map((r) => r.text)).toContain(LISTEN_LINE));
    await act(async () => cutHeld());
    await asked(texts);
    expect(offered.filter((r) => r.phone !== undefined).map((r) => r.phone)).toEqual(soundWord(word).phones);
  });

  it('gives the next round when a more urgent line cuts the praise off (not a stop)', async () => {
    const { registry, releasePraise } = renderPage(undefined, true);
    await screen.findByText(/Words sounded out today: 0\./);
    say(registry, 'play');
    const word = roundWord();
    say(registry, word);
    expect(screen.getByRole('status')).toHaveTextContent(`Yes! ${word}.`);
    act(() => releasePraise('cut'));
    await waitFor(() => expect(roundWord()).not.toBe(word));
  });

  it('moves focus to the card found when the word is said while on "Hear it again"', async () => {
    const { registry, texts } = renderPage(undefined, true);
    await screen.findByText(/Words sounded out today: 0\./);
    say(registry, 'play');
    const word = roundWord();
    await asked(texts);
    screen.getByRole('button', { name: 'Hear it again' }).focus();
    say(registry, word);
    await waitFor(() => expect(screen.getByRole('button', { name: word })).toHaveFocus());
    expect(screen.getByRole('button', { name: word })).toHaveAccessibleDescription('You found it');
  });

  it('gives a word not sounded out today first', async () => {
    const left = CVC_WORDS.map((w) => w.word).filter((w) => w !== 'web');
    progress = { today: left, total: 9 };
    const { registry } = renderPage();
    await screen.findByText('Words sounded out today: 23.');
    say(registry, 'play');
    expect(roundWord()).toBe('web');
  });

  it('says when a word could not be kept, goes on, and sends it again on Try again', async () => {
    failSaves = true;
    const user = userEvent.setup();
    const { registry, spoken, texts } = renderPage();
    await screen.findByText(/Words sounded out today: 0\./);
    say(registry, 'play');
    const word = roundWord();
    say(registry, word);
    const alert = (await screen.findByText('Sparky could not keep your word just now.')).closest(
      '[role="alert"]',
    );
    expect(alert).not.toBeNull();
    await waitFor(() => expect(texts()).toContain(SAVE_FAILED_LINE));
    // An error line: the next round's withdraw('sparky') does not cut it.
    expect(spoken.find((r) => r.text === SAVE_FAILED_LINE)?.type).toBe('error');
    // The game goes on with the next word; the failed one is kept until it is sent.
    await waitFor(() => expect(roundWord()).not.toBe(word));
    expect(registry.active().map((c) => c.phrase)).toContain('try again');
    failSaves = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(sounded).toEqual([word]));
    await waitFor(() =>
      expect(screen.queryByText('Sparky could not keep your word just now.')).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Words sounded out today: 1.')).toBeInTheDocument();
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
    expect(screen.getByRole('button', { name: 'Sound out a word' })).toBeEnabled();
  });
});
