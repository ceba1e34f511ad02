import { indiaDay } from '../../lib/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  accountResponseSchema,
  accountSessionsResponseSchema,
  changePasswordSchema,
  requestDeletionSchema,
  sessionIdParamsSchema,
  sessionsEndedResponseSchema,
  updateAccountSchema,
} from '~/shared/schemas/account';
import type { AccountService } from './account.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const refused = { 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...denied };

/**
 * The signed-in person's own account, for every role (decision 26): details, password, sessions,
 * the data export and the deletion request. Each route acts on the viewer's own account only.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ accountService: AccountService }> = async (app, { accountService }) => {
  app.get('/', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['account'],
      summary: 'The account: name, e-mail, mobile, and the scheduled deletion if any',
      response: { 200: accountResponseSchema, ...denied },
    },
    handler: async (request) => accountService.read((await request.requireViewer()).userId),
  });

  app.patch('/', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['account'],
      summary: 'Change the name and the mobile (+91; empty removes it)',
      body: updateAccountSchema,
      response: { 200: accountResponseSchema, ...refused },
    },
    handler: async (request) => accountService.update(await request.requireViewer(), request.body),
  });

  app.post('/password', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['account'],
      summary: 'Change the password: every other session ends, this browser gets a new one',
      description: 'A wrong current password is a field error (400); 10 attempts per 15 minutes.',
      body: changePasswordSchema,
      response: { 204: z.null(), ...refused },
    },
    handler: async (request, reply) => {
      const cookies = await accountService.changePassword(await request.requireViewer(), request.body, request.meta());
      reply.header('set-cookie', cookies);
      return reply.status(204).send(null);
    },
  });

  app.get('/sessions', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['account'],
      summary: 'The account’s live sessions: device, approximate place, signed in, last seen; this one marked',
      response: { 200: accountSessionsResponseSchema, ...denied },
    },
    handler: async (request) => ({ sessions: await accountService.sessions(await request.requireViewer()) }),
  });

  app.delete('/sessions/:id', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['account'],
      summary: 'Sign out one of the account’s sessions (404 for a session that is not the account’s)',
      params: sessionIdParamsSchema,
      response: { 204: z.null(), 404: apiErrorSchema, ...denied },
    },
    handler: async (request, reply) => {
      await accountService.endSession(await request.requireViewer(), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/sessions/sign-out-others', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['account'],
      summary: 'Sign out every session of the account but this one',
      response: { 200: sessionsEndedResponseSchema, ...denied },
    },
    handler: async (request) => ({ ended: await accountService.endOtherSessions(await request.requireViewer()) }),
  });

  app.get('/export', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['account'],
      summary: 'Download my data: profile, addresses, orders with lines, reviews, wishlist and sessions, as a JSON file',
      response: { 200: z.string(), ...denied },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      const now = new Date();
      const data = await accountService.exportData(viewer, now);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-data-${indiaDay(now)}.json"`)
        .serializer((payload) => payload as string)
        .send(JSON.stringify(data, null, 2));
    },
  });

  app.post('/deletion', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['account'],
      summary: 'Delete my account: erased after a 7-day cooling-off that a sign-in cancels',
      description:
        'Password required (10 attempts per 15 minutes). Ends every other session and e-mails the owner. 409 for a vendor with open orders or money not paid out, and for the last admin.',
      body: requestDeletionSchema,
      response: { 200: accountResponseSchema, ...refused },
    },
    handler: async (request) => accountService.requestDeletion(await request.requireViewer(), request.body.password, request.meta()),
  });

  app.delete('/deletion', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['account'],
      summary: 'Cancel the scheduled deletion of the account',
      response: { 200: accountResponseSchema, 409: apiErrorSchema, ...denied },
    },
    handler: async (request) => accountService.cancelDeletion(await request.requireViewer()),
  });
};
