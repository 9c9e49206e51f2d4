// Builds the SPA when its sources changed since the last build: the first `npm start` builds it, later
// starts skip straight to listening. The stamp is a hash of the sources, so a `git pull` is noticed too.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(repoRoot, 'apps/web');
const distDir = join(webDir, 'dist');
const stampFile = join(distDir, '.source-hash');
const skip = new Set(['dist', 'node_modules']);

function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skip.has(entry.name)) walk(path);
      } else if (entry.isFile() && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.test.tsx')) {
        hash.update(relative(webDir, path)).update('\0').update(readFileSync(path)).update('\0');
      }
    }
  };
  walk(webDir);
  hash.update(readFileSync(join(repoRoot, 'package-lock.json')));
  // How the build is made counts too.
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex');
}

/** Builds apps/web unless dist/ already holds a build of the current sources. Returns whether it built. */
export function ensureWebBuild(log: (line: string) => void = console.log): boolean {
  const wanted = sourceHash();
  if (existsSync(join(distDir, 'index.html')) && existsSync(stampFile)) {
    if (readFileSync(stampFile, 'utf8').trim() === wanted) return false;
  }
  log('Building the web app (only when its sources change)…');
  const vite = join(repoRoot, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
    // A test runner's NODE_ENV=test would otherwise give React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('Building the web app failed (see the output above).');
  writeFileSync(stampFile, `${wanted}\n`);
  return true;
}
