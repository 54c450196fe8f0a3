/**
 * StackedTable (ADR 0030): a table named by its caption in a scroller of the same name, unless a `label` names the
 * scroller; `className` adds to the table's own class, and without either the output is as before.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackedTable, StackLabel, stackedTableRoles as r } from './TableScroll.tsx';

function rows() {
  return (
    <tr {...r.row}>
      <th {...r.rowheader}>
        <StackLabel>Week</StackLabel>Week of 2 Nov
      </th>
      <td {...r.cell}>
        <StackLabel>Readings</StackLabel>2
      </td>
    </tr>
  );
}

describe('StackedTable', () => {
  it('names the table and its scroller by the caption, with the plain data-table class', () => {
    render(
      <StackedTable caption="Each week" columns={['Week', 'Readings']}>
        {rows()}
      </StackedTable>,
    );
    const table = screen.getByRole('table', { name: 'Each week' });
    expect(table.className).toBe('data-table');
    expect(screen.getByRole('region', { name: 'Each week' })).toContainElement(table);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Week', 'Readings']);
  });

  it('takes a scroller name of its own and extra table classes', () => {
    render(
      <StackedTable
        caption="Each week"
        label="Week by week, Mia"
        className="enhanced__weeks"
        columns={['Week']}
      >
        {rows()}
      </StackedTable>,
    );
    const table = screen.getByRole('table', { name: 'Each week' });
    expect(table.className).toBe('data-table enhanced__weeks');
    expect(screen.getByRole('region', { name: 'Week by week, Mia' })).toContainElement(table);
  });
});
