import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';

/** OpenAPI generated from the routes' zod schemas, with Swagger UI at /api/docs. */
export async function registerDocs(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sahyadri Computers API',
        description:
          'The shop API. Every route states who may call it (`x-access`). Errors are `{ error: { code, message, fields? } }`. ' +
          'Sessions are HttpOnly cookies set by /api/auth/login and /api/auth/register.',
        version: '1.0.0',
      },
      servers: [{ url: config.PUBLIC_URL }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      return access ? { ...out, schema: { ...out.schema, 'x-access': access } as typeof out.schema } : out;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its default CSP upgrades requests to https, which breaks the docs on http://localhost, and lets the
    // shop frame the page, which no page of the shop allows (X-Frame-Options: DENY, decision 57).
    transformStaticCSP: (header) => {
      const unframed = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
      return config.secureCookies ? unframed : unframed.replace('upgrade-insecure-requests;', '');
    },
  });
}
