import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressPlot, yTicks } from './ProgressPlot.tsx';

describe('ProgressPlot', () => {
  it('scales the y axis from 0 to a round number above the largest value', () => {
    expect(yTicks(46)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(yTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(yTicks(137)).toEqual([0, 50, 100, 150]);
    expect(yTicks(0)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('draws one line per measure with a dot per reading, lifting the pen over a missing value', () => {
    const { container } = render(
      <ProgressPlot
        data={[
          { name: '1', wcpm: 40, accuracy: 90, fluency: 70 },
          { name: '2', wcpm: 46, accuracy: null, fluency: 75 },
          { name: '3', wcpm: 50, accuracy: 95, fluency: 80 },
        ]}
        labels={[
          { number: '1', day: '23 Nov' },
          { number: '2', day: '' },
          { number: '3', day: '24 Nov' },
        ]}
      />,
    );
    const paths = [...container.querySelectorAll('path')].map((p) => p.getAttribute('d')!);
    expect(paths).toHaveLength(3);
    const moves = (d: string) => d.match(/[ML]/g)!.join('');
    expect(moves(paths[0]!)).toBe('MLL');
    // Accuracy is missing at reading 2: two separate pieces.
    expect(moves(paths[1]!)).toBe('MM');
    expect(container.querySelectorAll('circle')).toHaveLength(8);
    // Higher values are drawn higher (smaller y).
    const ys = paths[0]!
      .split(/[ML]/)
      .filter(Boolean)
      .map((pt) => Number(pt.split(',')[1]));
    expect(ys[0]).toBeGreaterThan(ys[2]!);
    expect(container.textContent).toContain('23 Nov');
    expect(container.textContent).toContain('Words correct per minute');
    expect(container.textContent).toContain('Fluency score');
  });
});
