import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { adminSettingsResponseSchema, publicSettingsSchema, updateSettingsSchema } from '~/shared/schemas/settings';
import type { SettingsService } from './settings.service';

/** What the storefront shows of the settings: delivery charges, the cash-on-delivery limit, the return window. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settingsService: SettingsService }> = async (app, { settingsService }) => {
  app.get('/', {
    config: { access: 'public' },
    schema: {
      tags: ['orders'],
      summary: 'Delivery charges and free-delivery threshold, cash on delivery limit, return window, payment timeout',
      response: { 200: publicSettingsSchema },
    },
    handler: async () => settingsService.publicView(),
  });
};

/** The admin's settings, under /api/admin: read them, and save them all at once (audited). */
export const settingsAdminRoutes: FastifyPluginAsyncZod<{ settingsService: SettingsService }> = async (app, { settingsService }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  app.get('/settings', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "The shop's settings: invoice details, delivery charges, cash on delivery limit, return window, payment timeout",
      response: { 200: adminSettingsResponseSchema, ...errors },
    },
    handler: async () => settingsService.forAdmin(),
  });

  app.put('/settings', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Save every setting with the version they were read at (409 when someone saved since); applies from the next request',
      body: updateSettingsSchema,
      response: { 200: adminSettingsResponseSchema, ...errors, 409: apiErrorSchema },
    },
    handler: async (request) => settingsService.update(request.body),
  });
};
