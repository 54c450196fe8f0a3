import { useSelector } from '@xstate/react';
import type { SparkyMood } from '#core/sparky/assignments.ts';
import { CHAT_QUESTIONS, CHAT_TOPICS } from '#core/sparky/chat.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { useVoiceActor } from '../../app/voice/VoiceProvider.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { ChatLines } from './ChatLines.tsx';
import { useChatCommands } from './SparkyChatPage.tsx';
import { SparkyFace } from './SparkyFace.tsx';
import { SPARKY_CONVERSATION_GUIDANCE, SPARKY_CONVERSATION_HELP } from './sparky-conversation.guidance.ts';
import { useSparkyChat } from './use-sparky-chat.ts';
import '../../ui/page.css';
import './sparky.css';
import { CHAT_QUESTION_ICONS } from './chat-icons.ts';

/** Whose turn it is, in words under Sparky's face. */
export const TURN_WORDS = {
  listening: 'Sparky is listening…',
  thinking: 'Sparky is thinking…',
  speaking: 'Sparky is talking.',
  yours: 'Your turn! Press Talk to Sparky and ask me something.',
} as const;

/**
 * /sparky-conversation, 'Sparky Conversation' (issue 13; spec §1): a spoken back-and-forth with Sparky.
 * The child talks with the app's talk button (Talk to Sparky, Alt+T, or a switch) or presses one of
 * the questions; Sparky answers aloud through the app's one audio queue, captioned there and written
 * large here, his face talking until the queue reports the line's end. The answers are the chat's
 * (`useSparkyChat`, shared with /sparky-chat): the offline script from the reader's own data, or the
 * server (a language model when it has one). Spoken questions are the chat's voice commands.
 */
export function SparkyConversationPage() {
  useDocumentTitle('Sparky Conversation');
  usePageGuidance(SPARKY_CONVERSATION_GUIDANCE);
  const { lines, ask, thinking, speaking } = useSparkyChat({ helpText: SPARKY_CONVERSATION_HELP });
  useChatCommands(ask);
  const voice = useVoiceActor();
  const listening = useSelector(voice ?? undefined, (s) => s?.hasTag('listening') ?? false) ?? false;

  const turn = listening
    ? TURN_WORDS.listening
    : thinking
      ? TURN_WORDS.thinking
      : speaking
        ? TURN_WORDS.speaking
        : TURN_WORDS.yours;
  const mood: SparkyMood = speaking ? 'excited' : thinking ? 'encouraging' : 'helpful';
  const last = [...lines].reverse().find((line) => line.who === 'sparky');

  return (
    <div className="page sparky-conversation">
      <h1>Sparky Conversation</h1>
      <section className="page__card sparky-conversation__stage" aria-labelledby="sparky-conversation-says">
        <div className="sparky-conversation__face" aria-hidden="true">
          <SparkyFace mood={mood} speaking={speaking} size={144} />
        </div>
        <div>
          <h2 id="sparky-conversation-says">Sparky says</h2>
          {/* Said, captioned and announced once by the audio queue; written here without a second announcement. */}
          <p className="sparky-conversation__caption">
            {last?.text}
            {last?.link ? (
              <>
                {' '}
                <Link href={last.link.path}>{last.link.label}</Link>
              </>
            ) : null}
          </p>
          {last?.note ? <p className="sparky-chat__note">{last.note}</p> : null}
          <p className="sparky-conversation__turn">{turn}</p>
        </div>
      </section>
      <section className="page__card" aria-labelledby="sparky-conversation-questions">
        <h2 id="sparky-conversation-questions">You can say or press</h2>
        <ul className="sparky-chat__questions" aria-labelledby="sparky-conversation-questions">
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
        <p>
          <Link href={protectedPaths.sparkyChat}>Type to Sparky instead</Link>
        </p>
      </section>
      <section className="page__card" aria-labelledby="sparky-conversation-log">
        <h2 id="sparky-conversation-log">What we said</h2>
        <ChatLines lines={lines} thinking={thinking} labelledBy="sparky-conversation-log" />
      </section>
    </div>
  );
}
