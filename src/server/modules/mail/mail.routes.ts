import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { idParamSchema, paginationQuerySchema } from '~/shared/schemas/common';
import { mailboxListSchema, mailboxStatusSchema, mailDetailSchema } from '~/shared/schemas/mail';
import type { MailService } from './mail.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The development mailbox: e-mails kept in the database when no SMTP is configured. Admins only. */
export const mailRoutes: FastifyPluginAsyncZod<{ mailService: MailService }> = async (app, { mailService }) => {
  app.get('/status', {
    config: { access: 'admin' },
    schema: {
      tags: ['mail'],
      summary: 'Whether the development mailbox is on (no SMTP configured)',
      response: { 200: mailboxStatusSchema, ...denied },
    },
    handler: () => ({ mailboxEnabled: mailService.mailboxEnabled }),
  });

  app.get('/', {
    config: { access: 'admin' },
    schema: {
      tags: ['mail'],
      summary: 'E-mails the shop wrote, newest first',
      querystring: paginationQuerySchema,
      response: { 200: mailboxListSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
    },
    handler: (request) => mailService.mailboxList(request.query.page, request.query.pageSize),
  });

  app.get('/:id', {
    config: { access: 'admin' },
    schema: {
      tags: ['mail'],
      summary: 'One e-mail with its text and HTML',
      params: idParamSchema,
      response: { 200: mailDetailSchema, 404: apiErrorSchema, ...denied },
    },
    handler: (request) => mailService.mailboxMessage(request.params.id),
  });
};
