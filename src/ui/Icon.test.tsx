import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon } from './Icon.tsx';

describe('Icon', () => {
  it('draws an icon of the first-load table at once, decorative', () => {
    const { container } = render(<Icon name="mic" size={32} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '32');
    expect(svg?.childElementCount).toBeGreaterThan(0);
  });

  it('draws an icon of the signed-in pages anywhere: its table is fetched on first use, the box keeps its size meanwhile', async () => {
    // 'flame' is drawn in icons-more.tsx, which the signed-in frame brings (ADR 0012, 29 Nov 2026).
    const { container } = render(<Icon name="flame" size={20} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('width', '20');
    expect(svg).toHaveAttribute('height', '20');
    await waitFor(() => expect(svg?.querySelector('path')).not.toBeNull());
  });
});
