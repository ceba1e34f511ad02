import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { contactMessageCreatedSchema, contactMessageSchema } from '~/shared/schemas/contact';
import type { ContactService } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod<{ contactService: ContactService }> = async (app, { contactService }) => {
  app.post('/', {
    config: { access: 'public' },
    schema: {
      tags: ['contact'],
      summary: 'Send a message to the shop (read by admins)',
      body: contactMessageSchema,
      response: { 201: contactMessageCreatedSchema, 400: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const viewer = await request.viewer();
      const created = await contactService.submit(request.body, request.meta(), viewer?.userId ?? null);
      return reply.status(201).send(created);
    },
  });
};
