// One visit of a page in headless Chromium, measured through the DevTools protocol: the Largest Contentful
// Paint, the bytes that crossed the network (compressed, as sent), the JavaScript the page ran, and how deep
// its chain of requests goes (the HTML loads a script, which loads a chunk, which calls the API…), optionally
// on an emulated slow 4G network.
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';

/** Slow 4G as the targets define it: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000,
  uploadThroughput: 93_750,
};

export interface Visit {
  lcpMs: number;
  /** Every response's bytes on the wire, headers included. */
  transferredKb: number;
  scriptFiles: number;
  /** The scripts' bodies gzip-compressed, the measure of the JavaScript budget. */
  scriptGzipKb: number;
  /** The longest chain of scripts after the HTML: 1 when the HTML names them all. */
  scriptDepth: number;
  /** The longest chain of any requests after the HTML (scripts, the API calls they make, images). */
  requestDepth: number;
}

/**
 * How deep the page's requests (scripts only, or all) chain after the HTML, from the page's resource timing:
 * a request is one level past the deepest one that had finished before it started (the HTML is level 0).
 * A string, evaluated in the page: this file is type-checked without the DOM's types.
 */
const REQUEST_DEPTH = `(() => {
  const navigation = performance.getEntriesByType('navigation')[0];
  const entries = performance.getEntriesByType('resource').sort((a, b) => a.startTime - b.startTime);
  const done = [{ end: navigation ? navigation.responseEnd : 0, level: 0, script: true }];
  let scripts = 0;
  let all = 0;
  for (const entry of entries) {
    const script = /\\.m?js(\\?|$)/.test(new URL(entry.name).pathname);
    const before = done.filter((other) => other.end <= entry.startTime);
    const level = 1 + Math.max(0, ...before.map((other) => other.level));
    const scriptLevel = 1 + Math.max(0, ...before.filter((other) => other.script).map((other) => other.level));
    if (script) scripts = Math.max(scripts, scriptLevel);
    all = Math.max(all, level);
    done.push({ end: entry.responseEnd, level: script ? scriptLevel : level, script });
  }
  return { scripts, all };
})()`;

/**
 * Where a visit's time went: the LCP element and when it painted, and each request's start and end (ms from
 * navigation), in start order. A string, evaluated in the page once the network is idle.
 */
const TIMELINE = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    const element = last && last.element ? last.element.tagName + ' "' + last.element.textContent.slice(0, 40) + '"' : '?';
    const lines = ['LCP ' + (last ? Math.round(last.startTime) : '?') + ' ms: ' + element];
    const navigation = performance.getEntriesByType('navigation')[0];
    lines.push('  0 → ' + Math.round(navigation.responseEnd) + ' ' + location.pathname);
    for (const entry of performance.getEntriesByType('resource').sort((a, b) => a.startTime - b.startTime)) {
      const url = new URL(entry.name);
      lines.push('  ' + Math.round(entry.startTime) + ' → ' + Math.round(entry.responseEnd) + ' ' + url.pathname);
    }
    resolve(lines.join('\\n'));
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

/**
 * Opens `path` in a new page of `context`, waits for `ready`, and answers what the visit cost; with `trace`,
 * also hands it the visit's timeline (TIMELINE).
 */
export async function visit(
  context: BrowserContext,
  path: string,
  ready: (page: Page) => Promise<unknown>,
  throttled: boolean,
  trace?: (timeline: string) => void,
): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttled) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  let transferred = 0;
  cdp.on('Network.loadingFinished', (event) => {
    transferred += event.encodedDataLength;
  });
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) {
      bodies.set(response.url(), response.body());
    }
  });
  await page.goto(path);
  await ready(page);
  // A string, evaluated in the page: this file is type-checked without the DOM's types.
  const lcpMs = await page.evaluate<number>(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve(entries.length > 0 ? entries[entries.length - 1].startTime : Number.NaN);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  })`);
  // Lazy chunks the page asks for once it has painted count as its JavaScript too.
  await page.waitForLoadState('networkidle');
  if (trace) trace(await page.evaluate<string>(TIMELINE));
  const depth = await page.evaluate<{ scripts: number; all: number }>(REQUEST_DEPTH);
  let scriptGzip = 0;
  for (const body of await Promise.all(bodies.values())) scriptGzip += gzipSync(body).length;
  await page.close();
  return {
    lcpMs,
    transferredKb: transferred / 1000,
    scriptFiles: bodies.size,
    scriptGzipKb: scriptGzip / 1000,
    scriptDepth: depth.scripts,
    requestDepth: depth.all,
  };
}
