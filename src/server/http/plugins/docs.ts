import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_COOKIE_PREFIX } from '~/shared/constants';
import type { Config } from '../../config/env';
import { documentFor, type Audience, type Document } from '../openapi/audiences';
import { describeOperations, errorResponseComponents, SESSION_SCHEME } from '../openapi/operations';
import { registerSchemaComponents } from '../openapi/schema-components';

type JsonSchema = Record<string, unknown>;

/**
 * OpenAPI generated from the routes' zod schemas (decision 57): the store's document at
 * /api/docs/json (Swagger UI at /api/docs), the seller centre's at /api/docs/vendor/json for signed-in
 * vendors, the back office's at /api/docs/admin/json for signed-in admins.
 */
export async function registerDocs(app: FastifyInstance, config: Config) {
  registerSchemaComponents();
  // @fastify/swagger lists query, path and header parameters one by one, and cannot from a `$ref`:
  // a shared schema there is given as its component's JSON (computed once, by the same library).
  let components: Record<string, JsonSchema> | undefined;
  const inline = (schema: unknown) => {
    const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
    if (typeof ref !== 'string') return schema;
    components ??= (
      jsonSchemaTransformObject({ openapiObject: { openapi: '3.1.0' } }) as { components: { schemas: Record<string, JsonSchema> } }
    ).components.schemas;
    return components[ref.slice('#/components/schemas/'.length)];
  };
  // better-auth names the cookie __Secure-… when cookies are Secure (https).
  const sessionCookie = `${config.secureCookies ? '__Secure-' : ''}${SESSION_COOKIE_PREFIX}.session_token`;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sahyadri Computers API',
        description:
          'Every operation states who may call it (`x-access`: public, signed-in, customer, vendor, admin) and, unless public, ' +
          `needs the session cookie \`${sessionCookie}\` that POST /api/auth/login and /api/auth/register set. ` +
          'Errors are `{ error: { code, message, fields? } }` (`ApiError`). ' +
          'The seller centre’s operations are described at /api/docs/vendor/json for signed-in vendors, the back office’s at ' +
          '/api/docs/admin/json for signed-in admins.',
        version: '1.0.0',
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description: 'The session of a signed-in account: HttpOnly, set by signing in or registering.',
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const schema = transformed.schema as FastifySchema | undefined;
      const out = {
        ...transformed,
        schema: schema && {
          ...schema,
          querystring: inline(schema.querystring),
          params: inline(schema.params),
          headers: inline(schema.headers),
        },
      } as typeof transformed;
      const access = input.route.config?.access;
      return access ? { ...out, schema: { ...out.schema, 'x-access': access } as typeof out.schema } : out;
    },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as unknown as Document;
      describeOperations(document.paths);
      document.components = { ...document.components, responses: errorResponseComponents() };
      return document as unknown as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });

  // Each audience's document is cut from the whole once, when first asked for (the routes are all known by then).
  const documents = new Map<Audience, Document>();
  const documentOf = (audience: Audience) => {
    let document = documents.get(audience);
    if (!document) documents.set(audience, (document = documentFor(app.swagger() as unknown as Document, audience)));
    return document;
  };

  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its default CSP upgrades requests to https, which breaks the docs on http://localhost, and lets the
    // shop frame the page, which no page of the shop allows (X-Frame-Options: DENY, decision 57).
    transformStaticCSP: (header) => {
      const unframed = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
      return config.secureCookies ? unframed : unframed.replace('upgrade-insecure-requests;', '');
    },
    // /api/docs/json and /yaml: the store's document, never the whole.
    transformSpecification: () => documentOf('store'),
    transformSpecificationClone: false,
    uiConfig: {
      urls: [
        { url: '/api/docs/json', name: 'Store API' },
        { url: '/api/docs/vendor/json', name: 'Seller Centre API (signed-in vendors)' },
        { url: '/api/docs/admin/json', name: 'Admin API (signed-in admins)' },
      ],
    },
  });
  for (const audience of ['vendor', 'admin'] as const) {
    app.get(`/api/docs/${audience}/json`, { config: { access: audience }, schema: { hide: true } }, async () => documentOf(audience));
  }
}
