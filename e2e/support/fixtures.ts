// The e2e `test`: a Chromium per worker, a fresh browser context per test. When a test fails, its
// screenshot and Playwright trace land in e2e/artifacts/ (open a trace with `npx playwright show-trace`).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject, test as base } from 'vitest';
import { chromiumArgs, findChromium } from './chromium.ts';

const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url));

export const test = base.extend<{ $test: { page: Page; baseUrl: string }; $worker: { browser: Browser } }>({
  browser: [
    async ({}, use) => {
      const executablePath = findChromium();
      if (!executablePath) throw new Error('No Chromium found: install it (apt-get install -y chromium).');
      const browser = await chromium.launch({ executablePath, args: chromiumArgs });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  baseUrl: async ({}, use) => {
    await use(inject('baseUrl'));
  },
  page: async ({ browser, baseUrl, task }, use) => {
    const context = await browser.newContext({ baseURL: baseUrl });
    await context.tracing.start({ screenshots: true, snapshots: true });
    const page = await context.newPage();
    await use(page);
    if (task.result?.state === 'fail') {
      mkdirSync(artifactsDir, { recursive: true });
      const name = task.fullName.replace(/[^\w-]+/g, '-').slice(0, 120);
      await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true }).catch(() => {});
      await context.tracing.stop({ path: join(artifactsDir, `${name}.trace.zip`) });
    } else {
      await context.tracing.stop();
    }
    await context.close();
  },
});

export { expect } from 'vitest';
