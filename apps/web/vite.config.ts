import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In production one process on :3000 serves the SPA and these prefixes; in development Vite serves the SPA
// and forwards them, so the browser sees a single origin either way (cookies and `connect-src 'self'` work).
const backend = 'http://localhost:3000';
const backendPrefixes = ['/api', '/.ory', '/healthz', '/readyz', '/mcp'];

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

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(backendPrefixes.map((prefix) => [prefix, { target: backend }])),
  },
  preview: {
    headers: { 'Content-Security-Policy': contentSecurityPolicy },
  },
});
