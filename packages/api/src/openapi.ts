import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { renderDocsPage } from './docs-page.ts';

export const DOCS_PATH = '/api/docs';

/**
 * OpenAPI 3.1 generated from the routes' zod schemas: JSON at /api/docs/openapi.json, a readable page at
 * /api/docs. Register before the API's routes: the document is collected as routes are added.
 */
export async function registerApiDocs(app: FastifyInstance, options: { prefix: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'stackyard product API',
        version: '1',
        description:
          'Errors are RFC 9457 problem details (application/problem+json) with a `detail` to show and, on a 400, per-field `errors`.',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'user_jwt' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A personal access token (`sy_pat_…`, created under /tokens): the holder's roles, limited to the token's scope (read or read_write) and workspace.",
          },
        },
      },
      security: [{ sessionCookie: [] }, { bearer: [] }, { accessToken: [] }],
    },
    // Only the product API belongs in the document; health checks and the SPA's pages do not.
    transform: (input) =>
      input.url.startsWith(options.prefix)
        ? jsonSchemaTransform(input)
        : { schema: { ...input.schema, hide: true }, url: input.url },
  });

  app.get(`${DOCS_PATH}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  app.get(DOCS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderDocsPage(app.swagger())),
  );
}
