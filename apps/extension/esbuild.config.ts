// Builds the extension into dist/extension (the folder a browser loads unpacked) and
// dist/stackyard-extension.zip (what is uploaded to the Chrome Web Store and addons.mozilla.org): the
// scripts bundled one file each, the pages, the stylesheet, the icon and the manifest with the package's
// version. Run by `npm run build` at the root, or alone: node --experimental-strip-types esbuild.config.ts
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { zip } from './zip.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const dist = join(root, 'dist');
export const extensionDir = join(dist, 'extension');
export const extensionZip = join(dist, 'stackyard-extension.zip');

const SCRIPTS = ['background', 'popup', 'options'];
const PAGES = ['popup.html', 'options.html', 'style.css'];
// The web app's icon, drawn by scripts/render-icons.ts; browsers scale it for the toolbar.
const ICON = join(root, '../web/public/icons/icon-192.png');

export async function buildExtension(): Promise<void> {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(extensionDir, { recursive: true });
  await build({
    entryPoints: SCRIPTS.map((name) => join(root, 'src', `${name}.ts`)),
    outdir: extensionDir,
    bundle: true,
    // One self-contained classic script each: a Firefox background script and a Chromium service worker alike.
    format: 'iife',
    target: ['chrome120', 'firefox128'],
    logLevel: 'warning',
  });
  for (const page of PAGES) copyFileSync(join(root, 'src', page), join(extensionDir, page));
  copyFileSync(ICON, join(extensionDir, 'icon.png'));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(
    join(extensionDir, 'manifest.json'),
    `${JSON.stringify({ ...manifest, version }, null, 2)}\n`,
  );
  const files = readdirSync(extensionDir)
    .sort()
    .map((path) => ({ path, data: readFileSync(join(extensionDir, path)) }));
  writeFileSync(extensionZip, zip(files));
}

if (import.meta.main) await buildExtension();
