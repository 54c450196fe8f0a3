import { describe, expect, it } from 'vitest';
import {
  CHAT_NOT_UNDERSTOOD,
  CHAT_QUESTIONS,
  CHAT_TOPICS,
  chatAnswer,
  understandQuestion,
  type ChatFacts,
  type ChatPlaces,
} from './chat.ts';

const facts: ChatFacts = { name: 'Milo', streak: 3, tokens: 42, challengesTotal: 2, challengesDone: 1 };
const places: ChatPlaces = {
  library: '/premade-stories',
  fluency: '/fluency',
  rewards: '/rewards',
  alphabet: '/alphabet',
  shop: '/avatar-shop',
};

describe('understandQuestion', () => {
  it('understands each quick question as its own topic', () => {
    for (const topic of CHAT_TOPICS) expect(understandQuestion(CHAT_QUESTIONS[topic])).toBe(topic);
  });

  it('understands what children say around it, whatever the case and punctuation', () => {
    expect(understandQuestion('Sparky, WHAT is my streak??')).toBe('streak');
    expect(understandQuestion('how many days in a row did I read')).toBe('streak');
    expect(understandQuestion('can you read me a story please')).toBe('read-story');
    expect(understandQuestion('help me read a story')).toBe('read-story');
    expect(understandQuestion('How am I doing, Sparky?')).toBe('how-am-i-doing');
    expect(understandQuestion('I’m bored, what should I do')).toBe('what-can-i-do');
    expect(understandQuestion('I need help')).toBe('help');
  });

  it('knows nothing of blank, unknown or hostile text', () => {
    expect(understandQuestion('')).toBeNull();
    expect(understandQuestion('   ?! ')).toBeNull();
    expect(understandQuestion('what is the capital of France')).toBeNull();
    expect(understandQuestion('<script>alert(1)</script>')).toBeNull();
    // Only the first 200 characters count.
    expect(understandQuestion(`${'a '.repeat(150)} streak`)).toBeNull();
  });
});

describe('chatAnswer', () => {
  it("answers from the reader's own numbers", () => {
    expect(chatAnswer('streak', facts, places)).toEqual({
      text: 'You have read 3 days in a row! Read today to keep it going.',
      link: { path: '/fluency', label: 'Go to Reading Practice' },
    });
    expect(chatAnswer('streak', { ...facts, streak: 1 }, places).text).toMatch(
      /^You have read 1 day in a row/,
    );
    expect(chatAnswer('streak', { ...facts, streak: 0 }, places).text).toBe(
      'You have no streak yet. Read a story today to start one!',
    );
    expect(chatAnswer('how-am-i-doing', facts, places).text).toBe(
      'You have 42 tokens. Today you finished 1 of 2 challenges. Keep reading and you will earn more badges!',
    );
    expect(chatAnswer('what-can-i-do', facts, places).text).toMatch(
      /^You have 1 daily challenge to do today\. /,
    );
    expect(chatAnswer('what-can-i-do', { ...facts, challengesDone: 2 }, places).text).toMatch(
      /^You finished all your daily challenges today! /,
    );
    // The letter game is offered only where it is built.
    expect(chatAnswer('what-can-i-do', facts, places).text).toMatch(
      /listen to a story, play the letter game, or spend/,
    );
    expect(chatAnswer('what-can-i-do', facts, { ...places, alphabet: null }).text).toMatch(
      /listen to a story, or spend/,
    );
  });

  it('links only to built screens, and says what it can answer when it does not understand', () => {
    expect(chatAnswer('read-story', facts, places).link).toEqual({
      path: '/premade-stories',
      label: 'Go to Premade Stories',
    });
    expect(chatAnswer('read-story', facts, { ...places, library: null }).link).toBeNull();
    expect(chatAnswer(null, facts, places)).toEqual({ text: CHAT_NOT_UNDERSTOOD, link: null });
    expect(chatAnswer('help', facts, places).link).toBeNull();
  });
});
