// Renders the app's PNG icons (the PWA manifest's, Apple's touch icon) from the same mark as
// apps/web/public/favicon.svg, in the system Chromium, so they are drawn rather than downloaded. The PNGs are
// committed; run this again after changing the mark:
//
//   node scripts/render-icons.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from '../e2e/support/chromium.ts';

const iconsDir = fileURLToPath(new URL('../apps/web/public/icons', import.meta.url));

// The favicon's three strokes on a 32-unit grid: the amber top layer and two lower layers of the stack.
const mark = `
  <path d="M16 6 26 11 16 16 6 11Z" fill="#fbbf24"/>
  <path d="M6 15.5 16 20.5 26 15.5" fill="none" stroke="#fafafa" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M6 20.5 16 25.5 26 20.5" fill="none" stroke="#a1a1aa" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>`;

/**
 * `rounded`: the favicon as it is (a rounded tile, transparent corners). Otherwise a full-bleed square: a
 * maskable icon may be cut to any shape inside its central 80% circle, and iOS rounds its touch icon itself,
 * so the mark is shrunk to `scale` of the tile around its centre.
 */
function svg(size: number, { rounded, scale }: { rounded: boolean; scale: number }): string {
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" ${rounded ? 'rx="7"' : ''} fill="#18181b"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">${mark}</g>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.72 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.86 },
];

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found: install it (apt-get install -y chromium).');
const browser = await chromium.launch({ executablePath, args: chromiumArgs });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(icon.size, icon)}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(join(iconsDir, icon.file), png);
    await page.close();
    console.log(`wrote ${icon.file} (${icon.size}×${icon.size}, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
