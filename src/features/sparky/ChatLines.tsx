import { Link } from '../../ui/Link.tsx';
import type { ChatLine } from './use-sparky-chat.ts';

/** Props of {@link ChatLines}. */
export interface ChatLinesProps {
  lines: readonly ChatLine[];
  /** Waiting for the server's answer: "Sparky is thinking…" shows (and is announced politely). */
  thinking: boolean;
  /** The id of the heading that names the list. */
  labelledBy: string;
}

/**
 * The chat with Sparky as a list, oldest first ("You: …", "Sparky: …"), with an answer's link and note.
 * Not a live region: each answer is said, captioned and announced once by the audio queue.
 */
export function ChatLines({ lines, thinking, labelledBy }: ChatLinesProps) {
  return (
    <>
      <ol className="sparky-chat__lines" aria-labelledby={labelledBy}>
        {lines.map((line) => (
          <li key={line.id} className={`sparky-chat__line sparky-chat__line--${line.who}`}>
            <span className="sparky-chat__who">{line.who === 'you' ? 'You' : 'Sparky'}:</span> {line.text}
            {line.link ? (
              <>
                {' '}
                <Link href={line.link.path}>{line.link.label}</Link>
              </>
            ) : null}
            {line.note ? <span className="sparky-chat__note">{line.note}</span> : null}
          </li>
        ))}
      </ol>
      <p className="sparky-chat__thinking" role="status">
        {thinking ? 'Sparky is thinking…' : ''}
      </p>
    </>
  );
}
