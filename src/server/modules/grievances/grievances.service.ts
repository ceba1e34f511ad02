import type { z } from 'zod';
import { grievanceDueDates, ticketNumberOf, ticketYearOf } from '~/shared/grievance-deadlines';
import {
  GRIEVANCE_CATEGORY_LABELS,
  type contactGrievanceSchema,
  type Grievance,
  type GrievanceCategory,
  type GrievanceFiled,
  type GrievanceOverdueCounts,
  type GrievancesQuery,
  type GrievancesResponse,
  type GrievanceStatus,
  type GrievanceThread,
  type MyGrievancesQuery,
  type orderGrievanceSchema,
} from '~/shared/schemas/grievances';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { dayOf } from '../../lib/dates';
import type { RequestMeta, Viewer } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { MailService } from '../mail/mail.service';
import type { MailTemplateData } from '../mail/templates';
import type { OrdersService } from '../orders/orders.service';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './grievances.repo';

const NOT_FOUND = 'This complaint was not found.';

/** A moment as a person in India reads it in an e-mail: 9 Dec 2026, 10:00 am IST. */
const momentOf = (d: Date) =>
  `${new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(d)} IST`;

function toGrievance(r: repo.GrievanceRow, now: Date): Grievance {
  const status = r.status as GrievanceStatus;
  const open = status === 'received' || status === 'acknowledged';
  return {
    id: r.id,
    ticketNumber: r.ticketNumber,
    status,
    category: r.category as GrievanceCategory,
    source: r.source as 'order' | 'contact',
    name: r.name,
    email: r.email,
    mobile: r.mobile,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    orderItemId: r.orderItemId,
    itemName: r.itemName,
    description: r.description,
    receivedAt: r.receivedAt.toISOString(),
    acknowledgeBy: r.acknowledgeBy.toISOString(),
    resolveBy: r.resolveBy.toISOString(),
    acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
    resolution: r.resolution,
    acknowledgementOverdue: status === 'received' && r.acknowledgeBy < now,
    resolutionOverdue: open && r.resolveBy < now,
    messageCount: r.messageCount,
  };
}

type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockGrievance>>>;

/**
 * The grievance officer's desk (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)–(5); decision
 * 74): complaints filed from an order or the contact page, numbered GRV-<year>-<n> and given their due
 * dates at receipt (48 hours to acknowledge, a calendar month to resolve), each e-mailed to the
 * complainant; the officer (an admin) acknowledges, replies and resolves, every change audited and
 * e-mailed in the same transaction; a customer follows and answers their own complaints only.
 */
export function createGrievancesService(deps: {
  db: Database;
  authService: Pick<AuthService, 'throttlePublicForm'>;
  /** Reads only: the customer's own order and its lines (NOT_FOUND for another's). */
  orders: Pick<OrdersService, 'get'>;
  settings: Pick<SettingsService, 'grievanceOfficer'>;
  mailService: Pick<MailService, 'enqueue'>;
  audit: Pick<AuditService, 'record'>;
  publicUrl: string;
  /** The clock of the overdue flags (tests move it). */
  now?: () => Date;
}) {
  const { db, mailService, audit } = deps;
  const now = deps.now ?? (() => new Date());

  const trackUrl = (row: { id: string; userId: string | null }) =>
    row.userId ? `${deps.publicUrl}/account/complaints/${encodeURIComponent(row.id)}` : undefined;

  async function mailBase(row: Locked | repo.GrievanceRow) {
    const officer = await deps.settings.grievanceOfficer();
    const category = GRIEVANCE_CATEGORY_LABELS[row.category as GrievanceCategory];
    return {
      name: row.name,
      ticketNumber: row.ticketNumber,
      about: row.orderNumber ? `${category}, order ${row.orderNumber}` : category,
      officer: `${officer.name}, ${officer.designation}`,
      trackUrl: trackUrl(row),
    };
  }

  async function send<T extends 'grievance_acknowledged' | 'grievance_reply' | 'grievance_resolved'>(
    tx: Executor,
    row: Locked,
    template: T,
    data: Omit<MailTemplateData[T], keyof Awaited<ReturnType<typeof mailBase>>>,
  ) {
    await mailService.enqueue(tx, {
      to: row.email,
      toName: row.name,
      template,
      data: { ...(await mailBase(row)), ...data } as MailTemplateData[T],
    });
  }

  /** Files a complaint: its number, its due dates, its e-mail, in one transaction. */
  async function file(values: {
    userId: string | null;
    name: string;
    email: string;
    mobile: string | null;
    source: 'order' | 'contact';
    orderId: string | null;
    orderNumber: string | null;
    orderItemId: string | null;
    itemName: string | null;
    category: GrievanceCategory;
    description: string;
    ipAddress: string | null;
  }): Promise<GrievanceFiled> {
    const receivedAt = now();
    const { acknowledgeBy, resolveBy } = grievanceDueDates(receivedAt);
    const year = ticketYearOf(receivedAt);
    const row = await db.transaction(async (tx) => {
      const n = await repo.nextTicketNumber(tx, year);
      const inserted = await repo.insertGrievance(tx, {
        ...values,
        ticketNumber: ticketNumberOf(year, n),
        status: 'received',
        receivedAt,
        acknowledgeBy,
        resolveBy,
      });
      await mailService.enqueue(tx, {
        to: inserted.email,
        toName: inserted.name,
        template: 'grievance_received',
        data: {
          ...(await mailBase({ ...inserted, messageCount: 0 })),
          receivedOn: momentOf(receivedAt),
          acknowledgeBy: momentOf(acknowledgeBy),
          resolveBy: momentOf(resolveBy),
          description: inserted.description,
        },
      });
      return inserted;
    });
    return {
      id: row.id,
      ticketNumber: row.ticketNumber,
      receivedAt: row.receivedAt.toISOString(),
      acknowledgeBy: row.acknowledgeBy.toISOString(),
      resolveBy: row.resolveBy.toISOString(),
    };
  }

  async function thread(grievanceId: string, userId?: string): Promise<GrievanceThread> {
    const row = await repo.findGrievance(db, grievanceId, userId);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    const messages = await repo.messagesOf(db, grievanceId);
    return {
      grievance: toGrievance(row, now()),
      messages: messages.map((m) => ({
        id: m.id,
        author: m.author,
        // The customer sees "the grievance officer", not which admin wrote.
        byName: userId ? null : m.by_name,
        body: m.body,
        createdAt: new Date(m.created_at).toISOString(),
      })),
    };
  }

  async function list(filter: repo.GrievanceFilter, page: number, pageSize: number): Promise<GrievancesResponse> {
    const at = now();
    const { rows, total } = await repo.listGrievances(db, filter, page, pageSize, at);
    return { items: rows.map((r) => toGrievance(r, at)), total, page, pageSize };
  }

  /** Locks an officer's complaint and checks its status is one of `from`; CONFLICT with `refusal` otherwise. */
  async function lockIn(tx: Executor, grievanceId: string, from: GrievanceStatus[], refusal: string) {
    const locked = await repo.lockGrievance(tx, grievanceId);
    if (!locked) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (!from.includes(locked.status as GrievanceStatus)) throw new AppError('CONFLICT', refusal);
    return locked;
  }

  return {
    /** A signed-in customer's complaint about one of their orders, and optionally one of its lines. */
    async fileFromOrder(viewer: Viewer, input: z.output<typeof orderGrievanceSchema>, meta: RequestMeta): Promise<GrievanceFiled> {
      const order = await deps.orders.get(input.orderId, viewer.userId);
      const item = input.orderItemId ? order.items.find((i) => i.id === input.orderItemId) : undefined;
      if (input.orderItemId && !item) {
        throw new AppError('VALIDATION', 'Choose an item of this order.', { fields: { orderItemId: 'Choose an item of this order' } });
      }
      return file({
        userId: viewer.userId,
        name: viewer.name,
        email: viewer.email,
        mobile: order.address.mobile || null,
        source: 'order',
        orderId: order.id,
        orderNumber: order.orderNumber,
        orderItemId: item?.id ?? null,
        itemName: item?.name ?? null,
        category: input.category,
        description: input.description,
        ipAddress: meta.ip,
      });
    },

    /** A complaint from the contact page: a visitor gives a mobile as well as a name and e-mail. */
    async fileFromContact(
      input: z.output<typeof contactGrievanceSchema>,
      meta: RequestMeta,
      viewer: Viewer | null,
    ): Promise<GrievanceFiled> {
      if (!viewer && !input.mobile) {
        throw new AppError('VALIDATION', 'Give a mobile number so the grievance officer can reach you.', {
          fields: { mobile: 'Enter your mobile number' },
        });
      }
      await deps.authService.throttlePublicForm(meta);
      return file({
        userId: viewer?.role === 'customer' ? viewer.userId : null,
        name: input.name,
        email: input.email,
        mobile: input.mobile ?? null,
        source: 'contact',
        orderId: null,
        orderNumber: input.orderNumber ?? null,
        orderItemId: null,
        itemName: null,
        category: input.category,
        description: input.description,
        ipAddress: meta.ip,
      });
    },

    /** The customer's complaints, newest first (of one order with `orderId`). */
    mine: (userId: string, query: MyGrievancesQuery) => list({ userId, orderId: query.orderId }, query.page, query.pageSize),

    /** One of the customer's complaints with its thread; NOT_FOUND for another's. */
    myThread: (userId: string, grievanceId: string) => thread(grievanceId, userId),

    /** The customer answers in the thread while the complaint is open (received or acknowledged). */
    async customerReply(userId: string, grievanceId: string, body: string): Promise<GrievanceThread> {
      await db.transaction(async (tx) => {
        const locked = await repo.lockGrievance(tx, grievanceId, userId);
        if (!locked) throw new AppError('NOT_FOUND', NOT_FOUND);
        if (locked.status === 'resolved' || locked.status === 'closed') {
          throw new AppError('CONFLICT', 'This complaint is resolved. To take it further, file a new complaint quoting its ticket number.');
        }
        await repo.insertMessage(tx, { grievanceId, author: 'customer', authorUserId: userId, body });
      });
      return thread(grievanceId, userId);
    },

    /** Admin: complaints newest first, by status, overdue deadline and words. */
    list: (query: Pick<GrievancesQuery, 'page' | 'pageSize'> & Partial<GrievancesQuery>) =>
      list({ status: query.status, overdue: query.overdue, q: query.q }, query.page, query.pageSize),

    /** Admin: a complaint with its whole thread. */
    thread: (grievanceId: string) => thread(grievanceId),

    /** Admin: how many open complaints are past a deadline now. */
    overdueCounts: (): Promise<GrievanceOverdueCounts> => repo.overdueCounts(db, now()),

    /** The officer takes the complaint up; the customer is e-mailed (with the officer's optional word). */
    async acknowledge(grievanceId: string, adminId: string, message: string | undefined): Promise<GrievanceThread> {
      await db.transaction(async (tx) => {
        const locked = await lockIn(tx, grievanceId, ['received'], 'This complaint is acknowledged already.');
        const at = now();
        await repo.updateGrievance(tx, grievanceId, { status: 'acknowledged', acknowledgedAt: at });
        if (message) await repo.insertMessage(tx, { grievanceId, author: 'officer', authorUserId: adminId, body: message });
        await send(tx, locked, 'grievance_acknowledged', { resolveBy: momentOf(locked.resolveBy), message });
        await audit.record(tx, {
          action: 'grievance.acknowledge',
          entityType: 'grievance',
          entityId: grievanceId,
          summary: `Acknowledged complaint ${locked.ticketNumber} from ${locked.name} (${locked.email})${locked.acknowledgeBy < at ? ', after its due time' : ''}`,
          before: { status: locked.status },
          after: { status: 'acknowledged', ...(message ? { body: message } : {}) },
        });
      });
      return thread(grievanceId);
    },

    /** The officer writes in the thread (e-mailed); a complaint not yet acknowledged is acknowledged by it. */
    async reply(grievanceId: string, adminId: string, body: string): Promise<GrievanceThread> {
      await db.transaction(async (tx) => {
        const locked = await lockIn(
          tx,
          grievanceId,
          ['received', 'acknowledged'],
          'This complaint is resolved: reopening it is not possible, the customer may file a new one.',
        );
        const message = await repo.insertMessage(tx, { grievanceId, author: 'officer', authorUserId: adminId, body });
        if (locked.status === 'received') await repo.updateGrievance(tx, grievanceId, { status: 'acknowledged', acknowledgedAt: now() });
        await send(tx, locked, 'grievance_reply', { reply: body });
        await audit.record(tx, {
          action: 'grievance.reply',
          entityType: 'grievance',
          entityId: grievanceId,
          summary: `Replied by e-mail to ${locked.name} (${locked.email}) on complaint ${locked.ticketNumber}`,
          before: { status: locked.status },
          after: { status: 'acknowledged', messageId: message.id, body },
        });
      });
      return thread(grievanceId);
    },

    /** The officer resolves the complaint with how it was redressed; the customer is e-mailed. */
    async resolve(grievanceId: string, adminId: string, resolution: string): Promise<GrievanceThread> {
      await db.transaction(async (tx) => {
        const locked = await lockIn(tx, grievanceId, ['received', 'acknowledged'], 'This complaint is resolved already.');
        const at = now();
        await repo.updateGrievance(tx, grievanceId, {
          status: 'resolved',
          resolvedAt: at,
          resolution,
          ...(locked.acknowledgedAt ? {} : { acknowledgedAt: at }),
        });
        await repo.insertMessage(tx, { grievanceId, author: 'officer', authorUserId: adminId, body: resolution });
        await send(tx, locked, 'grievance_resolved', { resolution, resolvedOn: dayOf(at) });
        await audit.record(tx, {
          action: 'grievance.resolve',
          entityType: 'grievance',
          entityId: grievanceId,
          summary: `Resolved complaint ${locked.ticketNumber} from ${locked.name} (${locked.email})${locked.resolveBy < at ? ', after its due date' : ''}`,
          before: { status: locked.status },
          after: { status: 'resolved', resolution },
        });
      });
      return thread(grievanceId);
    },

    /** The officer closes a resolved complaint (nothing more to do). */
    async close(grievanceId: string): Promise<GrievanceThread> {
      await db.transaction(async (tx) => {
        const locked = await lockIn(tx, grievanceId, ['resolved'], 'Only a resolved complaint can be closed.');
        await repo.updateGrievance(tx, grievanceId, { status: 'closed', closedAt: now() });
        await audit.record(tx, {
          action: 'grievance.close',
          entityType: 'grievance',
          entityId: grievanceId,
          summary: `Closed complaint ${locked.ticketNumber} from ${locked.name} (${locked.email})`,
          before: { status: locked.status },
          after: { status: 'closed' },
        });
      });
      return thread(grievanceId);
    },
  };
}

export type GrievancesService = ReturnType<typeof createGrievancesService>;
