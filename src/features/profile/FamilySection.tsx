import { useState } from 'react';
import {
  groupedLinkCode,
  LINK_CODE_TTL_HOURS,
  type LinkCodeResponse,
  type LinkedPerson,
} from '#core/api/family.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { useFamily, useMakeLinkCode, useRemoveLink } from '../../lib/api/family.ts';
import { ApiError } from '../../lib/api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { showToast } from '../../ui/toast-store.ts';

/**
 * "4 8 2, 9 1 3, 7 7 5": a code as a screen reader and Sparky say it, a digit at a time, in its groups of three.
 */
export function spelledCode(code: string): string {
  return groupedLinkCode(code)
    .split(' ')
    .map((group) => [...group].join(' '))
    .join(', ');
}

/** When a code stops working, in a child's words: "tomorrow at 3:15 PM" (or "today at …", or the weekday). */
export function until(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  const dayDiff = Math.round(
    (new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime() -
      new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()) /
      86_400_000,
  );
  if (dayDiff === 0) return `today at ${time}`;
  if (dayDiff === 1) return `tomorrow at ${time}`;
  return `${at.toLocaleDateString(undefined, { weekday: 'long' })} at ${time}`;
}

/** When a link was made, as a date ("29 Nov"). */
function since(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

/**
 * Profile's "Grown-ups who see your progress" (docs/decisions/0041-family-links.md), for a reader: a code to
 * give a grown-up, who enters it on their Progress Reports page, and the grown-ups who can see this reader's
 * progress (with the day each started), each of whom the reader can stop sharing with. The code is 9 digits in
 * groups of three, shown big and spelled out for a screen reader; Sparky says it only when asked ("Hear the
 * code"), quietly to be passed on, so that in a classroom the code is not read out to every grown-up in the room.
 */
export function FamilySection() {
  const audio = useAudioQueue();
  const family = useFamily();
  const makeCode = useMakeLinkCode();
  const removeLink = useRemoveLink();
  const [code, setCode] = useState<LinkCodeResponse | null>(null);
  const [stopping, setStopping] = useState<LinkedPerson | null>(null);
  // Always mounted, so what is put in it is announced ("Your code is ready").
  const [announcement, setAnnouncement] = useState('');
  const guardians = family.data?.guardians ?? [];

  const sayCode = (shown: LinkCodeResponse) =>
    audio.speak({
      text: `Your code is: ${spelledCode(shown.code)}. Say it quietly to your grown-up.`,
      type: 'sparky',
    });

  const onMakeCode = () =>
    makeCode.mutate(undefined, {
      onSuccess: (answer) => {
        setCode(answer);
        setAnnouncement('Your code is ready. Press Hear the code to hear it.');
      },
      onError: (error) =>
        showToast({
          title: 'No code this time',
          description:
            error instanceof ApiError && error.code === 'not_a_reader'
              ? 'Codes are for readers. A grown-up enters a code on their Progress Reports page.'
              : 'Something went wrong. Please try again.',
          variant: 'destructive',
        }),
    });

  return (
    <section className="page__card family" id="family" aria-labelledby="family-title">
      <h2 id="family-title">Grown-ups who see your progress</h2>
      <p>
        A parent or guardian can follow your reading: the stories you read, your scores, letters, words and
        badges. They cannot change anything or hear your recordings.
      </p>
      {family.isError ? (
        <p role="alert">We could not load who sees your progress right now.</p>
      ) : guardians.length > 0 ? (
        <ul className="family__people" aria-label="Grown-ups who see your progress">
          {guardians.map((person) => (
            <li key={person.linkId}>
              <span className="family__name">
                <bdi>{person.displayName}</bdi>
              </span>{' '}
              <span>since {since(person.linkedAt)}</span>
              <Button variant="secondary" onPress={() => setStopping(person)}>
                Stop sharing with {person.displayName}
              </Button>
            </li>
          ))}
        </ul>
      ) : family.data ? (
        <p>No grown-up sees your progress yet.</p>
      ) : null}

      {code ? (
        <div className="family__code-box">
          <p>Give this code to your grown-up. They type it on their Progress Reports page.</p>
          <p className="family__code">
            <span aria-hidden="true">{groupedLinkCode(code.code)}</span>
            <span className="visually-hidden">Your code: {spelledCode(code.code)}</span>
          </p>
          <p>
            It works once, until {until(code.expiresAt)} ({LINK_CODE_TTL_HOURS} hours). If someone you do not
            know is listed above, stop sharing with them.
          </p>
          <Button variant="secondary" icon="speaker" onPress={() => sayCode(code)}>
            Hear the code
          </Button>
        </div>
      ) : family.data?.codeExpiresAt ? (
        <p>
          You made a code that works until {until(family.data.codeExpiresAt)}. Make a new one if it is lost:
          the old one stops working.
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <div className="page__form-row">
        <Button icon="user" onPress={onMakeCode} isPending={makeCode.isPending}>
          {code ? 'Make a new code' : 'Make a code for a grown-up'}
        </Button>
      </div>

      <ConfirmDialog
        isOpen={stopping !== null}
        onOpenChange={(open) => (open ? undefined : setStopping(null))}
        title={stopping ? `Stop sharing with ${stopping.displayName}?` : 'Stop sharing?'}
        description={<p>They will no longer see your progress. You can give them a new code later.</p>}
        confirmLabel="Stop sharing"
        isPending={removeLink.isPending}
        onConfirm={() => {
          if (!stopping) return;
          const name = stopping.displayName;
          removeLink.mutate(stopping.linkId, {
            onSuccess: () => {
              setStopping(null);
              showToast({
                title: 'Sharing stopped',
                description: `${name} no longer sees your progress.`,
                variant: 'default',
              });
            },
            onError: () => {
              setStopping(null);
              showToast({
                title: 'Could not stop sharing',
                description: 'Something went wrong. Please try again.',
                variant: 'destructive',
              });
            },
          });
        }}
      />
    </section>
  );
}
