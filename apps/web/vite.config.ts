/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file the build emits (1 kB or more), compressed once at
 * the strongest settings, which the server sends as they are (@fastify/static's preCompressed): no file is
 * compressed per request, and brotli's best level costs nothing at run time.
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
        const bytes = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (bytes.length < 1024) continue;
        const path = join(outDir, fileName);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
  test: { testTimeout: 30_000 },
});
