import { useState } from 'react';
import { LINK_CODE_TTL_HOURS, type LinkCodeResponse, type LinkedPerson } from '#core/api/family.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { useFamily, useMakeLinkCode, useRemoveLink } from '../../lib/api/family.ts';
import { ApiError } from '../../lib/api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { showToast } from '../../ui/toast-store.ts';

/** "K, 7, M, 4, Q, X": a code as a screen reader and Sparky say it, one character at a time. */
export function spelledCode(code: string): string {
  return [...code].join(', ');
}

/** When a code stops working, in the reader's own words ("Tuesday 3:15 PM"). */
function until(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: 'long', hour: 'numeric', minute: '2-digit' });
}

/**
 * Profile's "Grown-ups who see your progress" (docs/decisions/0041-family-links.md), for a reader: a code to
 * give a grown-up, who enters it on their Progress Reports page, and the grown-ups who can see this reader's
 * progress, each of whom the reader can stop sharing with. The code is shown big, spelled out for a screen
 * reader, and said by Sparky, so a child who cannot read it can read it out to the grown-up.
 */
export function FamilySection() {
  const audio = useAudioQueue();
  const family = useFamily();
  const makeCode = useMakeLinkCode();
  const removeLink = useRemoveLink();
  const [code, setCode] = useState<LinkCodeResponse | null>(null);
  const [stopping, setStopping] = useState<LinkedPerson | null>(null);
  const guardians = family.data?.guardians ?? [];

  const sayCode = (shown: LinkCodeResponse) =>
    audio.speak({ text: `Your code is: ${spelledCode(shown.code)}.`, type: 'sparky' });

  const onMakeCode = () =>
    makeCode.mutate(undefined, {
      onSuccess: (answer) => {
        setCode(answer);
        sayCode(answer);
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
              </span>
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
        <div className="family__code-box" role="status">
          <p>Give this code to your grown-up. They type it on their Progress Reports page.</p>
          <p className="family__code" aria-label={`Your code: ${spelledCode(code.code)}`}>
            {code.code}
          </p>
          <p>
            It works once, until {until(code.expiresAt)} ({LINK_CODE_TTL_HOURS} hours).
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
