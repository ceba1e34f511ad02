import type { MailDetail, MailStatus, MailSummary, MailTemplate } from '~/shared/schemas/mail';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MailTransport } from './mailer';
import * as repo from './mail.repo';
import { renderMail, type MailTemplateData } from './templates';
import { startIntervalWorker } from '../../lib/interval-worker';

export const MAX_MAIL_ATTEMPTS = 5;
/** How long a claimed message is left to its worker before another may try it. */
const LEASE_MS = 5 * 60_000;
/** 1, 2, 4, 8 minutes between attempts. */
const backoffMs = (attempts: number) => 60_000 * 2 ** (attempts - 1);

export interface EnqueueMail<T extends MailTemplate> {
  to: string;
  toName?: string | null;
  template: T;
  data: MailTemplateData[T];
}

export function createMailService(deps: { db: Database; transport: MailTransport | null }) {
  const { db, transport } = deps;

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

  function requireMailbox() {
    if (transport) throw new AppError('NOT_FOUND', 'The development mailbox is off: e-mails are sent over SMTP.');
  }

  return {
    /** True when no SMTP is configured: e-mails are kept in the database and shown at /dev/mailbox. */
    mailboxEnabled: transport === null,

    /**
     * Renders a template and writes the e-mail inside the caller's transaction (an outbox):
     * it exists only if the change it tells about commits. Kept at once when there is no SMTP.
     */
    /**
     * Forgets the e-mails sent to an erased account's address (decision 26), in the caller's
     * transaction: they hold its name, addresses and orders. Returns how many went.
     */
    async eraseTo(tx: Pick<Database, 'delete'>, address: string): Promise<number> {
      return repo.deleteMailTo(tx, address);
    },

    async enqueue<T extends MailTemplate>(tx: repo.MailExecutor, input: EnqueueMail<T>) {
      const rendered = renderMail(input.template, input.data);
      return repo.insertMail(tx, {
        toAddress: input.to,
        toName: input.toName ?? null,
        template: input.template,
        data: input.data as unknown as Record<string, unknown>,
        ...rendered,
        status: transport ? 'queued' : 'kept',
        // Due from this process's clock, the one deliverPending compares with (the database's now()
        // has microseconds and could fall just after a Date.now() taken in the same millisecond).
        nextAttemptAt: new Date(),
      });
    },

    /**
     * Sends due queued e-mails through the transport. A failure is retried with backoff;
     * after the 5th failed attempt the e-mail is marked failed.
     */
    async deliverPending(options: { limit?: number; now?: Date } = {}) {
      const outcome = { sent: 0, retried: 0, failed: 0 };
      if (!transport) return outcome;
      const now = options.now ?? new Date();
      const claimed = await repo.claimDueMail(db, options.limit ?? 20, now, new Date(now.getTime() + LEASE_MS));
      for (const row of claimed) {
        try {
          await transport.send({
            to: row.toAddress,
            toName: row.toName ?? undefined,
            subject: row.subject,
            text: row.text,
            html: row.html,
          });
          await repo.updateMail(db, row.id, { status: 'sent', sentAt: new Date(), lastError: null });
          outcome.sent += 1;
        } catch (error) {
          const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
          if (row.attempts >= MAX_MAIL_ATTEMPTS) {
            await repo.updateMail(db, row.id, { status: 'failed', lastError });
            outcome.failed += 1;
          } else {
            await repo.updateMail(db, row.id, { lastError, nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)) });
            outcome.retried += 1;
          }
        }
      }
      return outcome;
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

/**
 * Delivers queued e-mails every `intervalMs` (one batch at a time, never overlapping).
 * Returns a function that stops it.
 */
export function startMailWorker(mailService: MailService, intervalMs: number, onError: (error: unknown) => void = () => undefined) {
  return startIntervalWorker(() => mailService.deliverPending(), intervalMs, onError);
}
