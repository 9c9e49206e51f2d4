import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiPath, sendProblem } from './problem-details.ts';
import { shareTarget } from './share-target.ts';

/**
 * The pages the build prerendered (dist/pages/index.html for /, pages/login.html for /login): index.html with
 * the page's first screen already in it, so it paints before the JavaScript arrives. By page path.
 */
function prerenderedPages(distDir: string): Map<string, string> {
  const dir = join(distDir, 'pages');
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.html')) : [];
  return new Map(
    files.map((name) => [name === 'index.html' ? '/' : `/${name.slice(0, -5)}`, `pages/${name}`]),
  );
}

/**
 * Serves the built SPA. Hashed assets are cached for a year (immutable); pages are revalidated every time.
 * Any other GET for a page path (no file extension) answers its prerendered page or index.html, so the SPA's
 * router decides what to show — its catch-all route shows '404 Not Found'. API paths answer a 404 problem
 * instead.
 */
export async function webApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  // null: this process serves no SPA (`--role identity`); page paths answer 404.
  const built = distDir !== null && existsSync(join(distDir, 'index.html'));
  // The PWA's share target leads to the SPA's save page, so it lives where the SPA is served.
  if (distDir !== null) await shareTarget(app);
  const pages = built ? prerenderedPages(distDir) : new Map<string, string>();
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

  const sendPage = (reply: FastifyReply, path: string, url: string) => {
    // A login opened with ?flow= shows that flow's messages, not the plain form the prerendered page holds.
    const plain = !new URLSearchParams(url.split('?')[1]).has('flow');
    const page = (plain && pages.get(path)) || 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  };
  // Ahead of the static files' index.html: / has a prerendered page too.
  if (pages.has('/')) app.get('/', (request, reply) => sendPage(reply, '/', request.url));

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
    return sendPage(reply, path, request.url);
  });
}
