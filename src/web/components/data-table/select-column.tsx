import type { DataTableColumn } from './data-table';

/** The set of chosen ids with one id added or taken away (a row's checkbox clicked). */
export function toggled(chosen: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(chosen);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The first column of a list with bulk actions: a checkbox per row, named after the row's item. */
export function selectColumn<T extends { id: string; name: string }>(
  chosen: ReadonlySet<string>,
  toggle: (id: string) => void,
): DataTableColumn<T> {
  return {
    id: 'select',
    header: 'Select',
    className: 'w-12',
    cell: (item) => (
      <input
        type="checkbox"
        className="size-4 rounded border-slate-300"
        aria-label={`Select ${item.name}`}
        checked={chosen.has(item.id)}
        onChange={() => toggle(item.id)}
      />
    ),
  };
}
