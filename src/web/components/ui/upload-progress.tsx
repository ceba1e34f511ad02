/**
 * One file on its way to the server: its name and percentage with a progress bar, or, when it was
 * refused, the reason (announced) and Dismiss. Used wherever files upload one request each.
 */
export function UploadProgress({
  name,
  progress,
  error,
  onDismiss,
}: {
  name: string;
  /** 0 to 1. */
  progress: number;
  error: string | null;
  onDismiss: () => void;
}) {
  const percent = Math.round(progress * 100);
  return (
    <>
      <div className="flex justify-between gap-2">
        <span className="min-w-0 truncate text-slate-800">{name}</span>
        <span className="tabular-nums text-slate-600">{error ? 'Failed' : `${percent}%`}</span>
      </div>
      {error ? (
        <p role="alert" className="text-red-700">
          {name}: {error}{' '}
          <button type="button" className="underline" onClick={onDismiss}>
            Dismiss
          </button>
        </p>
      ) : (
        <div
          role="progressbar"
          aria-label={`Uploading ${name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1 h-2 overflow-hidden rounded bg-slate-200"
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
    </>
  );
}
