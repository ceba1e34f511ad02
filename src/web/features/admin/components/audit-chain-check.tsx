import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { formatDateTime } from '~/web/lib/format';
import { checkAuditChain } from '../api/audit-queries';

/**
 * "Check the chain": walks the audit log's hash chain on the server (as `npm run audit:verify`
 * does) and says whether every entry holds or which one was changed or follows removed ones.
 */
export function AuditChainCheck({ onShowEntry }: { onShowEntry: (id: number) => void }) {
  const check = useMutation({ mutationFn: checkAuditChain });
  const result = check.data;
  return (
    <div className="mb-6 space-y-3">
      <Button variant="secondary" loading={check.isPending} onClick={() => check.mutate()}>
        <ShieldCheck aria-hidden="true" className="size-4" />
        Check the chain
      </Button>
      {check.isError && (
        <Alert tone="error" title="The chain could not be checked">
          {check.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => check.mutate()}>
            Retry
          </button>
        </Alert>
      )}
      {result &&
        (result.firstBroken ? (
          <Alert tone="error" title={`Broken at entry ${result.firstBroken.id}`}>
            Entry {result.firstBroken.id}: {result.firstBroken.reason}. The {result.checked.toLocaleString('en-IN')} entries before it hold
            (checked {formatDateTime(result.verifiedAt)}).{' '}
            <button type="button" className="font-medium underline" onClick={() => onShowEntry(result.firstBroken!.id)}>
              Show entry {result.firstBroken.id}
            </button>
          </Alert>
        ) : (
          <Alert tone="success" title="The chain holds">
            All {result.checked.toLocaleString('en-IN')} entries follow one another unchanged (checked {formatDateTime(result.verifiedAt)}).
          </Alert>
        ))}
    </div>
  );
}
