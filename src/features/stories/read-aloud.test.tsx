import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { speakableTokens, type SpokenWord } from '#core/api/stories.ts';
import { chunkStory, storyParagraphs, wordAtChar, wordAtTime } from './read-aloud.ts';
import { StoryText } from './StoryText.tsx';

const BODY = 'Sam has a cat. The cat is big — and tan!\n\n"Hop," said Sam. The cat sat.';

const words = (times: [number, number][]): SpokenWord[] =>
  times.map(([start, end], index) => ({ index, text: `w${index}`, start, end }));

describe('which word is being spoken', () => {
  const spoken = words([
    [0.2, 0.4],
    [0.4, 0.7],
    [0.9, 1.2],
  ]);

  it('is nothing before the first word starts', () => {
    expect(wordAtTime(spoken, 0)).toBe(-1);
    expect(wordAtTime(spoken, 0.19)).toBe(-1);
  });
  it('is the last word that has started, kept through the pause after it', () => {
    expect(wordAtTime(spoken, 0.2)).toBe(0);
    expect(wordAtTime(spoken, 0.55)).toBe(1);
    expect(wordAtTime(spoken, 0.8)).toBe(1);
    expect(wordAtTime(spoken, 0.9)).toBe(2);
    expect(wordAtTime(spoken, 99)).toBe(2);
  });
  it('maps a browser boundary character index to a word, skipping dashes', () => {
    const text = 'The cat is big — and tan!';
    expect(wordAtChar(text, 0)).toBe(0);
    expect(wordAtChar(text, 4)).toBe(1);
    expect(wordAtChar(text, text.indexOf('and'))).toBe(4);
    expect(wordAtChar(text, text.indexOf('tan'))).toBe(5);
  });
});

describe('story pieces', () => {
  it('numbers the spoken words across paragraphs the way the server does', () => {
    const paragraphs = storyParagraphs(BODY);
    expect(paragraphs).toHaveLength(2);
    const numbered = paragraphs.flat().filter((p) => p.index !== null);
    expect(numbered.map((p) => p.text)).toEqual(speakableTokens(BODY));
    expect(paragraphs[0]!.find((p) => p.text === '—')!.index).toBeNull();
  });

  it('splits a long story at sentence ends into pieces the speech API accepts, words numbered on', () => {
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = chunkStory(long, 200);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(200);
      expect(chunk.text.endsWith('.')).toBe(true);
    }
    expect(chunks.map((c) => c.text).join(' ')).toBe(long);
    chunks.forEach((chunk, k) => {
      const before = chunks.slice(0, k).reduce((n, c) => n + c.wordCount, 0);
      expect(chunk.firstWord).toBe(before);
    });
    expect(chunkStory(BODY)).toEqual([
      {
        text: 'Sam has a cat. The cat is big — and tan! "Hop," said Sam. The cat sat.',
        firstWord: 0,
        wordCount: 16,
      },
    ]);
  });

  it('cuts a sentence longer than the limit between words', () => {
    const chunks = chunkStory('word '.repeat(50).trim(), 42);
    expect(chunks.every((c) => c.text.length <= 42)).toBe(true);
    expect(chunks.reduce((n, c) => n + c.wordCount, 0)).toBe(50);
  });
});

describe('StoryText highlight', () => {
  it('marks only the current word, and nothing when not reading', () => {
    const { rerender, container } = render(<StoryText body={BODY} currentWord={null} />);
    expect(container.querySelector('mark')).toBeNull();

    rerender(<StoryText body={BODY} currentWord={7} />);
    const marks = container.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveTextContent('big');

    // Word 9 is "tan!": the dash before "and" is not counted.
    rerender(<StoryText body={BODY} currentWord={9} />);
    expect(container.querySelector('mark')).toHaveTextContent('tan!');
    // The story reads as plain text: no live region announces each word.
    expect(container.querySelector('[aria-live], [role="status"], [role="alert"]')).toBeNull();
    expect(container.textContent).toBe(
      'Sam has a cat. The cat is big — and tan!"Hop," said Sam. The cat sat.',
    );
  });
});
