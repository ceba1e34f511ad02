import { Copy, Download } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ElementType } from 'react';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { toast } from '~/web/lib/toast';

const FILE_NAME = 'sahyadri-computers-recovery-codes.txt';

/** The file "Download" saves: the codes with what they are for, readable on paper. */
export function recoveryCodesText(codes: readonly string[], email: string | undefined, madeAt = new Date()): string {
  const made = madeAt.toLocaleString('en-IN', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
  return [
    'Sahyadri Computers: recovery codes for two-step sign-in',
    ...(email ? [`Account: ${email}`] : []),
    `Made: ${made}`,
    '',
    'Each code signs you in once when your authenticator app is not at hand.',
    'Keep them somewhere safe, away from your phone.',
    '',
    ...codes.map((code, i) => `${String(i + 1).padStart(2, ' ')}. ${code}`),
    '',
  ].join('\n');
}

/**
 * The ten recovery codes, shown this once: Copy, Download (.txt), and "I have saved them" before
 * going on. The heading takes the focus so a screen reader starts reading here.
 */
export function RecoveryCodes({
  codes,
  email,
  onSaved,
  finishing = false,
  headingLevel: Heading = 'h3',
  title = 'Step 3 of 3: save your recovery codes',
  intro = 'Two-step sign-in is on. If your phone is lost, each of these codes signs you in once instead of a code from the app.',
}: {
  title?: string;
  intro?: string;
  codes: readonly string[];
  email?: string;
  onSaved: () => void;
  finishing?: boolean;
  headingLevel?: ElementType;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const checkboxId = useId();
  const [saved, setSaved] = useState(false);
  const [notSavedYet, setNotSavedYet] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes, email));
      toast.success('Recovery codes copied. Paste them somewhere safe.');
    } catch {
      toast.error('Copying is not allowed here. Use Download, or write the codes down.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, email)], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="space-y-4">
      <Heading ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        {title}
      </Heading>
      <Alert tone="warning">{intro} They are shown only now: copy, download or write them down before you go on.</Alert>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-md border border-slate-200 bg-slate-50 p-4 font-mono text-sm min-[400px]:grid-cols-2 sm:text-base"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider text-slate-900">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" /> Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden="true" className="size-4" /> Download (.txt)
        </Button>
      </div>
      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <input
            id={checkboxId}
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300"
            checked={saved}
            aria-invalid={notSavedYet || undefined}
            aria-describedby={notSavedYet ? `${checkboxId}-error` : undefined}
            onChange={(event) => {
              setSaved(event.target.checked);
              setNotSavedYet(false);
            }}
          />
          <label htmlFor={checkboxId} className="text-sm text-slate-800">
            I have saved my recovery codes somewhere safe
          </label>
        </div>
        {notSavedYet && (
          <p id={`${checkboxId}-error`} className="text-sm text-red-700">
            Save the codes first, then tick this box.
          </p>
        )}
      </div>
      <Button loading={finishing} onClick={() => (saved ? onSaved() : setNotSavedYet(true))}>
        Continue
      </Button>
    </div>
  );
}
