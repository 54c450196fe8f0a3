import { useEffect, useRef, useState } from 'react';
import { announce } from '#a11y/announcer.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import {
  READ_STORY_GUIDANCE,
  STORY_MISSING_GUIDANCE,
  STORY_NOT_LOADED_GUIDANCE,
} from './read-story.guidance.ts';
import { useNavigate, useParams } from 'react-router-dom';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { READ_STORY_ACTIONS, readStoryVoiceCommands } from './read-story.voice-commands.ts';
import type { StoryDetail } from '#core/api/stories.ts';
import { fluencyPracticePath, protectedPaths } from '../../app/paths.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Select } from '../../ui/Select.tsx';
import '../../ui/page.css';
import { useStory } from '../../lib/api/stories.ts';
import { gradeBandLabel, lexileLabel } from './story-labels.ts';
import { StoryText } from './StoryText.tsx';
import { useReadAloud, type ReadAloudStatus } from './use-read-aloud.ts';
import './stories.css';

/** What the status line says in each read-to-me state (announced politely, once per change). */
export const READ_ALOUD_STATUS_TEXT: Record<ReadAloudStatus, string> = {
  idle: '',
  loading: 'Getting ready to read…',
  playing: 'Reading aloud. Follow the highlighted word. Space pauses.',
  // Spec §8 spoken messages.
  paused: 'Audio paused. Press Space or Resume to go on.',
  stopped: 'Audio stopped.',
  finished: 'Finished reading. Press “Read to me” to hear it again.',
  error: '',
};

/** Whether a key press was meant for a control (typing, pressing a button) rather than the page. */
function isForAControl(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target.closest(
        'button, a[href], input, select, textarea, [role="button"], [role="switch"], [role="option"]',
      ) !== null)
  );
}

/**
 * /read-story/{storyId}, 'Read Story': the story in large type with read-to-me (each word highlighted
 * as it is spoken; pause, resume, stop; Space pauses and resumes and Escape stops from anywhere on
 * the page, spec §2.6) and "Read it myself" into fluency practice. Once the story has loaded, focus
 * moves to its title and the title is announced (issue 17, item 11).
 */
export function ReadStoryPage() {
  const { storyId = '' } = useParams();
  const story = useStory(storyId);
  useDocumentTitle(story.data?.title ?? (story.isPending ? 'Loading the story' : 'Read Story'));
  // Whether the story arrived after the page opened: then the route's focus and announcement went to
  // the loading state, and the reader takes focus to the title and announces it itself.
  const [arrivedLate] = useState(story.isPending);
  const missing = story.isError && story.error instanceof ApiError && story.error.status === 404;
  // Said for what is on the screen: nothing while the story loads, never "Here is your story" when
  // there is none (a child who cannot read goes by what Sparky says).
  usePageGuidance(
    story.isPending
      ? null
      : story.isError
        ? missing
          ? STORY_MISSING_GUIDANCE
          : STORY_NOT_LOADED_GUIDANCE
        : READ_STORY_GUIDANCE,
  );

  if (story.isPending) return <LoadingIndicator size="page" message="Loading the story..." />;
  if (story.isError) {
    return (
      <div className="page stories-page">
        <h1>{missing ? 'Story not found' : 'We could not load the story'}</h1>
        <p className="page__lead">
          {missing
            ? 'We could not find that story. It may have been removed.'
            : story.error.message || 'Please try again.'}
        </p>
        {missing ? null : (
          <Button icon="selfCorrection" onPress={() => void story.refetch()}>
            Try again
          </Button>
        )}
        <p>
          <Link href={protectedPaths.premadeStories}>Back to Premade Stories</Link>
        </p>
      </div>
    );
  }
  return <StoryReader story={story.data} announceTitle={arrivedLate} />;
}

function StoryReader({ story, announceTitle }: { story: StoryDetail; announceTitle: boolean }) {
  const reader = useReadAloud(story.body);
  const mainButton = useRef<HTMLSpanElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const focusMain = () => mainButton.current?.querySelector('button')?.focus();
  const { status, stop, pause, resume } = reader;
  const active = status === 'loading' || status === 'playing' || status === 'paused';
  const audio = useAudioQueue();
  const navigate = useNavigate();
  // The page's spoken words (issue 11): the same as its buttons and links.
  useVoiceCommands(readStoryVoiceCommands(active), (target) => {
    if (target === READ_STORY_ACTIONS.readToMe) reader.start();
    else if (target === READ_STORY_ACTIONS.stop) stop();
    else if (target === READ_STORY_ACTIONS.readItMyself) void navigate(fluencyPracticePath(story.id));
    else if (target === READ_STORY_ACTIONS.back) void navigate(protectedPaths.premadeStories);
  });

  // The story has the floor: Sparky stops talking and says nothing new until the reading ends (the
  // app's one audio queue, issue 10; what is offered meanwhile waits for the end).
  useEffect(() => {
    if (!active) return;
    audio.stop();
    audio.duck();
    return () => audio.unduck();
  }, [active, audio]);

  // The story has loaded: its title takes focus (unless the reader has moved on meanwhile) and is
  // announced, instead of the route's placeholder title and <main>.
  useEffect(() => {
    if (!announceTitle) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.matches('main')) title.current?.focus();
    announce(story.title);
  }, [announceTitle, story.id, story.title]);

  // Escape stops read-to-me and Space pauses and resumes it, wherever focus is on the page
  // (spec §2.6 voice layer: "Space pause, Escape stop audio"); Space on a control keeps its own job.
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'Escape') {
        stop();
        focusMain();
      } else if (event.key === ' ' && !isForAControl(event.target)) {
        event.preventDefault();
        if (status === 'playing') pause();
        else if (status === 'paused') resume();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, status, stop, pause, resume]);

  const mainLabel =
    status === 'playing'
      ? 'Pause'
      : status === 'paused'
        ? 'Resume'
        : status === 'loading'
          ? 'Starting…'
          : 'Read to me';
  const onMain = () => {
    if (status === 'playing') reader.pause();
    else if (status === 'paused') reader.resume();
    else if (status !== 'loading') reader.start();
  };

  return (
    <div className="page stories-page reader">
      <p className="reader__back">
        <Link href={protectedPaths.premadeStories}>Back to Premade Stories</Link>
      </p>
      <h1 ref={title} tabIndex={-1}>
        {story.title}
      </h1>
      <p className="reader__details">
        {[
          story.own ? 'My story' : gradeBandLabel(story.gradeBand),
          `Lexile ${lexileLabel(story.lexile)}`,
          `${story.wordCount} words`,
        ].join(' · ')}
      </p>

      <section className="reader__controls" aria-label="Read to me">
        <div className="reader__buttons">
          {/* One button changes between Read to me, Pause and Resume, so focus never falls away. */}
          <span ref={mainButton} className="reader__main">
            <Button onPress={onMain}>
              <Icon
                name={status === 'playing' ? 'pause' : status === 'paused' ? 'play' : 'speaker'}
                size={22}
                strokeWidth={2.2}
              />
              {mainLabel}
            </Button>
          </span>
          {active ? (
            <Button
              variant="secondary"
              onPress={() => {
                stop();
                focusMain();
              }}
            >
              <Icon name="stop" size={22} strokeWidth={2.2} />
              Stop
            </Button>
          ) : null}
          <Link href={fluencyPracticePath(story.id)} variant="secondary">
            <Icon name="mic" size={22} />
            Read it myself
          </Link>
        </div>
        {reader.voices.length > 1 ? (
          <Select
            className="reader__voice"
            label="Voice"
            options={reader.voices}
            value={reader.voice}
            onChange={(id) => reader.setVoice(id)}
            isDisabled={active}
          />
        ) : null}
        <p role="status" className="reader__status">
          {READ_ALOUD_STATUS_TEXT[status]}
        </p>
        {status === 'error' ? (
          <p role="alert" className="reader__error">
            {reader.error}
          </p>
        ) : null}
      </section>

      <StoryText body={story.body} currentWord={reader.currentWord} />
    </div>
  );
}
