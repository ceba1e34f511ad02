import { indiaDay } from '../../../lib/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  accountStandingResponseSchema,
  adminUserDetailSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  reactivateAccountSchema,
  suspendAccountSchema,
} from '~/shared/schemas/auth';
import { idParamSchema } from '~/shared/schemas/common';
import type { AdminUsersService } from './users.admin.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The admin's management of accounts, under /api/admin. No route makes, promotes or demotes an admin. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ adminUsersService: AdminUsersService }> = async (app, { adminUsersService }) => {
  app.get('/users', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Accounts of every role, newest first (or sorted by name or e-mail), with vendor records; searched by name, e-mail, business or mobile, filtered by role and status',
      querystring: adminUsersQuerySchema,
      response: { 200: adminUsersResponseSchema, 400: apiErrorSchema, ...denied },
    },
    handler: (request) => adminUsersService.list(request.query),
  });

  app.get('/users/export.csv', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Every account the same filter finds (all pages), as CSV',
      querystring: adminUsersQuerySchema,
    },
    handler: async (request, reply) => {
      const csv = await adminUsersService.exportCsv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="users-${indiaDay(new Date())}.csv"`)
        .send(csv);
    },
  });

  app.get('/users/:id', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "An account's page: profile, addresses, orders, reviews, live sessions and the vendor's business",
      params: idParamSchema,
      response: { 200: adminUserDetailSchema, 404: apiErrorSchema, ...denied },
    },
    handler: (request) => adminUsersService.detail(request.params.id),
  });

  app.post('/users/:id/suspend', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Suspend an account with a reason: its sessions end at once, it cannot sign in, a vendor is suspended with it. Not yourself, not the last active admin',
      params: idParamSchema,
      body: suspendAccountSchema,
      response: { 200: accountStandingResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return adminUsersService.suspend(request.params.id, request.body.reason, viewer.userId);
    },
  });

  app.post('/users/:id/reactivate', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Reactivate a suspended account with a reason: it may sign in again, and a vendor suspended with it is approved again',
      params: idParamSchema,
      body: reactivateAccountSchema,
      response: { 200: accountStandingResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return adminUsersService.reactivate(request.params.id, request.body.reason, viewer.userId);
    },
  });
};
