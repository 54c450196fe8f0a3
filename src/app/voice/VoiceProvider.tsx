/**
 * The voice command layer of the signed-in app (issue 11): one command registry (voice/
 * command-registry.ts) that screens add to while mounted (voice/use-voice-commands.ts), and the
 * listening statechart (machines/voice-command.machine.ts) with its actors: the microphone, the
 * recogniser on our server, and what a command does (navigate, press a visible control, or the
 * screen's own action). The talk button (TalkToSparky.tsx) sends it `voice.talk`.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { heardFrom } from '#core/voice/answers.ts';
import type { VoiceCommand } from '#core/voice/command.ts';
import {
  voiceCommandMachine,
  type Heard,
  type ListenCommand,
  type ListenInput,
  type RecogniseInput,
} from '#machines/voice-command.machine.ts';
import { createCommandRegistry, type CommandRegistry } from '#voice/command-registry.ts';
import { isStoryTarget } from '#voice/command-set.ts';
import {
  globalActionCommands,
  mergeCommands,
  navigationCommands,
  type GlobalAction,
} from '#voice/command-set.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import { controlCommands, visibleControls } from '#voice/visible-controls.ts';
import { SCREEN_TITLES } from '../../features/protected/screen-titles.ts';
import { isBuiltPath, protectedPatterns } from '../paths.ts';
import { useAudioQueue, type AudioQueueApi } from '../audio/audio-context.ts';
import { SPOKEN } from '../audio/AudioQueueProvider.tsx';
import { pageText } from '../audio/page-text.ts';
import { browserVoiceEffects, queueVoiceEffects, type VoiceEffects } from './voice-effects.ts';

/** The running listening statechart. */
export type VoiceActor = ActorRefFrom<typeof voiceCommandMachine>;

const VoiceActorContext = createContext<VoiceActor | null>(null);

/** The listening statechart of the app, or null outside {@link VoiceProvider}. */
export function useVoiceActor(): VoiceActor | null {
  return useContext(VoiceActorContext);
}

/** What the caption shows: the last thing Sparky said in answer to a command. */
export function useVoiceCaption(): string | null {
  const actor = useVoiceActor();
  return useSelector(actor ?? undefined, (s) => s?.context.lastMessage ?? null) ?? null;
}

/** Whether a path can be gone to: a built screen, or a story in the reader. */
function isBuiltTarget(path: string): boolean {
  const readStoryPrefix = protectedPatterns.readStory.replace(':storyId', '');
  return isBuiltPath(path) || path.startsWith(readStoryPrefix);
}

/**
 * The §9 actions every screen has: "stop", "pause" and "continue" act on Sparky's audio queue (issue
 * 10), "read page" reads the page's main text through it (as the Read Page button does).
 */
function runGlobalAction(
  action: GlobalAction,
  app: { registry: CommandRegistry; effects: VoiceEffects; audio: AudioQueueApi; back: () => void },
): void {
  if (action === 'back') app.back();
  else if (action === 'refresh') window.location.reload();
  else if (action === 'stop') app.audio.stop();
  else if (action === 'pause') app.audio.pause();
  else if (action === 'resume') app.audio.resume();
  else if (action === 'help')
    app.effects.speak(
      `You can say ${app.registry
        .suggestions(3)
        .map((s) => `“${s}”`)
        .join(', ')}.`,
      'info',
    );
  else if (action === 'read-page')
    app.audio.speak({ text: pageText() || SPOKEN.nothingToRead, type: 'read' });
}

/** Props of {@link VoiceProvider}. */
export interface VoiceProviderProps {
  children: ReactNode;
  /**
   * The microphone, recogniser and voice; tests pass fakes. By default the browser's microphone and
   * our server's recogniser, and Sparky's voice through the app's audio queue.
   */
  effects?: Partial<VoiceEffects>;
}

/** What the voice layer reaches outside itself; replaced on every render (the latest is used). */
interface VoiceLayerLinks {
  effects: VoiceEffects;
  audio: AudioQueueApi;
  navigate: NavigateFunction;
}

/**
 * The registry and the statechart with its actors, made once per provider. Outside the component,
 * so that what changes between renders (effects, navigate) is read when a command runs, not during
 * render.
 */
function createVoiceLayer(initial: VoiceLayerLinks) {
  let links = initial;
  const utterances = new Map<string, Blob>();
  let count = 0;
  const registry: CommandRegistry = createCommandRegistry({
    commands: mergeCommands(globalActionCommands(), navigationCommands(SCREEN_TITLES)),
    onAction: (target) =>
      runGlobalAction(target as GlobalAction, {
        registry,
        effects: links.effects,
        audio: links.audio,
        back: () => void links.navigate(-1),
      }),
  });
  const machine = voiceCommandMachine.provide({
    actors: {
      listen: fromCallback<ListenCommand, ListenInput>(({ sendBack, receive, input }) => {
        const listening = links.effects.listen(
          {
            started: () => sendBack({ type: 'speech.started' }),
            ended: (wav, seconds) => {
              const id = `utterance-${++count}`;
              utterances.clear();
              utterances.set(id, wav);
              sendBack({ type: 'speech.ended', utteranceId: id, seconds });
            },
            failed: (issue) => sendBack({ type: 'microphone.failed', issue }),
          },
          { handsFree: input.mode === 'handsFree' },
        );
        receive(() => listening.finish());
        return () => listening.cancel();
      }),
      recognise: fromPromise<Heard, RecogniseInput>(async ({ input, signal }) => {
        const wav = utterances.get(input.utteranceId);
        if (!wav) throw new Error('the utterance is gone');
        registry.setControls({ commands: controlCommands(visibleControls(document.body)) });
        const commands = registry.active();
        const answer = await links.effects.recognise(wav, commands, signal);
        return heardFrom(answer, {
          isBuilt: isBuiltTarget,
          titleOf: (path) => SCREEN_TITLES[path],
          // a story is confirmed by its whole title, its first phrase (voice/command-set.ts storyCommands)
          nameOf: (target) =>
            isStoryTarget(target) ? commands.find((c) => c.target === target)?.phrase : undefined,
        });
      }),
      act: fromPromise<void, Heard>(async ({ input }) => {
        const { intent, target, phrase } = input.answer;
        if (intent === null || target === null) return;
        if (intent === 'navigate') {
          await links.navigate(target);
          return;
        }
        if (target.startsWith('press:')) {
          const name = target.slice('press:'.length).toLowerCase();
          const control = visibleControls(document.body).find((c) => c.name.toLowerCase() === name);
          if (!control) throw new Error(`'${name}' is no longer on screen`);
          control.element.click();
          return;
        }
        const command: VoiceCommand = { intent, target, phrase: phrase ?? target };
        const handler = registry.handlerFor(command);
        if (!handler) throw new Error(`nothing on screen does '${target}'`);
        handler(target, command);
      }),
    },
    actions: {
      speak: (_, params) => links.effects.speak(params.text, params.type),
      duckAudio: () => links.effects.duck(),
      unduckAudio: () => links.effects.unduck(),
    },
  });
  return {
    registry,
    machine,
    /** Points the layer at this render's effects and navigate. */
    link(next: VoiceLayerLinks) {
      links = next;
    },
  };
}

/** The voice layer: the registry and the listening statechart, for everything inside. */
export function VoiceProvider({ children, effects: given }: VoiceProviderProps) {
  const navigate = useNavigate();
  const audio = useAudioQueue();
  const effects = useMemo<VoiceEffects>(
    () => ({ ...browserVoiceEffects, ...queueVoiceEffects(audio), ...given }),
    [given, audio],
  );
  const [layer] = useState(() => createVoiceLayer({ effects, audio, navigate }));
  useEffect(() => {
    layer.link({ effects, audio, navigate });
  }, [layer, effects, audio, navigate]);
  const { registry, machine } = layer;

  const actor = useActorRef(machine, { input: {} });

  // The machine hears what the registry knows: suggestions for "You can say …", and whether a reading is recorded.
  useEffect(() => {
    const update = () => {
      actor.send({ type: 'voice.suggestions', suggestions: registry.suggestions(3) });
      actor.send({ type: 'voice.recording', on: registry.isRecording() });
    };
    update();
    return registry.subscribe(update);
  }, [actor, registry]);

  return (
    <VoiceRegistryContext.Provider value={registry}>
      <VoiceActorContext.Provider value={actor}>{children}</VoiceActorContext.Provider>
    </VoiceRegistryContext.Provider>
  );
}
