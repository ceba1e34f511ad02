import type { MailDetail, MailStatus, MailSummary, MailTemplate } from '~/shared/schemas/mail';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MailTransport } from './mailer';
import * as repo from './mail.repo';
import { renderMail, type MailTemplateData } from './templates';
import type { JobQueue } from '../jobs/job-queue';

/**
 * How many times the job sending an e-mail tries (decision 33): graphile-worker waits e^n seconds after
 * the n-th failure, so the tries spread over about three and a half hours of an SMTP server's trouble.
 */
export const MAX_MAIL_ATTEMPTS = 10;
/** A queued e-mail older than this without a job of its own is given one by the sweep. */
const SWEEP_AFTER_MS = 2 * 60_000;

export interface EnqueueMail<T extends MailTemplate> {
  to: string;
  toName?: string | null;
  template: T;
  data: MailTemplateData[T];
}

/** Whether an address is under the reserved top-level domain .invalid, where no mail is ever delivered. */
export const undeliverable = (address: string): boolean => /\.invalid$/i.test(address.trim());

export function createMailService(deps: { db: Database; transport: MailTransport | null; jobs: JobQueue }) {
  const { db, transport, jobs } = deps;
  const sendJob = (tx: Pick<Database, 'execute'>, messageId: string, mode: 'replace' | 'unsafe_dedupe' = 'replace') =>
    jobs.add(tx, 'mail.send', { messageId }, { jobKey: `mail:${messageId}`, jobKeyMode: mode, maxAttempts: MAX_MAIL_ATTEMPTS });

  function summary(r: Pick<repo.MailRow, 'id' | 'toAddress' | 'toName' | 'subject' | 'template' | 'status' | 'createdAt'>): MailSummary {
    return {
      id: r.id,
      to: r.toAddress,
      toName: r.toName,
      subject: r.subject,
      template: r.template,
      status: r.status as MailStatus,
      createdAt: r.createdAt.toISOString(),
    };
  }

  /**
   * Several e-mails of one change (an order's to its customer and to each of its sellers, a batch of
   * back-in-stock alerts), written as `enqueue` writes one: all of them in one statement and their
   * jobs in another, however many there are.
   */
  async function enqueueMany(tx: repo.MailExecutor, all: readonly EnqueueMail<MailTemplate>[]) {
    // An address under .invalid (RFC 2606) can never be delivered: an erased account's placeholder is
    // one, and an order's later e-mails (its refund, say) would only bounce. They are not written.
    const inputs = all.filter((input) => !undeliverable(input.to));
    if (inputs.length === 0) return [];
    const status = transport ? ('queued' as const) : ('kept' as const);
    const nextAttemptAt = new Date();
    const ids = await repo.insertMails(
      tx,
      inputs.map((input) => ({
        toAddress: input.to,
        toName: input.toName ?? null,
        template: input.template,
        data: input.data as unknown as Record<string, unknown>,
        ...renderMail(input.template, input.data),
        status,
        nextAttemptAt,
      })),
    );
    if (transport) {
      const options = (messageId: string) => ({ jobKey: `mail:${messageId}`, maxAttempts: MAX_MAIL_ATTEMPTS });
      await jobs.addMany(
        tx,
        'mail.send',
        ids.map((messageId) => ({ payload: { messageId }, options: options(messageId) })),
      );
    }
    return ids.map((id) => ({ id, status }));
  }

  function requireMailbox() {
    if (transport) throw new AppError('NOT_FOUND', 'The development mailbox is off: e-mails are sent over SMTP.');
  }

  return {
    /** True when no SMTP is configured: e-mails are kept in the database and shown at /dev/mailbox. */
    mailboxEnabled: transport === null,

    /**
     * Forgets the e-mails sent to an erased account's address (decision 26), in the caller's
     * transaction: they hold its name, addresses and orders. Returns how many went.
     */
    async eraseTo(tx: Pick<Database, 'delete'>, address: string): Promise<number> {
      return repo.deleteMailTo(tx, address);
    },

    /**
     * Renders a template and writes the e-mail inside the caller's transaction (an outbox), with the
     * job that sends it: both exist only if the change it tells about commits. Kept at once when
     * there is no SMTP (the development mailbox shows it).
     */
    async enqueue<T extends MailTemplate>(tx: repo.MailExecutor, input: EnqueueMail<T>) {
      const [row] = await enqueueMany(tx, [input]);
      return row ?? null;
    },

    enqueueMany,

    /**
     * The job `mail.send`: sends one queued e-mail through the transport and marks it sent. A failure
     * is recorded on the e-mail and thrown, so the job is retried with backoff; at the last try the
     * e-mail is marked failed (an admin may still retry its job). An e-mail sent or gone meanwhile is left.
     */
    async deliver(messageId: string, attempt: { number: number; of: number }): Promise<'sent' | 'not-queued'> {
      if (!transport) return 'not-queued';
      const row = await repo.findMail(db, messageId);
      if (!row || (row.status !== 'queued' && row.status !== 'failed')) return 'not-queued';
      try {
        await transport.send({ to: row.toAddress, toName: row.toName ?? undefined, subject: row.subject, text: row.text, html: row.html });
      } catch (error) {
        const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        const final = attempt.number >= attempt.of;
        await repo.updateMail(db, row.id, { attempts: row.attempts + 1, lastError, status: final ? 'failed' : 'queued' });
        throw error;
      }
      await repo.updateMail(db, row.id, { status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null });
      return 'sent';
    },

    /**
     * The recurring job `mail.sweep`: a queued e-mail that has waited more than two minutes and has no job
     * (written before the queue existed, or whose job an admin dismissed) is given one.
     */
    async sweep(now = new Date()): Promise<{ queued: number }> {
      if (!transport) return { queued: 0 };
      const ids = await repo.queuedBefore(db, new Date(now.getTime() - SWEEP_AFTER_MS), 500);
      await db.transaction(async (tx) => {
        for (const id of ids) await sendJob(tx, id, 'unsafe_dedupe');
      });
      return { queued: ids.length };
    },

    async mailboxList(page: number, pageSize: number) {
      requireMailbox();
      const { rows, total } = await repo.listMail(db, page, pageSize);
      return { items: rows.map(summary), total, page, pageSize };
    },

    async mailboxMessage(id: string): Promise<MailDetail> {
      requireMailbox();
      const row = await repo.findMail(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'There is no e-mail with this id.');
      return {
        ...summary(row),
        text: row.text,
        html: row.html,
        attempts: row.attempts,
        sentAt: row.sentAt?.toISOString() ?? null,
        lastError: row.lastError,
      };
    },

    close: () => transport?.close?.(),
  };
}

export type MailService = ReturnType<typeof createMailService>;
