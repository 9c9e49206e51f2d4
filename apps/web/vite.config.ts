/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import type * as FirstScreens from './src/first-screens';

// In production one process on :3000 serves the SPA and these prefixes; in development Vite serves the SPA
// and forwards them, so the browser sees a single origin either way (cookies and `connect-src 'self'` work).
const backend = 'http://localhost:3000';
const backendPrefixes = ['/api', '/.ory', '/healthz', '/readyz', '/mcp'];
// The share target's POST (a key starting with ^ is a pattern): the server turns it into the save page.
const backendPatterns = ['^/share(\\?|$)'];

// The policy the built app must run under; `vite preview` sends it so a CSP regression shows up before deploy.
// The dev server cannot use it: React Fast Refresh injects an inline preamble script.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Writes dist/sw.js from service-worker/sw.js with the build's version in front: a hash of every file the
 * build emitted and of the offline page's files, so a new build gets a new cache and the old one is dropped.
 * Development has no service worker (src/lib/service-worker.ts registers it in a production build only).
 */
function serviceWorker(): Plugin {
  const template = local('./service-worker/sw.js');
  const offlineFiles = ['./public/offline.html', './public/offline.css', './public/theme.js'].map(local);
  return {
    name: 'stackyard-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const hash = createHash('sha256').update(Object.keys(bundle).sort().join('\n'));
      for (const file of [template, ...offlineFiles]) hash.update(readFileSync(file));
      const version = hash.digest('hex').slice(0, 16);
      const source = `const VERSION = '${version}';\n${readFileSync(template, 'utf8')}`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/** Writes `<path>.br` and `<path>.gz` beside a text file (1 kB or more), compressed at the strongest settings. */
function writeCompressed(path: string, bytes: Buffer): void {
  if (bytes.length < 1024) return;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file the build emits, which the server sends as they
 * are (@fastify/static's preCompressed): no file is compressed per request, and brotli's best level costs
 * nothing at run time.
 */
function precompress(): Plugin {
  const text = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
  return {
    name: 'stackyard-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? local('./dist');
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!text.test(fileName)) continue;
        writeCompressed(
          join(outDir, fileName),
          Buffer.from(output.type === 'chunk' ? output.code : output.source),
        );
      }
    },
  };
}

/**
 * Writes dist/pages/index.html (for /) and dist/pages/login.html: the built index.html with that page's first
 * screen already in #root, rendered by src/first-screens.tsx with react-dom/server, so the browser paints it
 * before the JavaScript has arrived (the server sends these for their paths, apps/server's web plugin).
 * Rendered through a Vite server in SSR mode, so the components are compiled as in the app.
 */
function firstScreens(): Plugin {
  return {
    name: 'stackyard-first-screens',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? local('./dist');
      const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
      if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
      const server = await createServer({
        configFile: local('./vite.config.ts'),
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
        appType: 'custom',
        logLevel: 'warn',
      });
      try {
        const module = (await server.ssrLoadModule('/src/first-screens.tsx')) as typeof FirstScreens;
        mkdirSync(join(outDir, 'pages'), { recursive: true });
        for (const path of module.firstScreenPaths) {
          // React renders the page's <title> in place; it belongs in the head, instead of the shell's.
          const { title, body } = module.renderFirstScreen(path);
          const html = shell
            .replace(/<title>[^<]*<\/title>/, title)
            .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
          const file = join(outDir, 'pages', `${path === '/' ? 'index' : path.slice(1)}.html`);
          writeFileSync(file, html);
          writeCompressed(file, Buffer.from(html));
        }
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * Asks whoami from the HTML (a preload the identity client's fetch then takes up): every page's first
 * question, so the signed-in pages' reads start while the JavaScript is still on its way rather than after.
 * Same URL and credentials as src/lib/identity-client.ts's toSession, or the browser would ask twice.
 */
function preloadSession(): Plugin {
  let href = '';
  return {
    name: 'stackyard-preload-session',
    apply: 'build',
    configResolved(config) {
      const identityUrl = config.env.VITE_IDENTITY_URL ?? '/.ory';
      const template = config.env.VITE_TOKENIZE_TEMPLATE || 'stackyard';
      href = `${identityUrl}/sessions/whoami?tokenize_as=${encodeURIComponent(template)}`;
    },
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'preload', as: 'fetch', crossorigin: 'use-credentials', href },
        injectTo: 'head',
      },
    ],
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), preloadSession(), precompress(), firstScreens()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every module the entry imports goes in one chunk. Left to itself rolldown splits off each module a lazy
    // route also imports (React, the query client, cn…) as a chunk of its own, a dozen files every page loads
    // anyway that compress worse apart than together (the first pages' JavaScript 4-5 kB gzip smaller).
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      [...backendPrefixes, ...backendPatterns].map((prefix) => [prefix, { target: backend }]),
    ),
  },
  preview: {
    headers: { 'Content-Security-Policy': contentSecurityPolicy },
  },
  // Component tests type and click through whole forms; on a loaded 2-core CI machine one can take longer than
  // vitest's default 5 s without anything being wrong.
  test: { testTimeout: 30_000, setupFiles: ['./src/testing/setup.ts'] },
});
