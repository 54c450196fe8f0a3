/**
 * Page guidance (§4.8): the first line 1 s after arriving, the second 3 s after that, as information
 * (guidance items, priority 1 by type); nothing left over once the page is left; nothing with
 * navigation audio off. And every screen's guidance file is short enough for a 5-year-old.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AUDIO_SETTINGS } from '#core/audio/settings.ts';
import { ABOUT_GUIDANCE } from '../../features/about/about.guidance.ts';
import { CONFIRM_EMAIL_GUIDANCE } from '../../features/auth/confirm-email.guidance.ts';
import {
  LOGIN_GUIDANCE,
  NEW_PASSWORD_GUIDANCE,
  PASSWORD_RESET_GUIDANCE,
  SIGN_UP_DETAILS_GUIDANCE,
  SIGN_UP_GUIDANCE,
} from '../../features/auth/login.guidance.ts';
import { FLUENCY_GUIDANCE } from '../../features/fluency/fluency.guidance.ts';
import { HOME_GUIDANCE } from '../../features/home/home.guidance.ts';
import { LANDING_GUIDANCE } from '../../features/landing/landing.guidance.ts';
import { NOT_FOUND_GUIDANCE } from '../../features/not-found/not-found.guidance.ts';
import { ONBOARDING_GUIDANCE } from '../../features/onboarding/onboarding.guidance.ts';
import { PROFILE_GUIDANCE } from '../../features/profile/profile.guidance.ts';
import { BEING_BUILT_GUIDANCE } from '../../features/protected/being-built.guidance.ts';
import { LIBRARY_GUIDANCE } from '../../features/stories/library.guidance.ts';
import { MY_STORIES_GUIDANCE } from '../../features/stories/my-stories.guidance.ts';
import {
  READ_STORY_GUIDANCE,
  STORY_MISSING_GUIDANCE,
  STORY_NOT_LOADED_GUIDANCE,
} from '../../features/stories/read-story.guidance.ts';
import { AVATAR_SHOP_GUIDANCE } from '../../features/rewards/avatar-shop.guidance.ts';
import { REWARDS_GUIDANCE } from '../../features/rewards/rewards.guidance.ts';
import { TOKENS_GUIDANCE } from '../../features/rewards/tokens.guidance.ts';
import { MY_VOICE_GUIDANCE } from '../../features/my-voice/my-voice.guidance.ts';
import { SPARKY_CHAT_GUIDANCE } from '../../features/sparky/sparky-chat.guidance.ts';
import { SPARKY_CONVERSATION_GUIDANCE } from '../../features/sparky/sparky-conversation.guidance.ts';
import {
  AudioQueueContext,
  SILENT_AUDIO_QUEUE,
  type AudioQueueApi,
  type SpeakRequest,
} from './audio-context.ts';
import { resetAudioSettingsStore, setLocalAudioSettings } from './audio-settings-store.ts';
import {
  GUIDANCE_DELAY_MS,
  GUIDANCE_SECOND_LINE_MS,
  usePageGuidance,
  type PageGuidance,
} from './use-page-guidance.ts';

function Page({ guidance }: { guidance: PageGuidance }) {
  usePageGuidance(guidance);
  return <h1>A page</h1>;
}

function renderPage(guidance: PageGuidance) {
  const spoken: SpeakRequest[] = [];
  const registered: (readonly string[] | null)[] = [];
  const withdrawn: string[] = [];
  const queue: AudioQueueApi = {
    ...SILENT_AUDIO_QUEUE,
    speak: (request) => spoken.push(request),
    setGuidance: (lines) => registered.push(lines),
    withdraw: (type) => withdrawn.push(type),
  };
  const view = render(
    <AudioQueueContext.Provider value={queue}>
      <Page guidance={guidance} />
    </AudioQueueContext.Provider>,
  );
  return { spoken, registered, withdrawn, view };
}

const LINES: PageGuidance = ['Hi! This is a page.', 'Press the green button.'];

describe('usePageGuidance (§4.8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    resetAudioSettingsStore();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    localStorage.clear();
    resetAudioSettingsStore();
  });

  it('says the first line 1 s after arriving and the second 3 s later, as guidance', () => {
    const { spoken, registered } = renderPage(LINES);
    expect(registered).toEqual([LINES]);
    act(() => vi.advanceTimersByTime(GUIDANCE_DELAY_MS - 1));
    expect(spoken).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(spoken).toEqual([{ text: LINES[0], type: 'guidance' }]);
    act(() => vi.advanceTimersByTime(GUIDANCE_SECOND_LINE_MS - 1));
    expect(spoken).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(spoken).toEqual([
      { text: LINES[0], type: 'guidance' },
      { text: LINES[1], type: 'guidance' },
    ]);
    expect(GUIDANCE_DELAY_MS).toBe(1000);
    expect(GUIDANCE_SECOND_LINE_MS).toBe(3000);
  });

  it('leaving the page cancels what was not said yet, withdraws what it queued, and forgets the help lines', () => {
    const { spoken, registered, withdrawn, view } = renderPage(LINES);
    act(() => vi.advanceTimersByTime(GUIDANCE_DELAY_MS));
    expect(withdrawn).toEqual([]);
    view.unmount();
    act(() => vi.advanceTimersByTime(10_000));
    expect(spoken.map((s) => s.text)).toEqual([LINES[0]]);
    expect(registered.at(-1)).toBeNull();
    // The line already offered (maybe still waiting, maybe being said) is taken back, with any page reading.
    expect(withdrawn).toEqual(['guidance', 'read']);
  });

  it('says nothing with navigation audio off, but keeps the lines for Ctrl+V help', () => {
    setLocalAudioSettings({ ...DEFAULT_AUDIO_SETTINGS, navigationAudio: false });
    const { spoken, registered } = renderPage(LINES);
    act(() => vi.advanceTimersByTime(10_000));
    expect(spoken).toEqual([]);
    expect(registered).toEqual([LINES]);
  });
});

describe('every screen has guidance for a 5-year-old (issue 10)', () => {
  const all: Record<string, PageGuidance> = {
    ABOUT_GUIDANCE,
    CONFIRM_EMAIL_GUIDANCE,
    LOGIN_GUIDANCE,
    SIGN_UP_GUIDANCE,
    SIGN_UP_DETAILS_GUIDANCE,
    PASSWORD_RESET_GUIDANCE,
    NEW_PASSWORD_GUIDANCE,
    FLUENCY_GUIDANCE,
    HOME_GUIDANCE,
    LANDING_GUIDANCE,
    NOT_FOUND_GUIDANCE,
    ONBOARDING_GUIDANCE,
    PROFILE_GUIDANCE,
    BEING_BUILT_GUIDANCE,
    LIBRARY_GUIDANCE,
    MY_STORIES_GUIDANCE,
    READ_STORY_GUIDANCE,
    STORY_MISSING_GUIDANCE,
    STORY_NOT_LOADED_GUIDANCE,
    REWARDS_GUIDANCE,
    TOKENS_GUIDANCE,
    AVATAR_SHOP_GUIDANCE,
    MY_VOICE_GUIDANCE,
    SPARKY_CHAT_GUIDANCE,
    SPARKY_CONVERSATION_GUIDANCE,
  };
  for (const [name, lines] of Object.entries(all)) {
    it(`${name}: two lines of short sentences that name what to do`, () => {
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(line.length).toBeLessThanOrEqual(120);
        for (const sentence of line.split(/(?<=[.!?])\s+/))
          expect(sentence.split(/\s+/).length, sentence).toBeLessThanOrEqual(14);
      }
      // The second line says how: a button to press, a thing to say, or a place to go.
      expect(lines[1]).toMatch(/\b(press|say|type|answer|go)\b/i);
      // A screen is called by its one name, the menu's (issue 17, item 10), never an old one.
      for (const line of lines) expect(line).not.toMatch(/Reading Fluency|Story Library|My Stories/);
    });
  }
});
