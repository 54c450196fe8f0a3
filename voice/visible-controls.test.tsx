import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { controlCommands, visibleControls } from './visible-controls.ts';

describe('visible controls as spoken commands', () => {
  it('names each usable button and link once, by its accessible name', () => {
    const { container } = render(
      <div>
        <button type="button">Start reading</button>
        <a href="/fluency">Reading Practice</a>
        <button type="button" aria-label="Sign Out">
          <svg aria-hidden="true" />
        </button>
        <button type="button">start reading</button>
        <button type="button" disabled>
          Send
        </button>
        <div hidden>
          <button type="button">Hidden</button>
        </div>
        <div aria-hidden="true">
          <a href="/x">Decoration</a>
        </div>
        <button type="button" data-voice-ignore>
          Talk to Sparky
        </button>
        <button type="button">🙂</button>
      </div>,
    );
    const controls = visibleControls(container);
    expect(controls.map((c) => c.name)).toEqual(['Start reading', 'Reading Practice', 'Sign Out']);
    expect(controlCommands(controls)[2]).toEqual({
      phrase: 'Sign Out',
      intent: 'action',
      target: 'press:Sign Out',
    });
  });

  it('leaves out a name longer than a command may be, which the server would refuse with the whole list', () => {
    const { container } = render(
      <div>
        <a href="/learn">Play letter and word games: learn your ABC, build words and sound them out</a>
        <a href="/import">Bring in a text to read aloud, like a page of homework</a>
      </div>,
    );
    // 14 words (as the server counts them, split at spaces) is over the 12 of core/api/voice.ts; 12 is not.
    expect(visibleControls(container).map((c) => c.name)).toEqual([
      'Bring in a text to read aloud, like a page of homework',
    ]);
  });
});
