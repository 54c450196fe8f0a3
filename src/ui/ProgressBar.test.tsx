/**
 * The hand-written ProgressBar (docs/decisions/0012-route-splitting.md, 29 Nov 2026) exposes what react-aria's did:
 * role progressbar with its name, 0–100, the value (kept within them) and the value in words, also shown as text.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './ProgressBar.tsx';

describe('ProgressBar', () => {
  it('is a named progressbar with its range, value and value in words', () => {
    const { container } = render(
      <ProgressBar
        percent={50}
        label="Story Time progress"
        valueText="1 of 2 stories, 50%"
        className="extra"
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Story Time progress' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 2 stories, 50%');
    expect(bar).toHaveClass('progress', 'extra');
    // The value is shown in words too (never length alone); the bar itself is hidden from assistive technology.
    expect(bar).toHaveTextContent('1 of 2 stories, 50%');
    expect(container.querySelector('.progress__bar')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector<HTMLElement>('.progress__fill')!.style.width).toBe('50%');
  });

  it('keeps the value within 0–100', () => {
    render(
      <>
        <ProgressBar percent={140} label="Over" valueText="7 of 5 days" />
        <ProgressBar percent={-3} label="Under" valueText="none yet" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Over' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Under' })).toHaveAttribute('aria-valuenow', '0');
  });
});
