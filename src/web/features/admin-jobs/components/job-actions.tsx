import { useState } from 'react';
import type { AdminJob } from '~/shared/schemas/jobs';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Spinner } from '~/web/components/ui/spinner';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { useDismissJob, useRetryJob } from '../api/admin-jobs';
import { jobName, jobTitle } from './job-words';

/** The server's word when it refuses (409 while a worker runs the job, 404 once it is gone), else a plain one. */
const refusal = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/** Retry (failed) or Run now (scheduled): the job runs again at once, its tries counted afresh. */
function RunAgain({ job }: { job: AdminJob }) {
  const failed = job.state === 'failed';
  const name = jobName(job);
  const retry = useRetryJob({
    onSuccess: () => toast.success(failed ? `Retrying ${name}: it runs again now.` : `${capitalised(name)} runs now.`),
    onError: (error) => toast.error(refusal(error, `${capitalised(name)} could not be started. Try again.`)),
  });
  const run = () => retry.mutate(job.id);
  return (
    <Button
      size="sm"
      className="whitespace-nowrap"
      variant={failed ? 'primary' : 'secondary'}
      loading={retry.isPending}
      onClick={run}
      aria-label={`${failed ? 'Retry' : 'Run now'}: ${name}`}
    >
      {failed ? 'Retry' : 'Run now'}
    </Button>
  );
}

/** Dismiss a failed job, after a confirmation: it is removed and its work is not done. */
function Dismiss({ job }: { job: AdminJob }) {
  const [confirming, setConfirming] = useState(false);
  const name = jobName(job);
  const dismiss = useDismissJob({
    onSuccess: () => {
      setConfirming(false);
      toast.success(`Dismissed ${name}. It will not run again.`);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(refusal(error, `${capitalised(name)} could not be dismissed. Try again.`));
    },
  });
  const confirm = () => dismiss.mutate(job.id);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} aria-label={`Dismiss: ${name}`}>
        Dismiss
      </Button>
      <DialogFrame
        open={confirming}
        onOpenChange={setConfirming}
        title={`Dismiss job #${job.id}?`}
        description={`“${jobTitle(job.task)}” is removed from the queue and will not run again, so its work stays undone. Retry it instead if the cause is fixed. The audit log records the dismissal.`}
      >
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button variant="danger" onClick={confirm} loading={dismiss.isPending}>
            Dismiss job
          </Button>
        </div>
      </DialogFrame>
    </>
  );
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A row's actions by state: Retry and Dismiss when failed, Run now when scheduled; a running job says so. */
export function JobActions({ job }: { job: AdminJob }) {
  switch (job.state) {
    case 'failed':
      return (
        <div className="flex flex-wrap gap-2">
          <RunAgain job={job} />
          <Dismiss job={job} />
        </div>
      );
    case 'scheduled':
      return <RunAgain job={job} />;
    case 'running':
      return (
        <span className="inline-flex items-center gap-2 text-sm font-medium whitespace-nowrap text-brand-800">
          <Spinner className="size-4" />
          Running
        </span>
      );
    case 'waiting':
      return <span className="text-sm whitespace-nowrap text-slate-600">Waits for a worker</span>;
  }
}
