import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  adminCouponResponseSchema,
  adminCouponsQuerySchema,
  adminCouponsResponseSchema,
  couponParamsSchema,
  couponRedemptionsQuerySchema,
  couponRedemptionsResponseSchema,
  couponVendorsResponseSchema,
  createCouponSchema,
  updateCouponSchema,
} from '~/shared/schemas/coupons';
import type { CouponsService } from './coupons.service';

/** Coupons for the admin, under /api/admin: list, create, edit, pause, resume, expire, redemptions. */
export const couponsAdminRoutes: FastifyPluginAsyncZod<{ couponsService: CouponsService }> = async (app, { couponsService }) => {
  const admin = couponsService.admin;
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  const one = { 200: adminCouponResponseSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema };

  app.get('/coupons', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Every coupon, newest first: by status (active, paused, scheduled, expired, used up) or words of its code',
      querystring: adminCouponsQuerySchema,
      response: { 200: adminCouponsResponseSchema, ...errors },
    },
    handler: async (request) => admin.list(request.query),
  });

  app.get('/coupons/vendors', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Approved sellers a coupon may be limited to',
      response: { 200: couponVendorsResponseSchema, ...errors },
    },
    handler: async () => admin.vendors(),
  });

  app.post('/coupons', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Create a coupon: percent (1–90, optional cap) or flat, minimum, window, limits, category or seller scope',
      body: createCouponSchema,
      response: { 201: adminCouponResponseSchema, ...errors, 409: apiErrorSchema },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return { coupon: await admin.create(request.body) };
    },
  });

  app.get('/coupons/:code', {
    config: { access: 'admin' },
    schema: { tags: ['admin'], summary: 'One coupon with its status and uses', params: couponParamsSchema, response: one },
    handler: async (request) => ({ coupon: await admin.get(request.params.code) }),
  });

  app.put('/coupons/:code', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Edit a coupon's rules for orders from now on (the code and the uses counted stay)",
      params: couponParamsSchema,
      body: updateCouponSchema,
      response: one,
    },
    handler: async (request) => ({ coupon: await admin.update(request.params.code, request.body) }),
  });

  for (const verb of ['pause', 'resume', 'expire'] as const) {
    const summary = {
      pause: 'Pause a coupon: checkout refuses it until it is resumed',
      resume: 'Resume a paused coupon',
      expire: 'End a coupon now (its end date becomes now)',
    }[verb];
    app.post(`/coupons/:code/${verb}`, {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary, params: couponParamsSchema, response: one },
      handler: async (request) => ({ coupon: await admin[verb](request.params.code) }),
    });
  }

  app.get('/coupons/:code/redemptions', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "A coupon's redemptions, newest first: order, customer, date and discount",
      params: couponParamsSchema,
      querystring: couponRedemptionsQuerySchema,
      response: { 200: couponRedemptionsResponseSchema, ...errors, 404: apiErrorSchema },
    },
    handler: async (request) => admin.redemptions(request.params.code, request.query.page, request.query.pageSize),
  });
};
