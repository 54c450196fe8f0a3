import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE } from '../api/speech.ts';
import { DEFAULT_FOLLOW_SETTINGS, HELP_AFTER_RANGE } from '../tutor/follow.ts';
import {
  AudioSettingsSchema,
  DEFAULT_AUDIO_SETTINGS,
  HELP_AFTER_SECONDS,
  isReadButtonsOn,
  mergeAudioSettings,
  voiceForSettings,
} from './settings.ts';

describe('audio settings (§3, §9)', () => {
  it('defaults follow §9: enabled, alloy, speed 1, volume 0.8, navigation and achievement sounds on', () => {
    expect(DEFAULT_AUDIO_SETTINGS).toMatchObject({
      enabled: true,
      voice: 'alloy',
      speed: 1,
      volume: 0.8,
      navigationAudio: true,
      achievementSounds: true,
      buttonSounds: false,
      backgroundMusic: false,
      autoRead: false,
      captions: true,
      provider: 'flite',
    });
    expect(AudioSettingsSchema.parse(DEFAULT_AUDIO_SETTINGS)).toEqual(DEFAULT_AUDIO_SETTINGS);
    // settings-defaults.ts spells the voices out (no zod on the first paint): the same as the API's.
    expect(DEFAULT_AUDIO_SETTINGS).toMatchObject({
      fliteVoice: DEFAULT_VOICE.flite,
      voice: DEFAULT_VOICE.openai,
      elevenlabsVoice: DEFAULT_VOICE.elevenlabs,
    });
  });

  it("the reading tutor's help delay agrees with the tracker's (issue 12: 3 s, 2 to 6 s); announcements on", () => {
    expect(HELP_AFTER_SECONDS).toEqual(HELP_AFTER_RANGE);
    expect(DEFAULT_AUDIO_SETTINGS.helpAfterSeconds).toBe(DEFAULT_FOLLOW_SETTINGS.helpAfterSeconds);
    expect(DEFAULT_AUDIO_SETTINGS.tutorAnnouncements).toBe(true);
    for (const bad of [1, 7, 2.5]) {
      expect(
        AudioSettingsSchema.safeParse({ ...DEFAULT_AUDIO_SETTINGS, helpAfterSeconds: bad }).success,
      ).toBe(false);
    }
    // A copy saved before these settings existed gets their defaults.
    const { helpAfterSeconds: _h, tutorAnnouncements: _t, ...old } = DEFAULT_AUDIO_SETTINGS;
    expect(mergeAudioSettings({ ...old, volume: 0.5 })).toEqual({ ...DEFAULT_AUDIO_SETTINGS, volume: 0.5 });
  });

  it('merges an old or damaged copy field by field', () => {
    expect(mergeAudioSettings({ volume: 0.3, speed: 'fast', junk: 1 })).toEqual({
      ...DEFAULT_AUDIO_SETTINGS,
      volume: 0.3,
    });
    expect(mergeAudioSettings(null)).toEqual(DEFAULT_AUDIO_SETTINGS);
    expect(mergeAudioSettings('nonsense')).toEqual(DEFAULT_AUDIO_SETTINGS);
  });

  it('asks for the chosen provider’s voice', () => {
    expect(voiceForSettings(DEFAULT_AUDIO_SETTINGS)).toBe('slt');
    expect(voiceForSettings({ ...DEFAULT_AUDIO_SETTINGS, provider: 'openai' })).toBe('alloy');
    expect(voiceForSettings({ ...DEFAULT_AUDIO_SETTINGS, provider: 'elevenlabs' })).toBe(
      '21m00Tcm4TlvDq8ikWAM',
    );
  });

  it('"Read buttons to me" is on for K, grade 1, Pre-K or age 6 and under, unless chosen', () => {
    const auto = { readButtons: null };
    expect(isReadButtonsOn(auto, { grade: 'K' })).toBe(true);
    expect(isReadButtonsOn(auto, { grade: '1' })).toBe(true);
    expect(isReadButtonsOn(auto, { grade: 'Pre-K' })).toBe(true);
    expect(isReadButtonsOn(auto, { grade: '2', age: 6 })).toBe(true);
    expect(isReadButtonsOn(auto, { grade: '2', age: 7 })).toBe(false);
    expect(isReadButtonsOn(auto, { grade: null, age: null })).toBe(false);
    expect(isReadButtonsOn(auto, null)).toBe(false);
    expect(isReadButtonsOn({ readButtons: false }, { grade: 'K' })).toBe(false);
    expect(isReadButtonsOn({ readButtons: true }, { grade: '5' })).toBe(true);
  });
});
