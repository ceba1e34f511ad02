import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from '../ui/feedback';
import { screenOf } from '~/web/test/screen-width';
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableSort } from './data-table';

interface Laptop {
  id: string;
  name: string;
  pricePaise: number;
}
const laptops: Laptop[] = [
  { id: 'a', name: 'ThinkPad E14', pricePaise: 64_990_00 },
  { id: 'b', name: 'IdeaPad Slim 3', pricePaise: 45_490_00 },
];
const columns: DataTableColumn<Laptop>[] = [
  { id: 'name', header: 'Name', cell: (l) => l.name, sortable: true, rowHeader: true },
  { id: 'price', header: 'Price', cell: (l) => `₹${l.pricePaise / 100}`, sortable: true, descendingFirst: true, align: 'right' },
  { id: 'actions', header: 'Actions', cell: (l) => <button type="button">Edit {l.name}</button> },
];

type Query = DataTableProps<Laptop>['query'];
const loaded = (items = laptops, more: Partial<NonNullable<Query['data']>> = {}): Query => ({
  data: { items, total: items.length, page: 1, pageSize: 20, ...more },
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
});

function Table(props: Partial<DataTableProps<Laptop>> & { initialSort?: DataTableSort }) {
  const [sort, setSort] = useState<DataTableSort>(props.initialSort ?? { column: 'name', descending: false });
  return (
    <DataTable<Laptop>
      caption="Laptops"
      columns={columns}
      rowKey={(l) => l.id}
      query={loaded()}
      loadingLabel="Loading laptops"
      errorTitle="Laptops could not be loaded"
      empty={<EmptyState title="No laptops match" />}
      sort={sort}
      onSortChange={setSort}
      onPageChange={() => undefined}
      paginationLabel="Laptop pages"
      {...props}
    />
  );
}

describe('DataTable', () => {
  it('names the table and its rows, and says which column is sorted', () => {
    render(<Table />);
    const table = screen.getByRole('table', { name: 'Laptops' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Price', 'Actions']);
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table).getByRole('columnheader', { name: 'Price' })).not.toHaveAttribute('aria-sort');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['ThinkPad E14', 'IdeaPad Slim 3']);
    expect(within(table).queryByRole('button', { name: /Actions/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Laptops' })).toHaveAttribute('tabindex', '0');
  });

  it('sorts from the keyboard, first in the column’s own direction, and announces it', async () => {
    const onSortChange = vi.fn();
    function Spy() {
      const [sort, setSort] = useState<DataTableSort>({ column: 'name', descending: false });
      return (
        <Table
          sort={sort}
          onSortChange={(s) => {
            onSortChange(s);
            setSort(s);
          }}
        />
      );
    }
    render(<Spy />);
    const user = userEvent.setup();
    const price = screen.getByRole('button', { name: 'Price' });
    price.focus();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'price', descending: true });
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Sorted by Price, descending.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'price', descending: false });
    expect(screen.getByText('Sorted by Price, ascending.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', descending: false });
    expect(screen.getByRole('columnheader', { name: 'Price' })).not.toHaveAttribute('aria-sort');
  });

  it('reaches every row action with Tab and works it with Enter', async () => {
    const edited = vi.fn();
    const withAction: DataTableColumn<Laptop>[] = [
      ...columns.slice(0, 2),
      { id: 'actions', header: 'Actions', cell: (l) => <button onClick={() => edited(l.id)}>Edit {l.name}</button> },
    ];
    render(<Table columns={withAction} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Price' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Edit ThinkPad E14' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(edited).toHaveBeenCalledWith('b');
  });

  it('opens a row to show its details, and closes it again', async () => {
    render(<Table details={{ render: (l) => <p>Warranty of {l.name}</p>, label: (l) => `Details of ${l.name}` }} />);
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Details of IdeaPad Slim 3' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toHaveTextContent('Warranty of IdeaPad Slim 3');
    expect(screen.queryByText('Warranty of ThinkPad E14')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.queryByText('Warranty of IdeaPad Slim 3')).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, an error with Retry, and the empty state', async () => {
    const { rerender } = render(<Table query={{ ...loaded(), data: undefined, isPending: true }} />);
    expect(screen.getByRole('status', { name: 'Loading laptops' })).toBeInTheDocument();

    const refetch = vi.fn();
    rerender(<Table query={{ ...loaded(), data: undefined, isError: true, error: new Error('The shop is busy.'), refetch }} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Laptops could not be loaded');
    expect(alert).toHaveTextContent('The shop is busy.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();

    rerender(<Table query={loaded([])} />);
    expect(screen.getByRole('heading', { name: 'No laptops match' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages only when there is more than one page, in Indian digits', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Table onPageChange={onPageChange} />);
    expect(screen.queryByRole('navigation', { name: 'Laptop pages' })).not.toBeInTheDocument();
    rerender(<Table onPageChange={onPageChange} query={loaded(laptops, { total: 1_23_456, page: 2 })} />);
    const nav = screen.getByRole('navigation', { name: 'Laptop pages' });
    expect(nav).toHaveTextContent('21–40 of 1,23,456');
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  describe('on a phone, with phoneCards', () => {
    afterEach(() => vi.unstubAllGlobals());
    const actionsColumn: DataTableColumn<Laptop>[] = [
      ...columns.slice(0, 2),
      { id: 'actions', header: 'Actions', rowActions: true, cell: (l) => <button type="button">Edit {l.name}</button> },
    ];

    it('shows each row as a card: its name, each column labelled, its buttons at the bottom, and sorts from a select', async () => {
      screenOf(390);
      render(<Table columns={actionsColumn} phoneCards />);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const list = screen.getByRole('region', { name: 'Laptops' });
      const [first, second] = within(list).getAllByRole('listitem');
      expect(first).toHaveTextContent('ThinkPad E14');
      // Each column's header names its value, as the table's header row did.
      expect(within(first!).getByRole('term')).toHaveTextContent('Price');
      expect(within(first!).getByRole('definition')).toHaveTextContent('₹64990');
      expect(within(second!).getByRole('button', { name: 'Edit IdeaPad Slim 3' })).toBeInTheDocument();

      const sortBy = screen.getByLabelText('Sort by');
      expect(sortBy).toHaveValue('name');
      await userEvent.selectOptions(sortBy, 'Price, descending');
      expect(screen.getByLabelText('Sort by')).toHaveValue('-price');
      expect(screen.getByText('Sorted by Price, descending.')).toBeInTheDocument();
    });

    it('keeps the table on a wider screen, and on a phone for a table that did not ask for cards', () => {
      screenOf(1024);
      const { unmount } = render(<Table columns={actionsColumn} phoneCards />);
      expect(screen.getByRole('table', { name: 'Laptops' })).toBeInTheDocument();
      unmount();
      screenOf(390);
      render(<Table columns={actionsColumn} />);
      expect(screen.getByRole('table', { name: 'Laptops' })).toBeInTheDocument();
    });
  });
});
