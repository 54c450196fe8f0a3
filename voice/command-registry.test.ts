import { describe, expect, it, vi } from 'vitest';
import type { VoiceCommand } from '#core/voice/command.ts';
import { createCommandRegistry } from './command-registry.ts';
import { globalActionCommands, navigationCommands, storyCommands } from './command-set.ts';

const base = {
  commands: [...globalActionCommands(), ...navigationCommands({ '/fluency': 'Reading Practice' })],
  onAction: vi.fn(),
};
const practice: VoiceCommand[] = [
  { phrase: 'start reading', intent: 'action', target: 'start-reading' },
  { phrase: 'stop', intent: 'action', target: 'stop-reading' },
  ...storyCommands([{ id: 'lost-mitten', title: 'The Lost Mitten' }]),
];

describe('command registry', () => {
  it('lists a mounted screen’s commands first and forgets them when it goes', () => {
    const registry = createCommandRegistry(base);
    const listener = vi.fn();
    registry.subscribe(listener);
    expect(registry.active().some((c) => c.target === 'start-reading')).toBe(false);
    const unregister = registry.register({ commands: practice });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(
      registry
        .active()
        .slice(0, 4)
        .map((c) => c.phrase),
    ).toEqual(['start reading', 'stop', 'The Lost Mitten', 'Lost Mitten']);
    // navigation and the §9 actions stay
    expect(registry.active()).toContainEqual({
      phrase: 'reading practice',
      intent: 'navigate',
      target: '/fluency',
    });
    unregister();
    expect(registry.active().some((c) => c.target === 'start-reading')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('runs an action with the handler of the layer that registered it', () => {
    const registry = createCommandRegistry(base);
    const onAction = vi.fn();
    registry.register({ commands: practice, onAction });
    const start = practice[0]!;
    registry.handlerFor(start)?.(start.target, start);
    expect(onAction).toHaveBeenCalledWith('start-reading', start);
    const help = registry.active().find((c) => c.phrase === 'help')!;
    expect(registry.handlerFor(help)).toBe(base.onAction);
    expect(registry.handlerFor({ phrase: 'fly', intent: 'action', target: 'fly' })).toBeUndefined();
  });

  it('while a reading is recorded only "stop" is heard: the screen’s own stop', () => {
    const registry = createCommandRegistry(base);
    registry.register({ commands: practice, recording: true });
    expect(registry.isRecording()).toBe(true);
    expect(registry.active()).toEqual([{ phrase: 'stop', intent: 'action', target: 'stop-reading' }]);
  });

  it('while a screen waits for a short answer, only its answers, "stop" and "help" are heard', () => {
    const registry = createCommandRegistry(base);
    registry.register({ commands: practice });
    const answers: VoiceCommand[] = [
      { phrase: 'm', intent: 'action', target: 'alphabet:letter:M' },
      { phrase: 'o', intent: 'action', target: 'alphabet:letter:O' },
    ];
    const unregister = registry.register({ commands: answers, answering: true });
    registry.setControls({ commands: [{ phrase: 'Sign Out', intent: 'action', target: 'press:Sign Out' }] });
    expect(registry.active().map((c) => c.phrase)).toEqual(['m', 'o', 'stop', 'help']);
    // The global stop and help still run with the base handler.
    const help = registry.active().find((c) => c.phrase === 'help')!;
    expect(registry.handlerFor(help)).toBe(base.onAction);
    unregister();
    expect(registry.active().map((c) => c.phrase)).toEqual(
      expect.arrayContaining(['start reading', 'Sign Out', 'reading practice']),
    );
  });

  it('adds the visible controls after the screen’s commands and replaces them on each look', () => {
    const registry = createCommandRegistry(base);
    registry.register({ commands: practice });
    registry.setControls({ commands: [{ phrase: 'Sign Out', intent: 'action', target: 'press:Sign Out' }] });
    const phrases = registry.active().map((c) => c.phrase);
    expect(phrases.indexOf('Sign Out')).toBeGreaterThan(phrases.indexOf('Lost Mitten'));
    expect(phrases.indexOf('Sign Out')).toBeLessThan(phrases.indexOf('help'));
    registry.setControls({ commands: [] });
    expect(registry.active().some((c) => c.phrase === 'Sign Out')).toBe(false);
  });

  it('suggests three things to say, the screen’s first, one per target', () => {
    const registry = createCommandRegistry(base);
    expect(registry.suggestions()).toEqual(['read page', 'stop', 'pause']);
    registry.register({ commands: practice });
    expect(registry.suggestions()).toEqual(['start reading', 'stop', 'The Lost Mitten']);
  });
});
