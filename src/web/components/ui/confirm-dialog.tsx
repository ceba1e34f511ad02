import { useState, type ReactNode } from 'react';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';

/**
 * Asks once more before a step that needs no input but moves goods or money, and runs it; the
 * dialog closes when the step is taken, and an error stays in it (as `ReasonDialog`, without a reason).
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
  canConfirm,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => Promise<unknown>;
  /** Checked first: false when a field of `children` needs fixing (the field says why). */
  canConfirm?: () => boolean;
  /** What the step needs besides the yes (a bank transfer's reference), above the buttons. */
  children?: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setError(null);
    if (canConfirm && !canConfirm()) return;
    try {
      await onConfirm();
      close();
    } catch (e) {
      setError(isApiError(e) ? e.message : 'That did not work. Try again.');
    }
  };
  return (
    <DialogFrame open={open} onOpenChange={(next) => !next && close()} title={title} description={description}>
      <div className="mt-4 space-y-4">
        {children}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
          <Button onClick={() => void confirm()} loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </DialogFrame>
  );
}
