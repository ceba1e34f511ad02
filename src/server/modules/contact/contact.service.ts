import type { z } from 'zod';
import type {
  ContactMessage,
  contactMessageSchema,
  ContactMessagesQuery,
  ContactMessagesResponse,
  ContactStatus,
  ContactThread,
} from '~/shared/schemas/contact';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { dayOf } from '../../lib/dates';
import type { RequestMeta } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { MailService } from '../mail/mail.service';
import * as repo from './contact.repo';

const MESSAGE_NOT_FOUND = 'This message was not found.';

function toMessage(r: repo.ContactMessageRow): ContactMessage {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    mobile: r.mobile,
    topic: r.topic,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    status: r.status as ContactStatus,
    replyCount: r.replyCount,
    lastReplyAt: r.lastReplyAt?.toISOString() ?? null,
  };
}

/** The first words of a message, to name it in the audit log. */
const gist = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/**
 * Messages from the contact page: stored for the admins, who answer them by e-mail (the reply, the
 * e-mail and the status 'replied' in one transaction) and close or reopen them; every change audited.
 */
export function createContactService(deps: {
  db: Database;
  authService: AuthService;
  mailService: Pick<MailService, 'enqueue'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, authService, mailService, audit } = deps;

  async function thread(messageId: string): Promise<ContactThread> {
    const row = await repo.findContactMessage(db, messageId);
    if (!row) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND);
    const replies = await repo.repliesOf(db, messageId);
    return {
      message: toMessage(row),
      replies: replies.map((r) => ({
        id: r.id,
        body: r.body,
        createdAt: new Date(r.created_at).toISOString(),
        byName: r.by_name,
        byEmail: r.by_email,
      })),
    };
  }

  /** Moves a message to `to` when it is in one of `from`; CONFLICT (with `already`) otherwise. Audited. */
  async function move(messageId: string, from: ContactStatus[], to: (row: { replies: number }) => ContactStatus, already: string) {
    await db.transaction(async (tx) => {
      const locked = await repo.lockContactMessage(tx, messageId);
      if (!locked) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND);
      const current = locked.status as ContactStatus;
      if (!from.includes(current)) throw new AppError('CONFLICT', already);
      const replies = (await repo.repliesOf(tx, messageId)).length;
      const status = to({ replies });
      await repo.setStatus(tx, messageId, status);
      await audit.record(tx, {
        action: status === 'closed' ? 'contact.close' : 'contact.reopen',
        entityType: 'contact_message',
        entityId: messageId,
        summary: `${status === 'closed' ? 'Closed' : 'Reopened'} the message from ${locked.name} (${locked.email}) about ${locked.topic.toLowerCase()}: “${gist(locked.message)}”`,
        before: { status: current },
        after: { status },
      });
    });
    return thread(messageId);
  }

  return {
    /** Stores a message from the contact page for the admins to read. */
    async submit(input: z.output<typeof contactMessageSchema>, meta: RequestMeta, userId: string | null) {
      await authService.throttlePublicForm(meta);
      const row = await repo.insertContactMessage(db, {
        name: input.name,
        email: input.email,
        mobile: input.mobile ?? null,
        topic: input.topic,
        message: input.message,
        userId,
        ipAddress: meta.ip,
      });
      return { id: row.id, receivedAt: row.createdAt.toISOString() };
    },

    /** Admin: messages newest first, by status and words. */
    async list(query: Pick<ContactMessagesQuery, 'page' | 'pageSize'> & Partial<ContactMessagesQuery>): Promise<ContactMessagesResponse> {
      const { rows, total } = await repo.listContactMessages(db, query);
      return { items: rows.map(toMessage), total, page: query.page, pageSize: query.pageSize };
    },

    /** Admin: a message with its replies, oldest first. */
    thread,

    /**
     * Admin: answers a message by e-mail to its sender. The reply, the e-mail (outbox) and the status
     * 'replied' are written in one transaction with the audit entry. A closed message can be answered
     * too: it is open again, as replied.
     */
    async reply(messageId: string, body: string, adminId: string): Promise<ContactThread> {
      await db.transaction(async (tx) => {
        const locked = await repo.lockContactMessage(tx, messageId);
        if (!locked) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND);
        const reply = await repo.insertReply(tx, { messageId, adminId, body });
        await repo.setStatus(tx, messageId, 'replied');
        await mailService.enqueue(tx, {
          to: locked.email,
          toName: locked.name,
          template: 'contact_reply',
          data: { name: locked.name, topic: locked.topic, message: locked.message, receivedOn: dayOf(locked.createdAt), reply: body },
        });
        await audit.record(tx, {
          action: 'contact.reply',
          entityType: 'contact_message',
          entityId: messageId,
          summary: `Replied by e-mail to ${locked.name} (${locked.email}) about ${locked.topic.toLowerCase()}: “${gist(locked.message)}”`,
          before: { status: locked.status },
          after: { status: 'replied', replyId: reply.id, reply: body },
        });
      });
      return thread(messageId);
    },

    /** Admin: nothing more to do about the message. CONFLICT when it is closed already. */
    close: (messageId: string) => move(messageId, ['new', 'replied'], () => 'closed', 'This message is already closed.'),

    /** Admin: opens a closed message again (as replied when the shop has answered it, else as new). */
    reopen: (messageId: string) =>
      move(messageId, ['closed'], ({ replies }) => (replies > 0 ? 'replied' : 'new'), 'This message is not closed.'),

    /** How many messages there are, and how many arrived since `since`. */
    async count(since: Date): Promise<{ total: number; since: number }> {
      const { total, recent } = await repo.countContactMessages(db, since);
      return { total, since: recent };
    },

    /** How many messages nobody has answered or closed yet (status 'new'). */
    async countUnanswered(): Promise<number> {
      return repo.countByStatus(db, 'new');
    },

    /**
     * Erases what a deleted account sent through the contact page (decision 26), in the caller's
     * transaction: no law asks the shop to keep it. Returns how many messages went.
     */
    async eraseOf(tx: Executor, person: { userId: string; email: string }): Promise<number> {
      return repo.deleteMessagesOf(tx, person);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
