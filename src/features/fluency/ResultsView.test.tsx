import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_RESPONSE } from '#machines/fluency-session.test-model.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { ApiError } from '../../lib/api/http.ts';
import type { WordAudio } from '../../lib/reading/ListenToWord.tsx';
import { ResultsView } from './ResultsView.tsx';

const noop = () => {};
const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function fakeAudio(fail?: ApiError) {
  const playWord = vi.fn(async () => true);
  const audio: WordAudio = {
    fetchAudio: vi.fn(async () => {
      if (fail) throw fail;
      return new ArrayBuffer(8);
    }),
    createPlayer: vi.fn(async () => ({ duration: 12.5, playWord, dispose: vi.fn() })),
  };
  return { audio, playWord };
}

describe('ResultsView', () => {
  it("leads with the child's summary; the figures for grown-ups wait under a disclosure (issue 17)", async () => {
    const user = userEvent.setup();
    render(<ResultsView response={SAMPLE_RESPONSE} grade="3" onReadAgain={noop} onChooseAnother={noop} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Your results: The Brown Dog' })).toHaveFocus();
    // Plain words and pictures first: no percentile, no words-correct-per-minute on show.
    expect(screen.getByText('Good try! Keep practising to earn stars.')).toBeVisible();
    const stars = screen.getByRole('list', { name: 'Your stars' });
    expect(within(stars).getAllByRole('listitem')).toHaveLength(3);
    expect(stars).toHaveTextContent('Next time: Next time, try to read all the way to the end.');
    expect(screen.getByText('You read 7 of the 9 words: most of the story.')).toBeVisible();
    const practise = screen.getByRole('list', { name: 'Words to practise' });
    expect(
      within(practise)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['brown', 'big']);
    expect(screen.getByText(/percentile/)).not.toBeVisible();
    expect(screen.getByText('Words correct per minute')).not.toBeVisible();
    // Try again comes right after the summary, before the marked passage.
    const order = [
      screen.getByRole('list', { name: 'Words to practise' }),
      screen.getByRole('button', { name: 'Try again' }),
      screen.getByRole('region', { name: 'How you read each word' }),
    ];
    for (let i = 1; i < order.length; i++) {
      expect(
        order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }

    const grownUps = screen.getByRole('button', { name: 'For grown-ups: scores and norms' });
    expect(grownUps).toHaveAttribute('aria-expanded', 'false');
    await user.click(grownUps);
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Words correct per minute')).toBe('50');
    expect(term('Accuracy')).toBe('71.4%');
    expect(term('Fluency score')).toBe('31 out of 100');
    expect(term('Reading time')).toBe('6 seconds');
    expect(term('Words reached')).toBe('7 of 9');
    expect(screen.getByText(/5 of the 7 words reached were read correctly/)).toBeVisible();
  });

  it('a partial reading says how much was read and is not praised as complete (issue 17, item 1)', () => {
    const words = Array.from({ length: 62 }, (_, index) => ({
      index,
      text: `word${index}`,
      status: index < 19 ? ('correct' as const) : ('not_reached' as const),
      heard: index < 19 ? `word${index}` : null,
      start: index < 19 ? index : null,
      end: index < 19 ? index + 0.5 : null,
      hesitation: false,
      unsure: false,
    }));
    const partial = {
      ...SAMPLE_RESPONSE,
      result: {
        ...SAMPLE_RESPONSE.result,
        wordsTotal: 62,
        wordsAttempted: 19,
        wordsCorrect: 19,
        errors: 0,
        accuracy: 100,
        words,
      },
      tokensAwarded: 0,
      balance: 10,
      newAchievements: [],
    };
    render(<ResultsView response={partial} grade="3" onReadAgain={noop} onChooseAnother={noop} />);
    expect(screen.getByText('You read 19 of the 62 words: part of the story.')).toBeVisible();
    expect(screen.getByText('Good try! Keep practising to earn stars.')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Your stars' })).not.toHaveTextContent(/^Star:/);
    expect(screen.getByText(/Tokens come when you read most of a story/)).toBeVisible();
    expect(screen.queryByText('Achievement unlocked')).toBeNull();
  });

  it('reads every miscue after its word, in words, not by colour', () => {
    render(<ResultsView response={SAMPLE_RESPONSE} grade="3" onReadAgain={noop} onChooseAnother={noop} />);
    const passage = screen.getByRole('region', { name: 'How you read each word' });
    const text = squash(passage.querySelector('.scored-passage')?.textContent);
    expect(text).toBe(
      'The brown, skipped, dog ran, fixed it, to, paused, the big, said “dig”, park, not reached, today., not reached,',
    );
    // Icons are decorative; the legend explains each mark in words.
    for (const svg of passage.querySelectorAll('svg')) expect(svg).toHaveAttribute('aria-hidden', 'true');
    const legend = within(passage).getByRole('region', { name: 'What the marks mean' });
    for (const label of [
      'read correctly',
      'fixed it yourself',
      'said another word',
      'skipped',
      'not reached',
      'paused',
    ]) {
      expect(within(legend).getByText(label)).toBeInTheDocument();
    }
  });

  it('shows a word the scorer was unsure of as read, with "check this word", explained in the legend', () => {
    const words = SAMPLE_RESPONSE.result.words.map((w) => (w.index === 5 ? { ...w, unsure: true } : w));
    const response = { ...SAMPLE_RESPONSE, result: { ...SAMPLE_RESPONSE.result, words } };
    render(<ResultsView response={response} grade="3" onReadAgain={noop} onChooseAnother={noop} />);
    const passage = screen.getByRole('region', { name: 'How you read each word' });
    expect(squash(passage.querySelector('.scored-passage')?.textContent)).toContain(
      'to, paused, the, check this word, big',
    );
    // still counted as read: the summary does not change
    expect(screen.getByText('You read 7 of the 9 words: most of the story.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Words to practise' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['brown', 'big']);
    const legend = within(passage).getByRole('region', { name: 'What the marks mean' });
    expect(
      within(legend).getByText(/Sparky was not sure it heard this word. It counts as right/),
    ).toBeInTheDocument();
  });

  it('shows the passage’s own punctuation when it lines up with the result', () => {
    render(
      <ResultsView
        response={SAMPLE_RESPONSE}
        grade="3"
        passageText={'The brown dog ran to the big park today!'}
        onReadAgain={noop}
        onChooseAnother={noop}
      />,
    );
    const passage = screen.getByRole('region', { name: 'How you read each word' });
    expect(squash(passage.querySelector('.scored-passage')?.textContent)).toMatch(/today!, not reached,$/);
  });

  it('compares with Hasbrouck & Tindal (2017) for the grade and season, or asks for a grade', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <ResultsView response={SAMPLE_RESPONSE} grade="3" onReadAgain={noop} onChooseAnother={noop} />,
    );
    await user.click(screen.getByRole('button', { name: 'For grown-ups: scores and norms' }));
    const norms = screen.getByRole('heading', { name: 'Compared with other readers' }).parentElement!;
    // 22 November: fall; grade 3 fall norms 40, 59, 83, 104, 134.
    expect(norms).toHaveTextContent(
      'between the 10th and 25th percentile for fall readers in grade 3; the middle (50th percentile) is 83',
    );
    expect(norms).toHaveTextContent('Hasbrouck & Tindal (2017)');
    unmount();
    render(<ResultsView response={SAMPLE_RESPONSE} grade={null} onReadAgain={noop} onChooseAnother={noop} />);
    await user.click(screen.getByRole('button', { name: 'For grown-ups: scores and norms' }));
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
  });

  it('shows tokens and achievements, and a replay that pays nothing more', () => {
    const { unmount } = render(
      <ResultsView response={SAMPLE_RESPONSE} grade="3" onReadAgain={noop} onChooseAnother={noop} />,
    );
    const tokens = screen.getByRole('heading', { name: 'Tokens' }).nextElementSibling;
    expect(squash(tokens?.textContent)).toContain('You earned 5 tokens. You now have 15 tokens.');
    expect(screen.getByText('Speed Reader')).toBeVisible();
    unmount();
    render(
      <ResultsView
        response={{ ...SAMPLE_RESPONSE, replayed: true, tokensAwarded: 0, newAchievements: [] }}
        grade="3"
        onReadAgain={noop}
        onChooseAnother={noop}
      />,
    );
    expect(screen.getByText(/already saved. Its tokens were paid the first time/)).toBeVisible();
  });

  it('Try again and Choose another story call back', async () => {
    const user = userEvent.setup();
    const again = vi.fn();
    const other = vi.fn();
    render(<ResultsView response={SAMPLE_RESPONSE} grade="3" onReadAgain={again} onChooseAnother={other} />);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(screen.getByRole('button', { name: 'Choose another story' }));
    expect(again).toHaveBeenCalledOnce();
    expect(other).toHaveBeenCalledOnce();
  });

  it('Listen to a word plays that word of the reader’s own recording', async () => {
    const user = userEvent.setup();
    const { audio, playWord } = fakeAudio();
    render(
      <ResultsView
        response={SAMPLE_RESPONSE}
        grade="3"
        onReadAgain={noop}
        onChooseAnother={noop}
        wordAudio={audio}
      />,
    );
    const listen = screen.getByRole('region', { name: 'Listen to a word' });
    // The first word worth hearing is chosen: "ran", which the reader fixed.
    expect(within(listen).getByRole('button', { name: /Word/ })).toHaveTextContent('ran (word 4)');
    await user.click(within(listen).getByRole('button', { name: 'Listen' }));
    expect(audio.fetchAudio).toHaveBeenCalledWith(SAMPLE_RESPONSE.session.id);
    expect(playWord).toHaveBeenCalledWith(1.7, 2.6);
    await user.click(within(listen).getByRole('button', { name: /Word/ }));
    await user.click(screen.getByRole('option', { name: 'big (word 7)' }));
    await user.click(within(listen).getByRole('button', { name: 'Listen' }));
    expect(playWord).toHaveBeenLastCalledWith(3.5, 4);
    expect(audio.fetchAudio).toHaveBeenCalledOnce();
  });

  it('Listen keeps the focus while the word plays (pending, not disabled), for a keyboard or switch user', async () => {
    const user = userEvent.setup();
    const { audio, playWord } = fakeAudio();
    let finish: (done: boolean) => void = () => {};
    playWord.mockImplementationOnce(() => new Promise<boolean>((resolve) => (finish = resolve)));
    render(
      <ResultsView
        response={SAMPLE_RESPONSE}
        grade="3"
        onReadAgain={noop}
        onChooseAnother={noop}
        wordAudio={audio}
      />,
    );
    const listen = within(screen.getByRole('region', { name: 'Listen to a word' })).getByRole('button', {
      name: 'Listen',
    });
    listen.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listen).toHaveTextContent('Playing…'));
    expect(listen).not.toBeDisabled();
    expect(listen).toHaveAttribute('data-pending', 'true');
    expect(listen).toHaveFocus();
    // A second press while it plays does not start the word again.
    await user.keyboard('{Enter}');
    expect(playWord).toHaveBeenCalledOnce();
    await act(async () => finish(true));
    await waitFor(() => expect(listen).toHaveTextContent('Listen'));
    expect(listen).toHaveFocus();
  });

  it('says so when the recording is no longer kept', async () => {
    const user = userEvent.setup();
    const { audio } = fakeAudio(new ApiError(404, 'audio_not_found', 'This recording is no longer kept.'));
    render(
      <ResultsView
        response={SAMPLE_RESPONSE}
        grade="3"
        onReadAgain={noop}
        onChooseAnother={noop}
        wordAudio={audio}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Listen' }));
    expect(await screen.findByText(/no longer kept/)).toBeInTheDocument();
  });

  it('offers no listening when the audio was not kept', () => {
    render(
      <ResultsView
        response={{ ...SAMPLE_RESPONSE, session: { ...SAMPLE_RESPONSE.session, has_audio: false } }}
        grade="3"
        onReadAgain={noop}
        onChooseAnother={noop}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Listen to a word' })).toBeNull();
  });

  it('says a word to practise when it is pressed (by pointer, or Tab and Enter)', async () => {
    const user = userEvent.setup();
    const spoken: { text: string; type: string }[] = [];
    render(
      <AudioQueueContext.Provider
        value={{
          ...SILENT_AUDIO_QUEUE,
          speak: (request) => void spoken.push({ text: request.text, type: request.type }),
        }}
      >
        <ResultsView response={SAMPLE_RESPONSE} grade="3" onReadAgain={noop} onChooseAnother={noop} />
      </AudioQueueContext.Provider>,
    );
    const practise = screen.getByRole('list', { name: 'Words to practise' });
    await user.click(within(practise).getByRole('button', { name: 'Hear brown' }));
    within(practise).getByRole('button', { name: 'Hear big' }).focus();
    await user.keyboard('{Enter}');
    expect(spoken).toEqual([
      { text: 'brown', type: 'tutor' },
      { text: 'big', type: 'tutor' },
    ]);
  });
});
