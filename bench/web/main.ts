// Web benchmark: what the first pages cost a visitor, in headless Chromium against the real server
// (NODE_ENV=production, compressed responses), next to a bare HTML page served by a plain Node server in the
// same run (the browser's own floor). For /, /login and a signed-in workspace dashboard with a few items:
// the JavaScript each loads (gzip, against 150 kB), the bytes on the wire, how deep its chain of scripts
// goes, and the Largest Contentful Paint on an emulated slow 4G network (1.6 Mbit/s, 150 ms round trip),
// cold (a new browser profile) and warm (the same profile's second visit), then cold on localhost unthrottled.
// With BENCH_TRACE set, it instead prints one cold slow-4G visit's timeline of each page (where the time goes).
// With BENCH_LIMITS_FILE set, each figure that has a target is also written there as a JSON line
// ({ name, value, limit }) for `npm run bench -- budget`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, findChromium } from '../../e2e/support/chromium.ts';
import { startMailSink } from '../../e2e/support/mail-sink.ts';
import { ensureWebBuild } from '../../scripts/web-build.ts';
import { startServerProcess, tempDir } from '@stackyard/testing/processes';
import { recordLimit } from '../support/limits.ts';
import { visit, type Visit } from './visit.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PASSWORD = 'Quiet-Harbor-Lantern-73';

/** The targets a page must meet: JavaScript gzip kB, and slow-4G cold LCP in ms. */
const LIMITS = {
  jsGzipKb: 150,
  scriptDepth: 2,
  coldLcpMs: { '/': 1500, '/login': 1500, dashboard: 2500 } as Record<string, number>,
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

type State = Awaited<ReturnType<BrowserContext['storageState']>>;
interface PageCase {
  name: string;
  baseUrl: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
  state?: State;
}

/** The median of ROUNDS visits, each in a new profile (cold) or each the second visit of one (warm). */
async function rounds(browser: Browser, page: PageCase, mode: 'cold' | 'warm', throttled: boolean) {
  const visits: Visit[] = [];
  // One unmeasured round first: the server's and the disk's first reads of each file.
  for (let round = 0; round <= ROUNDS; round++) {
    // Service workers are blocked so that "warm" is the HTTP cache alone, as on a first return visit.
    const context = await browser.newContext({
      baseURL: page.baseUrl,
      serviceWorkers: 'block',
      ...(page.state ? { storageState: page.state } : {}),
    });
    if (mode === 'warm') await visit(context, page.path, page.ready, throttled);
    const measured = await visit(context, page.path, page.ready, throttled);
    if (round > 0) visits.push(measured);
    await context.close();
  }
  const pick = (key: keyof Visit) => median(visits.map((entry) => entry[key]));
  return {
    lcpMs: pick('lcpMs'),
    transferredKb: pick('transferredKb'),
    scriptFiles: pick('scriptFiles'),
    scriptGzipKb: pick('scriptGzipKb'),
    scriptDepth: pick('scriptDepth'),
    requestDepth: pick('requestDepth'),
  };
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
    const state = await signedInState(browser, server.url, mail.mailboxUrl);
    const pages: PageCase[] = [
      {
        name: 'bare HTML page (baseline)',
        baseUrl: baseline.url,
        path: '/',
        ready: (page) => page.getByRole('heading', { name: 'Login' }).waitFor(),
      },
      {
        name: '/',
        baseUrl: server.url,
        path: '/',
        ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
      },
      {
        name: '/login',
        baseUrl: server.url,
        path: '/login',
        ready: (page) => page.getByRole('button', { name: 'Login', exact: true }).waitFor(),
      },
      {
        name: 'dashboard',
        baseUrl: server.url,
        path: '/bench_web/bench',
        ready: (page) => page.getByRole('link', { name: 'Docs portal' }).waitFor(),
        state,
      },
    ];
    if (process.env.BENCH_TRACE) {
      for (const page of pages) {
        const context = await browser.newContext({ baseURL: page.baseUrl, storageState: page.state });
        console.log(`\n${page.name}, cold, slow 4G`);
        await visit(context, page.path, page.ready, true, console.log);
        await context.close();
      }
      return;
    }
    console.log(`Slow 4G (1.6 Mbit/s, 150 ms RTT), median of ${ROUNDS} visits; JavaScript gzip-compressed`);
    console.log(
      '| page | cold LCP ms | ÷ bare page | warm LCP ms | cold kB on the wire | JS files | JS gzip kB | script depth | request depth | localhost cold LCP ms |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    let floor = Number.NaN;
    const verdicts: string[] = [];
    for (const page of pages) {
      const cold = await rounds(browser, page, 'cold', true);
      const warm = await rounds(browser, page, 'warm', true);
      const local = await rounds(browser, page, 'cold', false);
      if (Number.isNaN(floor)) floor = cold.lcpMs;
      console.log(
        `| ${page.name} | ${cold.lcpMs.toFixed(0)} | ${(cold.lcpMs / floor).toFixed(1)} | ${warm.lcpMs.toFixed(0)} | ` +
          `${cold.transferredKb.toFixed(1)} | ${cold.scriptFiles} | ${cold.scriptGzipKb.toFixed(1)} | ` +
          `${cold.scriptDepth} | ${cold.requestDepth} | ${local.lcpMs.toFixed(0)} |`,
      );
      const lcpLimit = LIMITS.coldLcpMs[page.name];
      if (lcpLimit === undefined) continue;
      verdicts.push(
        `${page.name}: cold LCP ${cold.lcpMs.toFixed(0)} ms (≤ ${lcpLimit}) ${recordLimit(`${page.name}: slow-4G cold LCP ms`, cold.lcpMs, lcpLimit)}; ` +
          `JS ${cold.scriptGzipKb.toFixed(1)} kB (≤ ${LIMITS.jsGzipKb}) ${recordLimit(`${page.name}: JavaScript gzip kB`, cold.scriptGzipKb, LIMITS.jsGzipKb)}; ` +
          `script depth ${cold.scriptDepth} (≤ ${LIMITS.scriptDepth}) ${recordLimit(`${page.name}: script depth`, cold.scriptDepth, LIMITS.scriptDepth)}`,
      );
    }
    console.log(`\nTargets\n${verdicts.map((line) => `- ${line}`).join('\n')}`);
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
