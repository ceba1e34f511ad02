import { paths } from '~/shared/paths';
import { JOB_TITLES, type AdminJob, type JobState } from '~/shared/schemas/jobs';
import { formatRelativeTime } from '~/web/lib/format';

/** What a job does, in an admin's words ("Send an e-mail"); a job the web app does not know yet by its name. */
export const jobTitle = (task: string): string => JOB_TITLES[task] ?? task;

/** "job #42 “Send an e-mail”": how toasts and the buttons' accessible names name a job. */
export const jobName = (job: Pick<AdminJob, 'id' | 'task'>): string => `job #${job.id} “${jobTitle(job.task)}”`;

export const STATE_LABELS: Record<JobState, string> = {
  failed: 'Failed',
  running: 'Running',
  waiting: 'Waiting',
  scheduled: 'Scheduled',
};

/** The ids a job's payload carries (decision 33: ids only), with what each names. */
const RECORD_LABELS: Record<string, string> = {
  messageId: 'E-mail',
  imageId: 'Picture',
  importId: 'Import',
  productId: 'Product',
  vendorId: 'Seller',
};

/** What the admin console can open for an id: the page of that record, or a list of a seller's products. */
const RECORD_PAGES: Record<string, (id: string, where: RecordPlaces) => string | undefined> = {
  productId: (id) => paths.adminProduct(id),
  vendorId: (id) => `${paths.admin.products}?vendorId=${encodeURIComponent(id)}`,
  orderId: (id) => paths.adminOrder(id),
  userId: (id) => paths.adminUser(id),
  // The e-mails themselves are readable only in the development mailbox (no SMTP configured).
  messageId: (id, where) => (where.mailbox ? `${paths.devMailbox}?id=${encodeURIComponent(id)}` : undefined),
};

/** What this shop can show besides its console's own pages. */
export interface RecordPlaces {
  /** The development mailbox is on (no SMTP server): e-mails can be read there. */
  mailbox: boolean;
}

export interface JobRecord {
  key: string;
  label: string;
  id: string;
  /** The page that shows it, when the console has one. */
  href?: string;
}

/**
 * The records a job works on, from its payload: `{ imageId: 'img_1', productId: 'prd_1' }` →
 * Picture img_1, Product prd_1 (with a link to the product). An empty payload works on the whole shop.
 */
export function recordsOf(job: Pick<AdminJob, 'payload'>, where: RecordPlaces = { mailbox: false }): JobRecord[] {
  return Object.entries(job.payload)
    .filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number')
    .map(([key, value]) => {
      const id = String(value);
      const href = Object.hasOwn(RECORD_PAGES, key) ? RECORD_PAGES[key]!(id, where) : undefined;
      return { key, label: RECORD_LABELS[key] ?? labelOfKey(key), id, ...(href ? { href } : {}) };
    });
}

/** `orderId` → "Order", `vendorPayoutId` → "Vendor payout": a payload key no one has named yet. */
function labelOfKey(key: string): string {
  const words = key
    .replace(/Ids?$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The moment that matters in a job's state, and how it reads: failed at, started at, due since, runs at. */
export function whenOf(job: AdminJob, now: number): { at: string; words: string } {
  switch (job.state) {
    case 'failed':
      return { at: job.updatedAt, words: `Failed ${formatRelativeTime(job.updatedAt, now)}` };
    case 'running': {
      const at = job.lockedAt ?? job.updatedAt;
      return { at, words: `Started ${formatRelativeTime(at, now)}` };
    }
    case 'waiting':
      return { at: job.runAt, words: `Due ${formatRelativeTime(job.runAt, now)}` };
    case 'scheduled':
      // A job that failed before and waits out its back-off is a retry, not a first run.
      return { at: job.runAt, words: `${job.attempts > 0 ? 'Retries' : 'Runs'} ${formatRelativeTime(job.runAt, now)}` };
  }
}
