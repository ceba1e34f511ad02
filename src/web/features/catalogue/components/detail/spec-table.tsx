import type { SpecRow } from '~/shared/schemas/catalogue';

/** The specifications in groups (Processor, Memory, Display, …), one table with a heading row per group. */
export function SpecTable({ rows, caption }: { rows: readonly SpecRow[]; caption: string }) {
  const groups: { group: string; rows: SpecRow[] }[] = [];
  for (const row of rows) {
    // Grouped by name in order of first appearance: a group may come back later in the list.
    const existing = groups.find((g) => g.group === row.group);
    if (existing) existing.rows.push(row);
    else groups.push({ group: row.group, rows: [row] });
  }
  if (groups.length === 0) return <p className="text-sm text-slate-600">The seller has not listed specifications yet.</p>;
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="spec-table w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {groups.map(({ group, rows: groupRows }) => (
          <tbody key={group}>
            <tr>
              <th scope="rowgroup" colSpan={2}>
                {group}
              </th>
            </tr>
            {groupRows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
