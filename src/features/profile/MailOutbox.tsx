import { useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
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
  copy: 'Copy the link',
  copied: 'Copied. Paste it into a message to them.',
  selected: 'The link is selected: press Ctrl+C (or Command+C) to copy it.',
} as const;

/** The web addresses in a message's text, in order (http or https, up to the next white space). */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

/**
 * One link of a message, in a read-only field with a Copy button, so an owner can pass it on without
 * selecting a long address across line breaks by hand. Where the browser offers no clipboard (a page
 * served over plain http on the school's network is not a secure context), the button selects the
 * address and says which keys copy it.
 */
function OutboxLink({ link, to }: { link: string; to: string }) {
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setStatus(OUTBOX_TEXT.copied);
    } catch {
      field.current?.focus();
      field.current?.select();
      setStatus(OUTBOX_TEXT.selected);
    }
  };
  return (
    <div className="outbox__link">
      <label htmlFor={id}>Link for {to}</label>
      <div className="outbox__link-row">
        <input
          ref={field}
          id={id}
          className="field__input"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onPress={() => void copy()} aria-describedby={`${id}-status`}>
          <Icon name="clipboard" size={20} /> {OUTBOX_TEXT.copy}
        </Button>
      </div>
      <p id={`${id}-status`} role="status" className="outbox__link-status">
        {status}
      </p>
    </div>
  );
}

/**
 * The server's mail outbox on the Profile page of an owner or admin (issue #14 item 9,
 * docs/decisions/0023-owner-setup-and-outbox.md): without SMTP the server keeps its mail here, and
 * never writes its links to the log. Each message shows its subject, addressee, time and text, and each
 * link in it a field with a Copy button.
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
              {linksIn(message.text).map((link) => (
                <OutboxLink key={link} link={link} to={message.to} />
              ))}
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
