import { ShieldCheck } from 'lucide-react';

/** The description (paragraphs split on blank lines) and the warranty. */
export function ProductAbout({ description, warranty }: { description: string; warranty: string }) {
  const paragraphs = description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="space-y-4">
      <div className="prose-shop space-y-3">
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {warranty && (
        <div className="flex max-w-prose items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
          <p>
            <span className="font-semibold">Warranty: </span>
            {warranty}
          </p>
        </div>
      )}
    </div>
  );
}
