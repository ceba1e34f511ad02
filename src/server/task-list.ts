import type { JobHandlers, RecurringJob } from './modules/jobs/job-worker';
import type { Services } from './services';

/**
 * What each background job does (decision 33), wired to the services once per worker process, and
 * the recurring jobs with their periods. Handlers stay thin: the work is the services' own.
 */
export function createTaskList(services: Services): { handlers: JobHandlers; recurring: RecurringJob[] } {
  const { config } = services;
  const handlers: JobHandlers = {
    'mail.send': ({ messageId }, job) => services.mailService.deliver(messageId, { number: job.attempt, of: job.maxAttempts }),
    'mail.sweep': () => services.mailService.sweep(),
    'media.renditions': ({ imageId }, job) => services.mediaService.makeRenditions(imageId, job.log),
    'media.discard': ({ files }) => services.mediaService.discardAll(files),
    'catalogue.import-csv': ({ importId }, job) => services.productImportsService.run(importId, job),
    'catalogue.import-pictures': ({ importId }, job) => services.productImportsService.fetchPictures(importId, job),
    'einvoices.register': ({ registrationId }, job) => services.einvoicesService.runRegistration(registrationId, job),
    'orders.expire-unpaid': () => services.cancelOrder.expireUnpaid(),
    'orders.sweep-return-photos': () => services.returnsService.returnPhotos.sweep(),
    'alerts.notify-restocked': () => services.restockNotifier.notifyRestocked(),
    'payouts.settle': () => services.payoutsService.settle(),
    'accounts.erase-due': () => services.accountDeletionJob.runDue(),
    'jobs.clean-up': () => services.jobsService.cleanUp(),
    // No longer recurring (decision 52): the run the release before queued is taken and not queued again.
    'bank-accounts.seal': () => services.sealPlainBankAccounts(),
  };
  const recurring: RecurringJob[] = [
    // Unpaid online orders past their time are cancelled and give their stock back.
    { name: 'orders.expire-unpaid', everyMs: 30_000 },
    // Photos uploaded for a return request that was never sent are removed after a day (decision 50).
    { name: 'orders.sweep-return-photos', everyMs: 3_600_000 },
    // Back-in-stock alerts (decision 28): claims are exclusive, one e-mail per person.
    { name: 'alerts.notify-restocked', everyMs: config.STOCK_ALERT_INTERVAL_SECONDS * 1000 },
    // The weekly settlement (decision 15): the first run after Monday 00:00 in India pays; settling again makes nothing twice.
    { name: 'payouts.settle', everyMs: 3_600_000 },
    // Accounts whose 7-day cooling-off has ended are erased (decision 26).
    { name: 'accounts.erase-due', everyMs: 3_600_000 },
    { name: 'mail.sweep', everyMs: 60_000 },
    { name: 'jobs.clean-up', everyMs: 6 * 3_600_000 },
    // Not `bank-accounts.seal`: bank accounts kept in plain are sealed when a process starts (decision 52).
  ];
  return { handlers, recurring };
}
