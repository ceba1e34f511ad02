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
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {groups.map(({ group, rows: groupRows }) => (
          <tbody key={group}>
            <tr>
              <th scope="rowgroup" colSpan={2} className="bg-slate-100 px-4 py-2 text-xs font-bold tracking-wide text-slate-700 uppercase">
                {group}
              </th>
            </tr>
            {groupRows.map((row) => (
              <tr key={row.label} className="border-t border-slate-100">
                <th scope="row" className="w-2/5 px-4 py-2.5 align-top font-medium text-slate-600 sm:w-1/3">
                  {row.label}
                </th>
                <td className="px-4 py-2.5 align-top text-slate-900">{row.value}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
