import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useFloatingRoom } from './use-floating-room.ts';

function Layer({ active }: { active: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useFloatingRoom(ref, active, '--caption-strip-room');
  return <div ref={ref} />;
}

const room = () => document.documentElement.style.getPropertyValue('--caption-strip-room');

describe('useFloatingRoom', () => {
  it('keeps the room from the layer’s top to the window’s bottom, plus 8 px, only while active', () => {
    const view = render(<Layer active={false} />);
    expect(room()).toBe('');
    view.rerender(<Layer active />);
    // jsdom lays nothing out: the element's top is 0, so the room is the whole window and the gap.
    expect(room()).toBe(`${window.innerHeight + 8}px`);
    view.rerender(<Layer active={false} />);
    expect(room()).toBe('');
    view.rerender(<Layer active />);
    view.unmount();
    expect(room()).toBe('');
  });
});
