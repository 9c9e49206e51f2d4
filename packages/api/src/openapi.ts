import type { FastifyInstance, RouteOptions } from 'fastify';
import { renderDocsPage } from './docs-page.ts';

export const DOCS_PATH = '/api/docs';

type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema'>;

/**
 * OpenAPI 3.1 generated from the routes' zod schemas: JSON at /api/docs/openapi.json, a readable page at
 * /api/docs. Register before the API's routes: the document is collected as routes are added. The routes are
 * only noted here; @fastify/swagger (and the YAML library it loads) comes with the first request for the
 * document, which it builds from them once, so that the server does not load them when it starts.
 */
export async function registerApiDocs(app: FastifyInstance, options: { prefix: string }): Promise<void> {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', ({ method, url, schema }) => {
    routes.push({ method, url, schema });
  });
  let document: Promise<Record<string, unknown>> | null = null;
  // A build that failed is not kept: the next request tries again rather than failing for good.
  const openapi = () =>
    (document ??= buildDocument(routes, options.prefix).catch((error: unknown) => {
      document = null;
      throw error;
    }));
  app.get(`${DOCS_PATH}/openapi.json`, { schema: { hide: true } }, () => openapi());
  app.get(DOCS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderDocsPage(await openapi())),
  );
}

/** The document @fastify/swagger makes of these routes, in an instance of their own that serves nothing. */
async function buildDocument(routes: DocumentedRoute[], prefix: string): Promise<Record<string, unknown>> {
  const [{ default: Fastify }, { default: fastifySwagger }, { jsonSchemaTransform }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('fastify-type-provider-zod'),
  ]);
  // The routes' HEAD twins were noted too.
  const docs = Fastify({ exposeHeadRoutes: false });
  // The routes are described, never run: their schemas need no validator or serializer here.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(fastifySwagger, {
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
      input.url.startsWith(prefix)
        ? jsonSchemaTransform(input)
        : { schema: { ...input.schema, hide: true }, url: input.url },
  });
  for (const route of routes) docs.route({ ...route, handler: () => undefined });
  await docs.ready();
  const document = docs.swagger() as unknown as Record<string, unknown>;
  await docs.close();
  return document;
}
