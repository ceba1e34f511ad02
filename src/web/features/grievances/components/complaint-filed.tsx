import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { GrievanceFiled } from '~/shared/schemas/grievances';
import { paths } from '~/shared/paths';
import { Alert } from '~/web/components/ui/feedback';
import { formatDateTime } from '~/web/lib/format';

/** What a complainant is told at once: the ticket number and the dates by which the officer answers (also e-mailed). */
export function ComplaintFiled({ filed, signedIn }: { filed: GrievanceFiled; signedIn: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-none" data-testid="complaint-filed">
      <Alert tone="success" title={`Complaint received: ticket ${filed.ticketNumber}`}>
        <p>
          Quote ticket number <strong>{filed.ticketNumber}</strong> whenever you write or call about it. We have e-mailed you these details.
        </p>
        <ul className="mt-2 list-disc pl-5">
          <li>
            Acknowledgement by <time dateTime={filed.acknowledgeBy}>{formatDateTime(filed.acknowledgeBy)}</time>
          </li>
          <li>
            Resolution by <time dateTime={filed.resolveBy}>{formatDateTime(filed.resolveBy)}</time>
          </li>
        </ul>
        <p className="mt-2">
          {signedIn ? (
            <Link to={paths.accountComplaint(filed.id)} className="font-semibold underline">
              Follow this complaint
            </Link>
          ) : (
            <Link to={paths.grievanceOfficer} className="font-semibold underline">
              How complaints are handled
            </Link>
          )}
        </p>
      </Alert>
    </div>
  );
}
