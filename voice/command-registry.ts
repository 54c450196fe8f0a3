/**
 * The one registry of spoken commands (issue 11): what can be said right now. The app gives it the
 * commands every screen has (navigation and the §9 actions, src/app/voice); each mounted screen adds
 * its own while it is shown (./use-voice-commands.ts) and removes them when it goes; the buttons and
 * links on screen are added at the moment the microphone opens (./visible-controls.ts). While a
 * reading is recorded only "stop" is heard; while a screen waits for a short answer, only its
 * answers, "stop" and "help".
 *
 * No React and no DOM here: a small store the hook and the listening statechart's actors share.
 */
import type { VoiceCommand } from '#core/voice/command.ts';
import { mergeCommands, recordingCommands } from './command-set.ts';

/** What an action command does when it is heard. */
export type ActionHandler = (target: string, command: VoiceCommand) => void;

/** One screen's (or part's) commands and what to do with its actions. */
export interface Registration {
  readonly commands: readonly VoiceCommand[];
  /** Runs the actions of these commands (their `target`). */
  readonly onAction?: ActionHandler;
  /** A reading is being recorded: every other command is off except "stop". */
  readonly recording?: boolean;
  /**
   * A question is asked whose answers are short words (the letter game's letter names): only the
   * answering screen's commands and the global "stop" and "help" are heard, so that a navigation
   * phrase ("goals" for "o", "home" for "b") cannot outvote an answer and take the child away.
   */
  readonly answering?: boolean;
}

/** The global commands still heard while a screen waits for an answer. */
const HEARD_WHILE_ANSWERING = new Set(['stop', 'help']);

/** The registry's public face. */
export interface CommandRegistry {
  /**
   * Adds a registration; the latest comes first (a screen's "stop" before the global one).
   * @returns a function that removes it
   */
  register(registration: Registration): () => void;
  /** Replaces the commands of the controls visible on screen (with what pressing each does). */
  setControls(registration: Registration): void;
  /** Every command active now, first wins among sound-alikes (the list sent to the recogniser). */
  active(): VoiceCommand[];
  /** Whether a reading is being recorded (only "stop" is active). */
  isRecording(): boolean;
  /** The handler of an action command heard, or undefined when nobody registered it. */
  handlerFor(command: VoiceCommand): ActionHandler | undefined;
  /**
   * Up to `count` phrases to suggest ("You can say …"): the screen's own first, then visible
   * controls, then the rest; one per target.
   */
  suggestions(count?: number): string[];
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** How often each layer's commands are suggested: screen first. */
const EMPTY: Registration = { commands: [] };

/**
 * Creates a registry.
 * @param base the commands every screen has (actions first, then navigation) and their handler
 */
export function createCommandRegistry(base: Registration): CommandRegistry {
  const screens: Registration[] = [];
  let controls: Registration = EMPTY;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  const layers = (): Registration[] => [...screens, controls, base];
  const recording = () => screens.some((s) => s.recording);

  const active = (): VoiceCommand[] => {
    if (recording()) return recordingCommands(mergeCommands(...screens.map((s) => s.commands)));
    const answering = screens.filter((s) => s.answering);
    if (answering.length > 0) {
      const global = base.commands.filter((c) => HEARD_WHILE_ANSWERING.has(c.phrase.trim().toLowerCase()));
      return mergeCommands(...answering.map((s) => s.commands), global);
    }
    return mergeCommands(...layers().map((l) => l.commands));
  };

  return {
    register(registration) {
      screens.unshift(registration);
      changed();
      return () => {
        const at = screens.indexOf(registration);
        if (at >= 0) screens.splice(at, 1);
        changed();
      };
    },
    setControls(registration) {
      controls = registration;
      changed();
    },
    active,
    isRecording: recording,
    handlerFor(command) {
      for (const layer of layers())
        if (
          layer.onAction &&
          layer.commands.some(
            (c) => c.target === command.target && c.intent === command.intent && c.phrase === command.phrase,
          )
        )
          return layer.onAction;
      return undefined;
    },
    suggestions(count = 3) {
      const seen = new Set<string>();
      const out: string[] = [];
      for (const c of active()) {
        if (out.length >= count) break;
        if (seen.has(c.target)) continue;
        seen.add(c.target);
        out.push(c.phrase);
      }
      return out;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
