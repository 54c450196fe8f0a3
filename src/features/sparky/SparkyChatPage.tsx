import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CHAT_QUESTIONS,
  CHAT_TOPICS,
  MAX_QUESTION_LENGTH,
  chatAnswer,
  chatGreeting,
  understandQuestion,
  type ChatLink,
  type ChatTopic,
} from '#core/sparky/chat.ts';
import type { VoiceCommand } from '#core/voice/command.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { isBuiltPath, protectedPaths } from '../../app/paths.ts';
import { useMe } from '../../lib/api/me.ts';
import { useDailyChallenges } from '../../lib/api/rewards.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { SPARKY_CHAT_GUIDANCE } from './sparky-chat.guidance.ts';
import '../../ui/page.css';
import './sparky.css';

/** One line of the chat. */
interface ChatLine {
  id: number;
  who: 'you' | 'sparky';
  text: string;
  link: ChatLink | null;
}

/** Voice target of each quick question (the voice layer's action commands). */
const TARGET_PREFIX = 'sparky-chat:';

/** The quick questions as spoken commands while the chat is shown ('help' stays the app's own). */
export const SPARKY_CHAT_COMMANDS: readonly VoiceCommand[] = CHAT_TOPICS.filter((t) => t !== 'help').map(
  (topic) => ({
    phrase: CHAT_QUESTIONS[topic].replace(/[?]/g, '').toLowerCase(),
    intent: 'action' as const,
    target: `${TARGET_PREFIX}${topic}`,
  }),
);

/** A built screen's path, or null (answers link only to built screens). */
function built(path: string): string | null {
  return isBuiltPath(path) ? path : null;
}

/**
 * /sparky-chat, 'Sparky Chat' (issue 13; spec §1 "a chat screen"): an offline, scripted chat.
 * The child presses a question, types one and presses Ask (or Enter), or says one through Talk to
 * Sparky; Sparky answers from the reader's own data (core/sparky/chat.ts) and says the answer through
 * the app's one audio queue (type `sparky`), which also captions and announces it once, so the chat
 * list itself is not a live region. Answers may link to a built screen.
 */
export function SparkyChatPage() {
  useDocumentTitle('Sparky Chat');
  usePageGuidance(SPARKY_CHAT_GUIDANCE);
  const audio = useAudioQueue();
  const me = useMe();
  const challenges = useDailyChallenges();
  const name = me.data?.profile?.display_name.split(/\s+/)[0] ?? null;
  const [lines, setLines] = useState<ChatLine[]>(() => [
    { id: 0, who: 'sparky', text: chatGreeting(name), link: null },
  ]);
  const [question, setQuestion] = useState('');
  const nextId = useRef(1);
  const end = useRef<HTMLLIElement>(null);

  // After a question (not on arrival), the newest answer scrolls into view.
  useEffect(() => {
    if (lines.length > 1) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [lines.length]);

  const ask = (text: string, known?: ChatTopic) => {
    const said = text.trim().slice(0, MAX_QUESTION_LENGTH);
    if (!said) return;
    const list = challenges.data?.challenges ?? [];
    const answer = chatAnswer(
      known ?? understandQuestion(said),
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
      },
    );
    const first = nextId.current;
    nextId.current += 2;
    setLines((before) => [
      ...before,
      { id: first, who: 'you', text: said, link: null },
      { id: first + 1, who: 'sparky', text: answer.text, link: answer.link },
    ]);
    audio.speak({ text: answer.text, type: 'sparky' });
  };

  useVoiceCommands(SPARKY_CHAT_COMMANDS, (target) => {
    const topic = target.slice(TARGET_PREFIX.length) as ChatTopic;
    if ((CHAT_TOPICS as readonly string[]).includes(topic)) ask(CHAT_QUESTIONS[topic], topic);
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ask(question);
    setQuestion('');
  };

  return (
    <div className="page sparky-chat">
      <h1>Sparky Chat</h1>
      <section className="page__card" aria-labelledby="sparky-chat-ask">
        <h2 id="sparky-chat-ask">Ask Sparky</h2>
        <ul className="sparky-chat__questions" aria-label="Questions to ask">
          {CHAT_TOPICS.map((topic) => (
            <li key={topic}>
              <Button variant="secondary" onPress={() => ask(CHAT_QUESTIONS[topic], topic)}>
                {CHAT_QUESTIONS[topic]}
              </Button>
            </li>
          ))}
        </ul>
        <form className="sparky-chat__form" onSubmit={onSubmit}>
          <TextField
            label="Your question"
            value={question}
            onChange={setQuestion}
            maxLength={MAX_QUESTION_LENGTH}
          />
          <Button type="submit">
            <Icon name="check" size={20} /> Ask
          </Button>
        </form>
      </section>
      <section className="page__card" aria-labelledby="sparky-chat-log">
        <h2 id="sparky-chat-log">Our chat</h2>
        <ol className="sparky-chat__lines" aria-labelledby="sparky-chat-log">
          {lines.map((line, index) => (
            <li
              key={line.id}
              ref={index === lines.length - 1 ? end : undefined}
              className={`sparky-chat__line sparky-chat__line--${line.who}`}
            >
              <span className="sparky-chat__who">{line.who === 'you' ? 'You' : 'Sparky'}:</span> {line.text}
              {line.link ? (
                <>
                  {' '}
                  <Link href={line.link.path}>{line.link.label}</Link>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
