// Web benchmark: what the first pages cost a visitor. (1) The JavaScript the landing page and /login load,
// gzip-compressed, against the 150 kB budget. (2) Largest Contentful Paint of /login and of a workspace
// dashboard (signed in, with a few items), in headless Chromium on localhost against the real server, next to
// a bare HTML page served by a plain Node server in the same run (the browser's own floor).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, findChromium } from '../../e2e/support/chromium.ts';
import { startMailSink } from '../../e2e/support/mail-sink.ts';
import { ensureWebBuild } from '../../scripts/web-build.ts';
import { startServerProcess, tempDir } from '@stackyard/testing/processes';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const JS_BUDGET_KB = 150;
const PASSWORD = 'Quiet-Harbor-Lantern-73';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Every script the page loads until the network is idle (entry, preloads, lazy route chunks). */
async function scriptBytes(browser: Browser, baseUrl: string, path: string) {
  // The service worker (/sw.js, registered after load) runs beside the page, not in it: it is not the page's
  // JavaScript, and its script's body cannot be read through the page.
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) {
      bodies.set(response.url(), response.body());
    }
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  let raw = 0;
  let gzip = 0;
  for (const body of await Promise.all(bodies.values())) {
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  await context.close();
  return { files: bodies.size, rawKb: raw / 1000, gzipKb: gzip / 1000 };
}

/** The page's Largest Contentful Paint in ms, once `ready` says the page has its content. */
async function lcpOf(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<number> {
  await page.goto(path);
  await ready(page);
  // A string, evaluated in the page: this file is type-checked without the DOM's types.
  return page.evaluate<number>(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve(entries.length > 0 ? entries[entries.length - 1].startTime : Number.NaN);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  })`);
}

async function lcpRounds(
  browser: Browser,
  baseUrl: string,
  path: string,
  ready: (page: Page) => Promise<unknown>,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<number> {
  const samples: number[] = [];
  // One warm-up visit (the first fetch of each chunk from disk), then a fresh context per round.
  for (let round = 0; round <= ROUNDS; round++) {
    const context = await browser.newContext({ baseURL: baseUrl, ...(storageState ? { storageState } : {}) });
    const value = await lcpOf(await context.newPage(), path, ready);
    if (round > 0) samples.push(value);
    await context.close();
  }
  return median(samples);
}

/** A bare HTML page with one heading and a paragraph: the floor a browser needs to paint anything. */
async function startBaselinePage() {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>baseline</title></head>
<body><h1>Login</h1><p>Sign in to your workspace.</p></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Registers, verifies (code from the mail sink), signs in and onboards one user with a workspace. */
async function signedInState(browser: Browser, baseUrl: string, mailboxUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const email = `bench-web-${Date.now().toString(36)}@example.test`;
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/verify\?flow=/);
  let code: string | undefined;
  for (let attempt = 0; !code && attempt < 100; attempt++) {
    const mails = (await (await fetch(`${mailboxUrl}/?to=${encodeURIComponent(email)}`)).json()) as Array<{
      raw: string;
    }>;
    code = mails[0] ? /^(\d{6})\s*$/m.exec(mails[0].raw)?.[1] : undefined;
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error('no verification mail');
  await page.getByLabel('Verification code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/onboarding');
  await page.getByLabel('Username', { exact: true }).fill('bench_web');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Bench');
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await page.waitForURL('**/bench_web/bench');
  // A few items, so the dashboard's panels have rows to paint.
  const token = (await context.cookies()).find((cookie) => cookie.name === 'user_jwt')?.value;
  const workspaces = (await (
    await page.request.get('/api/v1/workspaces', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Array<{ id: string }>;
  for (const name of ['Launch site', 'Design system', 'Docs portal']) {
    await page.request.post('/api/v1/projects', {
      headers: { authorization: `Bearer ${token}` },
      data: { workspace_id: workspaces[0]?.id, metadata: { name } },
    });
  }
  const state = await context.storageState();
  await context.close();
  return state;
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('skipped: no Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)');
    return;
  }
  ensureWebBuild();
  const dataDir = tempDir('stackyard-bench-web');
  const mail = await startMailSink();
  const server = await startServerProcess({
    DATA_DIR: dataDir.path,
    SMTP_URL: mail.smtpUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  const baseline = await startBaselinePage();
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    console.log(`JavaScript loaded, gzip (budget ${JS_BUDGET_KB} kB per page)`);
    console.log('| page | files | raw kB | gzip kB | of budget |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const path of ['/', '/login']) {
      const size = await scriptBytes(browser, server.url, path);
      const share = size.gzipKb / JS_BUDGET_KB;
      console.log(
        `| ${path} | ${size.files} | ${size.rawKb.toFixed(1)} | ${size.gzipKb.toFixed(1)} | ${(share * 100).toFixed(0)}%${share > 1 ? ' OVER BUDGET' : ''} |`,
      );
    }

    const state = await signedInState(browser, server.url, mail.mailboxUrl);
    const floor = await lcpRounds(browser, baseline.url, '/', (page) =>
      page.getByRole('heading', { name: 'Login' }).waitFor(),
    );
    const login = await lcpRounds(browser, server.url, '/login', (page) =>
      page.getByRole('button', { name: 'Login', exact: true }).waitFor(),
    );
    const dashboard = await lcpRounds(
      browser,
      server.url,
      '/bench_web/bench',
      (page) => page.getByRole('link', { name: 'Docs portal' }).waitFor(),
      state,
    );
    console.log(
      `\nLargest Contentful Paint, median of ${ROUNDS} fresh visits (headless Chromium, localhost)`,
    );
    console.log('| page | LCP ms | ÷ bare HTML page |');
    console.log('| --- | --- | --- |');
    console.log(`| bare HTML page (baseline) | ${floor.toFixed(0)} | 1.0 |`);
    console.log(`| /login | ${login.toFixed(0)} | ${(login / floor).toFixed(1)} |`);
    console.log(`| workspace dashboard | ${dashboard.toFixed(0)} | ${(dashboard / floor).toFixed(1)} |`);
  } finally {
    await browser.close();
    await baseline.close();
    server.process.kill('SIGTERM');
    await server.exited;
    await mail.close();
    dataDir.remove();
  }
}

await main();
