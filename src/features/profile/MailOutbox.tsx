import { Button } from '../../ui/Button.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { useOutbox } from './api/outbox.ts';

/** Texts of the outbox card (not spec texts: issue #14 item 9). */
export const OUTBOX_TEXT = {
  title: 'Mail outbox',
  intro:
    'No mail server is set up (SMTP_URL), so e-mails wait here instead of being sent. Pass a confirmation or password-reset link on to the person it was written to: it works in their browser. Only owners and admins see this.',
  smtp: 'E-mails are sent by the mail server (SMTP_URL), so none wait here.',
  empty: 'No e-mails are waiting.',
  failed: 'The outbox could not be loaded.',
} as const;

/**
 * The server's mail outbox on the Profile page of an owner or admin (issue #14 item 9,
 * docs/decisions/0023-owner-setup-and-outbox.md): without SMTP the server keeps its mail here, and
 * never writes its links to the log. Each message shows its subject, addressee, time and text.
 */
export function MailOutbox() {
  const outbox = useOutbox(true);
  let content;
  if (outbox.isPending) content = <LoadingIndicator message="Loading the outbox…" />;
  else if (outbox.isError)
    content = (
      <div role="alert">
        <p>{OUTBOX_TEXT.failed}</p>
        <Button variant="secondary" onPress={() => void outbox.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (outbox.data.transport === 'smtp') content = <p>{OUTBOX_TEXT.smtp}</p>;
  else if (outbox.data.messages.length === 0) content = <p>{OUTBOX_TEXT.empty}</p>;
  else
    content = (
      <ol className="outbox__list" aria-label="Waiting e-mails, newest first">
        {outbox.data.messages.map((message) => (
          <li key={message.id} className="outbox__message">
            <article aria-labelledby={`outbox-${message.id}`}>
              <h3 id={`outbox-${message.id}`}>{message.subject}</h3>
              <p>
                To {message.to},{' '}
                <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
              </p>
              <p className="outbox__text">{message.text}</p>
            </article>
          </li>
        ))}
      </ol>
    );
  return (
    <section className="page__card" aria-labelledby="mail-outbox-title">
      <h2 id="mail-outbox-title">{OUTBOX_TEXT.title}</h2>
      {outbox.data?.transport !== 'smtp' ? (
        <p>
          {OUTBOX_TEXT.intro}
          {outbox.data ? ` Messages are kept ${outbox.data.keepDays} days.` : ''}
        </p>
      ) : null}
      {content}
    </section>
  );
}
