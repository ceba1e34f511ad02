import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { adminJobSchema, adminJobsQuerySchema, adminJobsResponseSchema, jobIdParamsSchema } from '~/shared/schemas/jobs';
import type { JobsService } from './jobs.service';

/** The background jobs, under /api/admin: what failed, with Retry and Dismiss. */
export const jobsAdminRoutes: FastifyPluginAsyncZod<{ jobsService: JobsService }> = async (app, { jobsService }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.get('/jobs', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Background jobs by state (failed by default, newest first), with the count of each state',
      querystring: adminJobsQuerySchema,
      response: { 200: adminJobsResponseSchema, ...errors },
    },
    handler: async (request) => jobsService.list(request.query),
  });

  app.post('/jobs/:jobId/retry', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Run a failed or scheduled job again now, its tries counted afresh; 409 while a worker runs it',
      params: jobIdParamsSchema,
      response: { 200: z.object({ job: adminJobSchema }), ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request) => ({ job: await jobsService.retry(request.params.jobId) }),
  });

  app.delete('/jobs/:jobId', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Dismiss a failed job: it is removed and will not run; 409 for a job that is not failed',
      params: jobIdParamsSchema,
      response: { 204: z.null(), ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request, reply) => {
      await jobsService.dismiss(request.params.jobId);
      return reply.status(204).send(null);
    },
  });
};
