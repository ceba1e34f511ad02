import type { JobLog } from '../modules/jobs/job-worker';

/** A job log that writes nothing (test workers). */
export const silentLog: JobLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  child: () => silentLog,
};
