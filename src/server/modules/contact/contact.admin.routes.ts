import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { paginationQuerySchema } from '~/shared/schemas/common';
import { contactMessagesResponseSchema } from '~/shared/schemas/contact';
import type { ContactService } from './contact.service';

/** Messages from the contact page, for the admins, under /api/admin. */
export const contactAdminRoutes: FastifyPluginAsyncZod<{ contactService: ContactService }> = async (app, { contactService }) => {
  app.get('/contact-messages', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Messages sent from the contact page, newest first',
      querystring: paginationQuerySchema,
      response: { 200: contactMessagesResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: (request) => contactService.list(request.query.page, request.query.pageSize),
  });
};
