import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  codRemittancesResponseSchema,
  uploadRemittanceResponseSchema,
  uploadRemittanceSchema,
  type UploadRemittance,
  type UploadRemittanceResponse,
} from '~/shared/schemas/cod-remittances';
import type { RemittancesService } from './remittances.admin.service';

/** Cash on delivery reconciled, under /api/admin (decision 81): the couriers' remittances and what each still owes. */
export const remittancesAdminRoutes: FastifyPluginAsyncZod<{
  remittances: Pick<RemittancesService, 'overview'>;
  upload: (adminId: string, input: UploadRemittance) => Promise<UploadRemittanceResponse>;
}> = async (app, { remittances, upload }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.get('/cod-remittances', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        "The couriers' latest cash-on-delivery remittances, and what each courier still owes: delivered cash-on-delivery parcels whose cash is not in, with their age",
      response: { 200: codRemittancesResponseSchema, ...errors },
    },
    handler: async () => remittances.overview(),
  });

  app.post('/cod-remittances', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        "Upload a courier's remittance file (CSV: AWB, amount, reference, date): each parcel's cash is received once, and each row's outcome is answered (unknown AWB, amount mismatch, already remitted); audited",
      body: uploadRemittanceSchema,
      response: { 200: uploadRemittanceResponseSchema, ...errors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return upload(viewer.userId, request.body);
    },
  });
};
