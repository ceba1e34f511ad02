/** Title and revision date of a policy page (Returns, Privacy, Terms). */
export function LegalHeading({ title, updated }: { title: string; updated: string }) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="text-sm text-slate-500">Last updated: {updated}</p>
    </>
  );
}
