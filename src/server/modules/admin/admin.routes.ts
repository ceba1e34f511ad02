import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VENDOR_STATUSES } from '~/shared/constants';
import { apiErrorSchema } from '~/shared/errors';
import { adminUsersQuerySchema, adminUsersResponseSchema } from '~/shared/schemas/auth';
import { contactMessagesResponseSchema } from '~/shared/schemas/contact';
import { adminOverviewSchema } from '~/shared/schemas/dashboard';
import { vendorDecisionSchema } from '~/shared/schemas/vendor';
import { idParamSchema, paginationQuerySchema } from '~/shared/schemas/common';
import type { ContactService } from '../contact/contact.service';
import type { AdminService } from './admin.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

export const adminRoutes: FastifyPluginAsyncZod<{ adminService: AdminService; contactService: ContactService }> = async (
  app,
  { adminService, contactService },
) => {
  app.get('/overview', {
    config: { access: 'admin' },
    schema: { tags: ['admin'], summary: 'Counts for the admin dashboard', response: { 200: adminOverviewSchema, ...denied } },
    handler: () => adminService.overview(),
  });

  app.get('/users', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Accounts of every role, newest first, with vendor records',
      querystring: adminUsersQuerySchema,
      response: { 200: adminUsersResponseSchema, 400: apiErrorSchema, ...denied },
    },
    handler: (request) => adminService.listUsers(request.query),
  });

  app.post('/vendors/:id/decision', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Approve or reject a pending vendor',
      params: idParamSchema,
      body: vendorDecisionSchema,
      response: {
        200: z.object({ id: z.string(), status: z.enum(VENDOR_STATUSES) }),
        400: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
        ...denied,
      },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return adminService.decideVendor(request.params.id, request.body.decision, viewer.userId);
    },
  });

  app.get('/contact-messages', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Messages sent from the contact page, newest first',
      querystring: paginationQuerySchema,
      response: { 200: contactMessagesResponseSchema, 400: apiErrorSchema, ...denied },
    },
    handler: (request) => contactService.list(request.query.page, request.query.pageSize),
  });
};
