import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { FieldShell, TextField } from '../ui/form-fields';

interface ListFiltersProps {
  /** The name of the search landmark, e.g. "Filter payments". */
  label: string;
  /** The filters that apply at once (selects), before the search box. */
  children?: ReactNode;
  search: { label: string; value: string | undefined; onSearch: (text: string | undefined) => void; placeholder?: string };
}

/**
 * The filter bar of a back-office list: selects that apply at once and a search box that applies on
 * Search (or Enter). The box shows the address's text again after Back or a shared link.
 */
export function ListFilters({ label, children, search }: ListFiltersProps) {
  return (
    <SearchForm key={search.value ?? ''} label={label} search={search}>
      {children}
    </SearchForm>
  );
}

function SearchForm({ label, children, search }: ListFiltersProps) {
  const [text, setText] = useState(search.value ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.onSearch(text.trim() || undefined);
  };
  return (
    <form onSubmit={submit} className="mb-5 flex flex-wrap items-end gap-3" role="search" aria-label={label}>
      {children}
      <TextField
        label={search.label}
        type="search"
        className="min-w-64 flex-1"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={100}
        placeholder={search.placeholder}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}

const selectClasses =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus:border-brand-500 sm:text-sm';

/** A filter that applies as soon as it is chosen, with a label for each value and an "all" choice. */
export function FilterSelect<T extends string>(props: {
  label: string;
  value: T | undefined;
  values: readonly T[];
  labels: Record<T, string>;
  placeholder: string;
  onChange: (value: T | undefined) => void;
  /** Its width (12rem unless given: long labels want more). */
  className?: string;
}) {
  return (
    <FieldShell label={props.label} className={props.className ?? 'w-48'}>
      {({ id }) => (
        <select
          id={id}
          className={selectClasses}
          value={props.value ?? ''}
          onChange={(e) => props.onChange((e.target.value || undefined) as T | undefined)}
        >
          <option value="">{props.placeholder}</option>
          {props.values.map((v) => (
            <option key={v} value={v}>
              {props.labels[v]}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
