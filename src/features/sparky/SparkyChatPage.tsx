import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CHAT_QUESTIONS, CHAT_TOPICS, MAX_QUESTION_LENGTH, type ChatTopic } from '#core/sparky/chat.ts';
import type { VoiceCommand } from '#core/voice/command.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { isBuiltPath, protectedPaths } from '../../app/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { ChatLines } from './ChatLines.tsx';
import { SPARKY_CHAT_GUIDANCE } from './sparky-chat.guidance.ts';
import '../../ui/page.css';
import { useSparkyChat } from './use-sparky-chat.ts';
import './sparky.css';
import { CHAT_QUESTION_ICONS } from './chat-icons.ts';

/** Voice target of each quick question (the voice layer's action commands). */
const TARGET_PREFIX = 'sparky-chat:';

/** The quick questions as spoken commands while a chat is shown ('help' stays the app's own). */
export const SPARKY_CHAT_COMMANDS: readonly VoiceCommand[] = CHAT_TOPICS.filter((t) => t !== 'help').map(
  (topic) => ({
    phrase: CHAT_QUESTIONS[topic].replace(/[?]/g, '').toLowerCase(),
    intent: 'action' as const,
    target: `${TARGET_PREFIX}${topic}`,
  }),
);

/**
 * Registers {@link SPARKY_CHAT_COMMANDS} while the calling screen is shown: a quick question said aloud
 * is asked as if pressed.
 */
export function useChatCommands(ask: (text: string, topic: ChatTopic) => void): void {
  useVoiceCommands(SPARKY_CHAT_COMMANDS, (target) => {
    const topic = target.slice(TARGET_PREFIX.length) as ChatTopic;
    if ((CHAT_TOPICS as readonly string[]).includes(topic)) ask(CHAT_QUESTIONS[topic], topic);
  });
}

/**
 * /sparky-chat, 'Sparky Chat' (issue 13; spec §1 "a chat screen"). The child presses a question, types
 * one and presses Ask (or Enter), or says one through Talk to Sparky; `useSparkyChat` answers (the
 * offline script from the reader's own data, or the server for any other question: the language model
 * when it has one) and says the answer through the app's one audio queue (type `sparky`), which also
 * captions and announces it once, so the chat list itself is not a live region. Answers may link to a
 * built screen. /sparky-conversation is the same chat, spoken.
 */
export function SparkyChatPage() {
  useDocumentTitle('Sparky Chat');
  usePageGuidance(SPARKY_CHAT_GUIDANCE);
  const { lines, ask, thinking } = useSparkyChat();
  const [question, setQuestion] = useState('');
  const end = useRef<HTMLDivElement>(null);

  // After a question (not on arrival), the newest answer scrolls into view.
  useEffect(() => {
    if (lines.length > 1) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [lines.length]);

  useChatCommands(ask);

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
              <Button
                variant="secondary"
                icon={CHAT_QUESTION_ICONS[topic]}
                onPress={() => ask(CHAT_QUESTIONS[topic], topic)}
              >
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
        {isBuiltPath(protectedPaths.sparkyConversation) ? (
          <p>
            <Link href={protectedPaths.sparkyConversation}>Talk with Sparky out loud</Link>
          </p>
        ) : null}
      </section>
      <section className="page__card" aria-labelledby="sparky-chat-log">
        <h2 id="sparky-chat-log">Our chat</h2>
        <ChatLines lines={lines} thinking={thinking} labelledBy="sparky-chat-log" />
        <div ref={end} />
      </section>
    </div>
  );
}
