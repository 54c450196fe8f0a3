/**
 * The hook screens use to add their spoken commands while they are shown (issue 11):
 *
 * ```tsx
 * useVoiceCommands(fluencyVoiceCommands(step, stories), (target) => { … }, { recording });
 * ```
 * The commands are registered on mount and whenever their content changes, and removed on unmount.
 * Without a registry (a page rendered alone in a test) it does nothing.
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import type { VoiceCommand } from '#core/voice/command.ts';
import type { ActionHandler, CommandRegistry } from './command-registry.ts';

/** The app's registry (provided by src/app/voice/VoiceProvider.tsx). */
export const VoiceRegistryContext = createContext<CommandRegistry | null>(null);

/** The app's registry, or null outside the voice layer. */
export function useVoiceRegistry(): CommandRegistry | null {
  return useContext(VoiceRegistryContext);
}

/**
 * Registers `commands` while the calling component is mounted.
 * @param commands what can be said (a new array each render is fine: only its content counts)
 * @param onAction runs an action command's target (the latest function is always used)
 * @param options `recording`: a reading is being recorded, so every other command is off but "stop";
 *   `answering`: a question waits for a short answer, so only these commands, "stop" and "help" are on
 */
export function useVoiceCommands(
  commands: readonly VoiceCommand[],
  onAction?: ActionHandler,
  options: { recording?: boolean; answering?: boolean } = {},
): void {
  const registry = useVoiceRegistry();
  const handler = useRef(onAction);
  useEffect(() => {
    handler.current = onAction;
  });
  const key = JSON.stringify(commands);
  const recording = options.recording ?? false;
  const answering = options.answering ?? false;
  useEffect(() => {
    if (!registry) return undefined;
    const list = JSON.parse(key) as VoiceCommand[];
    return registry.register({
      commands: list,
      onAction: (target, command) => handler.current?.(target, command),
      recording,
      answering,
    });
  }, [registry, key, recording, answering]);
}
