import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  contactMessageParamsSchema,
  contactMessagesQuerySchema,
  contactMessagesResponseSchema,
  contactReplyInputSchema,
  contactThreadSchema,
} from '~/shared/schemas/contact';
import type { ContactService } from './contact.service';

/** Messages from the contact page, for the admins, under /api/admin: read, reply by e-mail, close and reopen. */
export const contactAdminRoutes: FastifyPluginAsyncZod<{ contactService: ContactService }> = async (app, { contactService }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  const changeErrors = { ...errors, 404: apiErrorSchema, 409: apiErrorSchema };

  app.get('/contact-messages', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Messages sent from the contact page, newest first; by status (new, replied, closed) and words',
      querystring: contactMessagesQuerySchema,
      response: { 200: contactMessagesResponseSchema, ...errors },
    },
    handler: (request) => contactService.list(request.query),
  });

  app.get('/contact-messages/:messageId', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'A contact message with the replies sent to it, oldest first',
      params: contactMessageParamsSchema,
      response: { 200: contactThreadSchema, ...errors, 404: apiErrorSchema },
    },
    handler: (request) => contactService.thread(request.params.messageId),
  });

  app.post('/contact-messages/:messageId/replies', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Reply to a contact message: sent by e-mail to the sender, and the message becomes 'replied'",
      params: contactMessageParamsSchema,
      body: contactReplyInputSchema,
      response: { 201: contactThreadSchema, ...errors, 404: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      return reply.status(201).send(await contactService.reply(request.params.messageId, request.body.body, viewer.userId));
    },
  });

  app.post('/contact-messages/:messageId/close', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Close a contact message (nothing more to do); 409 when it is closed already',
      params: contactMessageParamsSchema,
      response: { 200: contactThreadSchema, ...changeErrors },
    },
    handler: (request) => contactService.close(request.params.messageId),
  });

  app.post('/contact-messages/:messageId/reopen', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Reopen a closed contact message (as replied when it was answered, else as new); 409 when it is not closed',
      params: contactMessageParamsSchema,
      response: { 200: contactThreadSchema, ...changeErrors },
    },
    handler: (request) => contactService.reopen(request.params.messageId),
  });
};
