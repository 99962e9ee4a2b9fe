import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AdminTable, compareCells, type AdminColumn } from '../src/ui/AdminTable';
import { renderWithProviders } from './support/renderWithProviders';

interface Row {
  id: number;
  name: string;
  size: number | null;
  note: string | null;
}
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: `item-${String(i + 1).padStart(2, '0')}`,
  size: i % 5 === 0 ? null : (i * 7) % 11,
  note: i % 2 === 0 ? `note of ${i + 1}` : null,
}));
const columns: AdminColumn<Row>[] = [
  { key: 'name', label: 'Name', value: (r) => r.name },
  { key: 'size', label: 'Size', value: (r) => r.size, align: 'right' },
];

function table(props: Partial<Parameters<typeof AdminTable<Row>>[0]> = {}) {
  return renderWithProviders(
    <AdminTable<Row>
      label="Things"
      rows={rows}
      columns={columns}
      rowKey={(r) => r.id}
      detail={(r) => (r.note === null ? null : <span>{r.note}</span>)}
      {...props}
    />,
  );
}
const names = () =>
  screen.getAllByTestId('admin-table-row').map((r) => within(r).getAllByRole('cell')[1]!.textContent);

// Spec doc 3 "Admin and translations": the generic filterable, sortable, paginated admin table with an
// expandable sub-row, which the operator console's lists share.
describe('the admin table', () => {
  it.each([
    [1, 2, -1],
    [2, 1, 1],
    [3, 3, 0],
    ['b', 'a', 1],
    ['item-2', 'item-10', -1],
    [null, 1, 1],
    [1, null, -1],
    [null, null, 0],
  ] as const)('compares %j with %j: %i', (a, b, sign) => {
    expect(Math.sign(compareCells(a, b))).toBe(sign);
  });

  it('shows a page of 10 rows, and the next pages', async () => {
    const { user } = table();
    expect(names()).toEqual(rows.slice(0, 10).map((r) => r.name));
    expect(screen.getByText('1–10 of 25')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(names()).toEqual(rows.slice(10, 20).map((r) => r.name));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(names()).toEqual(rows.slice(20).map((r) => r.name));
    expect(screen.getByText('21–25 of 25')).toBeTruthy();
  });

  it('takes another page size', async () => {
    const { user } = table();
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '50' }));
    expect(names()).toHaveLength(25);
  });

  it('offers every row on one page when its sizes include all', async () => {
    const { user } = table({ pageSizes: [20, 'all'] });
    expect(names()).toHaveLength(20);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    expect(names()).toEqual(rows.map((r) => r.name));
    expect(screen.getByText('1–25 of 25')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
  });

  it('sorts by a column, then the other way, empty cells last both ways', async () => {
    const { user } = table({ pageSizes: [50] });
    await user.click(screen.getByRole('button', { name: 'Size' }));
    const sizes = () =>
      screen.getAllByTestId('admin-table-row').map((r) => within(r).getAllByRole('cell')[2]!.textContent);
    const asc = sizes();
    const filled = asc.filter((s) => s !== '').map(Number);
    expect(filled).toEqual([...filled].sort((a, b) => a - b));
    expect(asc.slice(-5)).toEqual(['', '', '', '', '']);
    await user.click(screen.getByRole('button', { name: 'Size' }));
    const desc = sizes();
    expect(desc.filter((s) => s !== '').map(Number)).toEqual([...filled].sort((a, b) => b - a));
    expect(desc.slice(-5)).toEqual(['', '', '', '', '']);
  });

  it('filters on every column, back to the first page, and says when nothing matches', async () => {
    const { user } = table({ emptyText: 'Nothing here' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.type(screen.getByTestId('admin-table-filter'), 'ITEM-2');
    expect(names()).toEqual(['item-20', 'item-21', 'item-22', 'item-23', 'item-24', 'item-25']);
    await user.clear(screen.getByTestId('admin-table-filter'));
    await user.type(screen.getByTestId('admin-table-filter'), 'nope');
    expect(screen.queryAllByTestId('admin-table-row')).toHaveLength(0);
    expect(screen.getByText('Nothing here')).toBeTruthy();
  });

  it('opens and closes a row’s sub-row; rows without one have no button', async () => {
    const { user } = table();
    const [first, second] = screen.getAllByTestId('admin-table-row');
    expect(within(second!).queryByRole('button')).toBeNull();
    const toggle = within(first!).getByRole('button', { name: 'Show details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('note of 1')).toBeNull();
    await user.click(toggle);
    expect(await screen.findByText('note of 1')).toBeTruthy();
    const hide = within(first!).getByRole('button', { name: 'Hide details' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await user.click(hide);
    await expect.poll(() => screen.queryByText('note of 1')).toBeNull();
  });
});
