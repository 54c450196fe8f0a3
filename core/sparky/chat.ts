/**
 * Sparky's offline chat (issue 13, spec §1 "a chat screen"): a scripted dialogue that answers what a
 * child asks most — what can I do, read me a story, how am I doing, what is my streak, help — from the
 * reader's own data, with no network and no language model. Pure: the page gives the facts and says the
 * answer through the audio queue.
 *
 * ```ts
 * const topic = understandQuestion('Sparky, what is my streak?'); // 'streak'
 * const answer = chatAnswer(topic, facts); // { text: 'You have read 3 days in a row! …', link: null }
 * ```
 */
import { plural } from '../text/plural.ts';

/** What Sparky can answer (issue 13 offline chat). */
export const CHAT_TOPICS = ['what-can-i-do', 'read-story', 'how-am-i-doing', 'streak', 'help'] as const;
/** A topic of {@link CHAT_TOPICS}. */
export type ChatTopic = (typeof CHAT_TOPICS)[number];

/** The question a child can press or say for each topic (also the quick buttons' names). */
export const CHAT_QUESTIONS: Readonly<Record<ChatTopic, string>> = {
  'what-can-i-do': 'What can I do?',
  'read-story': 'Read me a story',
  'how-am-i-doing': 'How am I doing?',
  streak: 'What is my streak?',
  help: 'Help',
};

/**
 * Words that point to each topic, checked in this order (the first topic with a match wins), so
 * "help me read a story" is about reading and "what can I do" is not help.
 */
const TOPIC_WORDS: readonly (readonly [ChatTopic, readonly string[]])[] = [
  ['streak', ['streak', 'in a row', 'days']],
  ['read-story', ['story', 'stories', 'read to me', 'read me', 'book']],
  ['how-am-i-doing', ['how am i doing', 'how did i do', 'my progress', 'how am i', 'tokens', 'badges']],
  ['what-can-i-do', ['what can i do', 'what should i do', 'what to do', 'bored', 'play']],
  ['help', ['help', 'how do i', 'how does', "don't know", 'stuck']],
];

/** The longest question understood, in characters (longer text is cut there, spec §5 spirit). */
export const MAX_QUESTION_LENGTH = 200;

/**
 * Which topic a typed or spoken question is about: lower-cased, punctuation ignored, matched by the
 * words of each topic in a fixed order.
 * @param text what the child typed or the recogniser heard
 * @returns the topic, or null when the question is not one Sparky knows (or is blank)
 */
export function understandQuestion(text: string): ChatTopic | null {
  const words = ` ${text
    .slice(0, MAX_QUESTION_LENGTH)
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^a-z' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
  if (words.trim() === '') return null;
  for (const [topic, cues] of TOPIC_WORDS) {
    if (cues.some((cue) => words.includes(` ${cue} `) || words.includes(` ${cue}`))) return topic;
  }
  return null;
}

/** What the chat knows of the reader (from GET /api/me and GET /api/daily-challenges). */
export interface ChatFacts {
  /** The reader's first name, or null. */
  name: string | null;
  /** Consecutive reading days (spec §4.6). */
  streak: number;
  /** Token balance. */
  tokens: number;
  /** Today's challenges: how many, and how many are done (spec §4.4). */
  challengesTotal: number;
  challengesDone: number;
}

/** A place an answer offers to go, by a built screen's path and the link's words. */
export interface ChatLink {
  path: string;
  label: string;
}

/** Sparky's answer: what he says (and the chat shows), and where it may lead. */
export interface ChatAnswer {
  text: string;
  link: ChatLink | null;
}

/** The built screens an answer may link to (the page passes those that are built). */
export interface ChatPlaces {
  library: string | null;
  fluency: string | null;
  rewards: string | null;
  shop: string | null;
  /** The letter game (/alphabet, ADR 0037). */
  alphabet: string | null;
}

/** What Sparky says to a question he does not know. */
export const CHAT_NOT_UNDERSTOOD =
  "Hmm, I don't know that one yet. You can ask me: what can I do, read me a story, how am I doing, what is my streak, or help.";

/** Sparky's first line on the chat screen. */
export function chatGreeting(name: string | null): string {
  return `Hi${name ? ` ${name}` : ''}! I'm Sparky. Ask me something, or press a question.`;
}

/**
 * Sparky's answer to a topic, from the reader's facts (issue 13 offline chat). Links lead only to
 * screens the page says are built.
 * @param topic the question's topic, or null when it was not understood
 * @param facts the reader's streak, tokens and today's challenges
 * @param places the built screens' paths (null for one not built)
 */
export function chatAnswer(topic: ChatTopic | null, facts: ChatFacts, places: ChatPlaces): ChatAnswer {
  const link = (path: string | null, label: string): ChatLink | null => (path ? { path, label } : null);
  switch (topic) {
    case 'what-can-i-do': {
      const left = facts.challengesTotal - facts.challengesDone;
      const challenge =
        left > 0
          ? `You have ${plural(left, 'daily challenge', 'daily challenges')} to do today. `
          : facts.challengesTotal > 0
            ? 'You finished all your daily challenges today! '
            : '';
      return {
        text: `${challenge}You can read a story out loud to me, listen to a story, ${places.alphabet ? 'play the letter game, ' : ''}or spend your tokens on your avatar.`,
        link: link(places.fluency, 'Go to Reading Practice'),
      };
    }
    case 'read-story':
      return {
        text: 'I love stories! Pick one in Premade Stories and press Read to me. I will read it to you.',
        link: link(places.library, 'Go to Premade Stories'),
      };
    case 'how-am-i-doing': {
      const challenges =
        facts.challengesTotal > 0
          ? ` Today you finished ${facts.challengesDone} of ${plural(facts.challengesTotal, 'challenge', 'challenges')}.`
          : '';
      return {
        text: `You have ${plural(facts.tokens, 'token', 'tokens')}.${challenges} Keep reading and you will earn more badges!`,
        link: link(places.rewards, 'Go to Rewards'),
      };
    }
    case 'streak':
      return {
        text:
          facts.streak > 0
            ? `You have read ${plural(facts.streak, 'day', 'days')} in a row! Read today to keep it going.`
            : 'You have no streak yet. Read a story today to start one!',
        link: link(places.fluency, 'Go to Reading Practice'),
      };
    case 'help':
      return {
        text: 'Press a question, or type one and press Ask. You can also press Talk to Sparky and say a question. I say every answer out loud, and it is written here too.',
        link: null,
      };
    default:
      return { text: CHAT_NOT_UNDERSTOOD, link: null };
  }
}
