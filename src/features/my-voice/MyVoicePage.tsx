import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SpeechProvider } from '#core/api/speech.ts';
import { DEFAULT_AUDIO_SETTINGS, HELP_AFTER_SECONDS, type AudioSettings } from '#core/audio/settings.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { setLocalAudioSettings, setServerAudioSettings } from '../../app/audio/audio-settings-store.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { useAudioSettingsQuery, useSaveAudioSettings } from '../../lib/api/audio-settings.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useMe } from '../../lib/api/me.ts';
import { useSpeechVoices } from '../../lib/api/speech-voices.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Select } from '../../ui/Select.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { MY_VOICE_GUIDANCE } from './my-voice.guidance.ts';
import '../../ui/page.css';

/** Toasts of the page (ours; not spec texts). */
export const MY_VOICE_TOASTS = {
  saved: { title: 'Voice saved', description: 'Sparky will talk like this from now on.' },
  failed: { title: 'Voice not saved' },
} as const;

/** The line "Try my voice" says. */
export const TRY_LINE = 'Hi! I am Sparky. Let us read together!';

const SPEEDS = [
  { id: '0.7', label: 'Slow' },
  { id: '0.85', label: 'A little slow' },
  { id: '1', label: 'Just right' },
  { id: '1.2', label: 'A little fast' },
  { id: '1.5', label: 'Fast' },
];
const VOLUMES = [
  { id: '0.2', label: 'Very quiet' },
  { id: '0.4', label: 'Quiet' },
  { id: '0.6', label: 'Medium' },
  { id: '0.8', label: 'Loud' },
  { id: '1', label: 'Loudest' },
];
/** The help delays a reader may choose (issue 12: 2 to 6 s). */
const HELP_DELAYS = Array.from({ length: HELP_AFTER_SECONDS.max - HELP_AFTER_SECONDS.min + 1 }, (_, k) => {
  const seconds = HELP_AFTER_SECONDS.min + k;
  return { id: String(seconds), label: `${seconds} seconds` };
});

const READ_BUTTONS = [
  { id: 'auto', label: 'As right for my age' },
  { id: 'on', label: 'On' },
  { id: 'off', label: 'Off' },
];
const PROVIDER_LABEL: Record<SpeechProvider, string> = {
  flite: 'Sparky’s own voice (works without internet)',
  openai: 'OpenAI voices',
  elevenlabs: 'ElevenLabs voices',
};

/** The nearest listed choice to a stored number (a speed or volume saved elsewhere). */
function nearest(options: { id: string }[], value: number): string {
  return options.reduce((best, o) =>
    Math.abs(Number(o.id) - value) < Math.abs(Number(best.id) - value) ? o : best,
  ).id;
}

/**
 * /my-voice, 'My Voice' (spec §2.2; issue 10): the audio settings of §3 with the §9 defaults — Sparky
 * on or off, the voice (providers this server offers), speed, volume, page help, "Read buttons to me",
 * captions, button and achievement sounds, reading pages aloud on arrival. Saved on the server for this
 * user and kept in this browser for when nobody is signed in.
 */
export function MyVoicePage() {
  useDocumentTitle('My Voice');
  usePageGuidance(MY_VOICE_GUIDANCE);
  const query = useAudioSettingsQuery();
  if (!query.data) return <LoadingIndicator size="page" />;
  return <VoiceForm initial={query.data.settings} />;
}

function VoiceForm({ initial }: { initial: AudioSettings }) {
  const [form, setForm] = useState<AudioSettings>(initial);
  const voices = useSpeechVoices();
  const me = useMe();
  const audio = useAudioQueue();
  const save = useSaveAudioSettings();
  const set = <K extends keyof AudioSettings>(key: K, value: AudioSettings[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const providers = voices.data?.providers ?? ['flite'];
  const voicesOf = (provider: SpeechProvider) =>
    (voices.data?.voices ?? [])
      .filter((v) => v.provider === provider)
      .map((v) => ({ id: v.id, label: v.label }));
  const reader = { grade: me.data?.profile?.grade ?? null, age: me.data?.profile?.age ?? null };

  // "Try my voice" lets Sparky use the choices on screen before they are saved; leaving the page
  // puts the saved ones back.
  const saved = useRef<AudioSettings>(initial);
  const tried = useRef(false);
  const readerRef = useRef(reader);
  useEffect(() => {
    readerRef.current = reader;
  });
  useEffect(
    () => () => {
      if (tried.current) setServerAudioSettings(saved.current, readerRef.current);
    },
    [],
  );

  const tryVoice = () => {
    tried.current = true;
    setServerAudioSettings(form, reader);
    audio.speak({ text: TRY_LINE, type: 'sparky' });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: ({ settings }) => {
        saved.current = settings;
        setServerAudioSettings(settings, reader);
        setLocalAudioSettings(settings);
        showToast({ ...MY_VOICE_TOASTS.saved, variant: 'default' });
      },
      onError: (error) =>
        showToast({
          title: MY_VOICE_TOASTS.failed.title,
          description: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="page">
      <h1>My Voice</h1>
      <p className="page__lead">Choose how Sparky talks to you.</p>
      <form className="page__form" noValidate onSubmit={onSubmit} aria-labelledby="my-voice-form">
        <h2 id="my-voice-form">Sparky’s voice</h2>
        <Switch isSelected={form.enabled} onChange={(v) => set('enabled', v)}>
          Sparky talks
        </Switch>
        <Select
          label="Who makes the voice"
          options={providers.map((p) => ({ id: p, label: PROVIDER_LABEL[p] }))}
          value={form.provider}
          onChange={(v) => set('provider', v as SpeechProvider)}
          description="If a voice from the internet does not answer, Sparky uses its own voice."
        />
        {form.provider === 'flite' ? (
          <Select
            label="Voice"
            options={voicesOf('flite')}
            value={form.fliteVoice}
            onChange={(v) => set('fliteVoice', v)}
          />
        ) : form.provider === 'openai' ? (
          <Select
            label="Voice"
            options={voicesOf('openai')}
            value={form.voice}
            onChange={(v) => set('voice', v)}
          />
        ) : (
          <Select
            label="Voice"
            options={voicesOf('elevenlabs')}
            value={form.elevenlabsVoice}
            onChange={(v) => set('elevenlabsVoice', v)}
          />
        )}
        <div className="page__form-row">
          <Select
            label="How fast"
            options={SPEEDS}
            value={nearest(SPEEDS, form.speed)}
            onChange={(v) => set('speed', Number(v))}
          />
          <Select
            label="How loud"
            options={VOLUMES}
            value={nearest(VOLUMES, form.volume)}
            onChange={(v) => set('volume', Number(v))}
          />
        </div>
        <Button variant="secondary" onPress={tryVoice}>
          <Icon name="speaker" size={20} /> Try my voice
        </Button>
        <h2>When Sparky talks</h2>
        <Switch isSelected={form.navigationAudio} onChange={(v) => set('navigationAudio', v)}>
          Tell me what to do on each page
        </Switch>
        <Select
          label="Read buttons to me"
          description="Sparky says the name of a button when you move to it."
          options={READ_BUTTONS}
          value={form.readButtons === null ? 'auto' : form.readButtons ? 'on' : 'off'}
          onChange={(v) => set('readButtons', v === 'auto' ? null : v === 'on')}
        />
        <Switch isSelected={form.captions} onChange={(v) => set('captions', v)}>
          Show what Sparky says (captions)
        </Switch>
        <h2>While I read aloud</h2>
        <Select
          label="Sparky helps with a word after"
          description="When you are stuck on a word, Sparky says it for you."
          options={HELP_DELAYS}
          value={String(form.helpAfterSeconds)}
          onChange={(v) => set('helpAfterSeconds', Number(v))}
        />
        <Switch isSelected={form.tutorAnnouncements} onChange={(v) => set('tutorAnnouncements', v)}>
          My screen reader also says the word Sparky helps with
        </Switch>
        <Switch isSelected={form.autoRead} onChange={(v) => set('autoRead', v)}>
          Read each page to me when it opens
        </Switch>
        <Switch isSelected={form.buttonSounds} onChange={(v) => set('buttonSounds', v)}>
          Click sound on buttons
        </Switch>
        <Switch isSelected={form.achievementSounds} onChange={(v) => set('achievementSounds', v)}>
          Cheer sound for achievements
        </Switch>
        <div className="page__form-row">
          <Button type="submit" isPending={save.isPending}>
            <Icon name="check" size={20} /> Save
          </Button>
          <Button variant="quiet" onPress={() => setForm({ ...DEFAULT_AUDIO_SETTINGS })}>
            Start again with the usual settings
          </Button>
        </div>
      </form>
    </div>
  );
}
