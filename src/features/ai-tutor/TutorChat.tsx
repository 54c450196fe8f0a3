import { useState, type FormEvent } from 'react';
import { MAX_TUTOR_MESSAGE_CHARS } from '#core/api/tutor.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { useAskTutor } from '../../lib/api/tutor.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { TextField } from '../../ui/TextField.tsx';

/** A line of the tutor chat. */
interface Line {
  id: number;
  who: 'you' | 'sparky';
  text: string;
}

/**
 * The richer conversation (issue 12), shown only when the server has an OpenAI key (the plan's
 * `chat`): the child types (or dictates) a question about reading; Sparky's answer comes from
 * POST /api/tutor/chat and is said through the audio queue (spoken, captioned, announced once), so
 * the list is not a live region. Only words leave the machine, never audio.
 */
export function TutorChat() {
  const audio = useAudioQueue();
  const ask = useAskTutor();
  const [message, setMessage] = useState('');
  const [lines, setLines] = useState<Line[]>([]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text || ask.isPending) return;
    setMessage('');
    setLines((before) => [...before, { id: before.length, who: 'you', text }]);
    ask.mutate(text, {
      onSuccess: ({ reply }) => {
        setLines((before) => [...before, { id: before.length, who: 'sparky', text: reply }]);
        audio.speak({ text: reply, type: 'sparky' });
      },
      onError: () => audio.speak({ text: 'Sparky could not answer just now. Try again.', type: 'error' }),
    });
  };

  return (
    <section className="page__card" aria-labelledby="ai-tutor-chat">
      <h2 id="ai-tutor-chat">Ask Sparky about reading</h2>
      <form className="page__form-row" onSubmit={onSubmit}>
        <TextField
          label="Your question"
          value={message}
          onChange={setMessage}
          maxLength={MAX_TUTOR_MESSAGE_CHARS}
        />
        <Button type="submit" isPending={ask.isPending}>
          <Icon name="check" size={20} /> Ask
        </Button>
      </form>
      {lines.length > 0 ? (
        <ol aria-label="Our talk">
          {lines.map((line) => (
            <li key={line.id}>
              <strong>{line.who === 'you' ? 'You' : 'Sparky'}:</strong> {line.text}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
