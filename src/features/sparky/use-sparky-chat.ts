/**
 * The chat with Sparky, shared by /sparky-chat (typed and pressed) and /sparky-conversation (spoken):
 * the lines so far, and `ask`, which answers a question and says the answer through the app's one
 * audio queue. A question the offline script understands (core/sparky/chat.ts: what can I do, read me
 * a story, how am I doing, what is my streak, help) is answered at once from the reader's own data; any
 * other goes to `POST /api/sparky/chat` (the language model when the server has one, moderated; else
 * the script's "I don't know that one yet"), and when that fails the offline answer comes with a note.
 * docs/decisions/0027-sparky-chat-model.md.
 */
import { useRef, useState } from 'react';
import { SPARKY_MODEL_DOWN_NOTE, type SparkyChatResponse } from '#core/api/sparky.ts';
import {
  CHAT_NOT_UNDERSTOOD,
  MAX_QUESTION_LENGTH,
  chatAnswer,
  chatGreeting,
  understandQuestion,
  type ChatLink,
  type ChatTopic,
} from '#core/sparky/chat.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { isBuiltPath, protectedPaths } from '../../app/paths.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useMe } from '../../lib/api/me.ts';
import { useDailyChallenges } from '../../lib/api/rewards.ts';
import { useAskSparky } from '../../lib/api/sparky.ts';

/** One line of the chat. */
export interface ChatLine {
  id: number;
  who: 'you' | 'sparky';
  text: string;
  link: ChatLink | null;
  /** Why an answer is offline although Sparky has a model (shown beside it), or null. */
  note: string | null;
}

/** What {@link useSparkyChat} gives a page. */
export interface SparkyChat {
  /** The chat so far, oldest first, starting with Sparky's greeting. */
  lines: readonly ChatLine[];
  /**
   * Asks Sparky: the question is added to the chat, answered and said. Blank text asks nothing; text
   * is cut at {@link MAX_QUESTION_LENGTH} characters.
   * @param known the topic when the question is a quick question (button or spoken command)
   */
  ask(text: string, known?: ChatTopic): void;
  /** Waiting for the server's answer. */
  thinking: boolean;
  /** Sparky's answer is being said (until the audio queue reports its end). */
  speaking: boolean;
}

/** A built screen's path, or null (answers link only to built screens). */
function built(path: string): string | null {
  return isBuiltPath(path) ? path : null;
}

/** The offline answer when the server could not be asked (a network failure, too many questions). */
function fallbackAnswer(error: unknown): SparkyChatResponse {
  const note =
    error instanceof ApiError && error.code === 'rate_limited' ? error.message : SPARKY_MODEL_DOWN_NOTE;
  return { source: 'offline', text: CHAT_NOT_UNDERSTOOD, note };
}

/** Options of {@link useSparkyChat}. */
export interface SparkyChatOptions {
  /** Sparky's answer to "help" on this screen, instead of the chat's (which mentions typing). */
  helpText?: string;
}

/** The chat with Sparky (see the module comment). */
export function useSparkyChat(options: SparkyChatOptions = {}): SparkyChat {
  const audio = useAudioQueue();
  const me = useMe();
  const challenges = useDailyChallenges();
  const model = useAskSparky();
  const name = me.data?.profile?.display_name.split(/\s+/)[0] ?? null;
  const [lines, setLines] = useState<ChatLine[]>(() => [
    { id: 0, who: 'sparky', text: chatGreeting(name), link: null, note: null },
  ]);
  const [thinking, setThinking] = useState(false);
  const [speaking, setSpeaking] = useState(false);
  const nextId = useRef(1);
  const latestSaid = useRef(0);
  const pending = useRef(0);

  const add = (line: Omit<ChatLine, 'id'>) => {
    const id = nextId.current++;
    setLines((before) => [...before, { ...line, id }]);
  };
  const answerWith = (text: string, link: ChatLink | null, note: string | null) => {
    add({ who: 'sparky', text, link, note });
    // The child has started the conversation: the page's introduction is moot, and a waiting answer
    // must not be replaced by its next line (§4.9: a line of priority 1 replaces what waits).
    audio.withdraw('guidance');
    const mine = ++latestSaid.current;
    setSpeaking(true);
    void audio.say({ text, type: 'sparky' }).then(() => {
      if (mine === latestSaid.current) setSpeaking(false);
    });
  };

  const ask = (text: string, known?: ChatTopic) => {
    const said = text.trim().slice(0, MAX_QUESTION_LENGTH);
    if (!said) return;
    add({ who: 'you', text: said, link: null, note: null });
    const topic = known ?? understandQuestion(said);
    if (topic) {
      const list = challenges.data?.challenges ?? [];
      const answer = chatAnswer(
        topic,
        {
          name,
          streak: me.data?.streak ?? 0,
          tokens: me.data?.profile?.tokens ?? 0,
          challengesTotal: list.length,
          challengesDone: list.filter((c) => c.completed).length,
        },
        {
          library: built(protectedPaths.premadeStories),
          fluency: built(protectedPaths.fluency),
          rewards: built(protectedPaths.rewards),
          shop: built(protectedPaths.avatarShop),
          alphabet: built(protectedPaths.alphabet),
        },
      );
      answerWith(topic === 'help' && options.helpText ? options.helpText : answer.text, answer.link, null);
      return;
    }
    // Each question gets its own answer, even when the child asks again before the first comes back.
    pending.current += 1;
    setThinking(true);
    void model
      .mutateAsync({ question: said })
      .catch(fallbackAnswer)
      .then((answer) => {
        pending.current -= 1;
        setThinking(pending.current > 0);
        answerWith(answer.text, null, answer.note);
      });
  };

  return { lines, ask, thinking, speaking };
}
