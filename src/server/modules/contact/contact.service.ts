import type { z } from 'zod';
import type { ContactMessage, contactMessageSchema } from '~/shared/schemas/contact';
import type { Database } from '../../db/client';
import type { RequestMeta } from '../../lib/viewer';
import type { AuthService } from '../auth/auth.service';
import * as repo from './contact.repo';

export function createContactService(deps: { db: Database; authService: AuthService }) {
  const { db, authService } = deps;
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

    async list(page: number, pageSize: number) {
      const { rows, total } = await repo.listContactMessages(db, page, pageSize);
      const items: ContactMessage[] = rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        mobile: r.mobile,
        topic: r.topic,
        message: r.message,
        createdAt: r.createdAt.toISOString(),
      }));
      return { items, total, page, pageSize };
    },

    /** How many messages there are, and how many arrived since `since`. */
    async count(since: Date): Promise<{ total: number; since: number }> {
      const { total, recent } = await repo.countContactMessages(db, since);
      return { total, since: recent };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
