import { Copy } from 'lucide-react';
import { toast } from '~/web/lib/toast';

/** A small button that copies `text` and says so in a toast (or says to copy by hand where the browser refuses). */
export function CopyButton({ text, label, copied }: { text: string; label: string; copied: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(copied);
    } catch {
      // No clipboard outside a secure context (a shop opened over plain http), or permission refused.
      toast.error('Your browser did not let the page copy it: select the text and copy it yourself.');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      title={label}
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-brand-700 hover:bg-brand-50"
    >
      <Copy aria-hidden="true" className="size-4" />
    </button>
  );
}
