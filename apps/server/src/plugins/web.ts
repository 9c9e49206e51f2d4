import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiPath, sendProblem } from './problem-details.ts';
import { shareTarget } from './share-target.ts';

/**
 * Serves the built SPA. Hashed assets are cached for a year (immutable); index.html is revalidated every time.
 * Any other GET for a page path (no file extension) answers index.html, so the SPA's router decides
 * what to show — its catch-all route shows '404 Not Found'. API paths answer a 404 problem instead.
 */
export async function webApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  // null: this process serves no SPA (`--role identity`); page paths answer 404.
  const built = distDir !== null && existsSync(join(distDir, 'index.html'));
  // The PWA's share target leads to the SPA's save page, so it lives where the SPA is served.
  if (distDir !== null) await shareTarget(app);
  if (distDir !== null && built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes(`${join(distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) {
      return sendProblem(reply, 404, `No API route matches ${request.method} ${path}.`, {
        code: 'not_found',
      });
    }
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[^/]+$/.test(path);
    if (!isPage || distDir === null) {
      return sendProblem(reply, 404, `Nothing is served at ${path}.`, { code: 'not_found' });
    }
    if (!built) {
      return sendProblem(
        reply,
        503,
        'The web app has not been built yet: run `npm run build`, then reload.',
        {
          code: 'unavailable',
        },
      );
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
