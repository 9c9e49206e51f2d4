// The browser extension, built and loaded unpacked into Chromium against the real server: connected in its
// options page with a pasted access token, it saves the page the user is on and a selection from it, and its
// popup and toolbar icon then show the page as already saved.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildExtension, extensionDir } from '../apps/extension/esbuild.config.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { chromiumArgs, findChromium } from './support/chromium.ts';

const baseUrl = inject('baseUrl');
const fixtureOrigin = inject('fixtureOrigin');

let profileDir: string;
let context: BrowserContext;
let worker: Worker;
let extensionId: string;
let api: CatalogApi;

type Saved = { saved: Array<{ workspace_name: string; kind: string; id: string }> };

beforeAll(async () => {
  await buildExtension();
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: install it (apt-get install -y chromium).');
  profileDir = mkdtempSync(join(tmpdir(), 'stackyard-extension-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: false,
    baseURL: baseUrl,
    args: [
      ...chromiumArgs.filter((arg) => arg !== '--headless'),
      '--headless=new',
      `--load-extension=${extensionDir}`,
      `--disable-extensions-except=${extensionDir}`,
    ],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 60_000 }));
  extensionId = new URL(worker.url()).host;

  const page = context.pages()[0] ?? (await context.newPage());
  await signUpWithWorkspace(page, 'ext', 'stack');
  api = await CatalogApi.of(page, 'stack');
  await api.createTag('reading');
  const { token } = await api.call<{ token: string }>('POST', '/tokens', {
    name: 'Browser extension',
    scope: 'read_write',
  });

  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await page.getByLabel('Server URL', { exact: true }).fill(`${baseUrl}/`);
  await page.getByLabel('Access token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Save and connect' }).click();
  await page.getByText(`Connected to ${baseUrl}: 1 workspace.`).waitFor();
  expect(await seriousA11yViolations(page), 'options page').toEqual([]);
}, 180_000);

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

/** Opens a web page, then the extension's popup in a tab of its own: it saves the page opened last. */
async function openPopupOver(url: string, before?: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  await page.goto(url);
  await before?.(page);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect
    .poll(() => popup.getByLabel('URL', { exact: true }).inputValue(), { timeout: 30_000 })
    .toBe(url);
  return { page, popup };
}

/** The WebExtension API of the service worker, as far as the test reads it. */
type ExtensionApi = {
  chrome: {
    tabs: { query(query: { url: string }): Promise<Array<{ id?: number }>> };
    action: { getBadgeText(details: { tabId: number }): Promise<string> };
    storage: {
      local: {
        get(keys: string[]): Promise<Record<string, unknown>>;
        set(items: Record<string, unknown>): Promise<void>;
      };
    };
  };
};

type SignIn = { accessToken: string; refreshToken: string; expiresAt: number };

/** The extension's OAuth sign-in as kept in its storage, or undefined. */
const storedSignIn = () =>
  worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as ExtensionApi;
    return (await chrome.storage.local.get(['oauth'])).oauth as SignIn | undefined;
  });

const badgeOf = (url: string) =>
  worker.evaluate(async (pageUrl) => {
    const { chrome } = globalThis as unknown as ExtensionApi;
    const [tab] = await chrome.tabs.query({ url: pageUrl });
    return tab?.id === undefined ? null : chrome.action.getBadgeText({ tabId: tab.id });
  }, url);

const lookUp = (url: string) => api.call<Saved>('GET', `/lookup?url=${encodeURIComponent(url)}`);

describe('the browser extension', () => {
  it('saves the page the user is on with a tag, then shows it as already saved', async () => {
    const url = `${fixtureOrigin}/article`;
    const { page, popup } = await openPopupOver(url);
    expect(await popup.getByLabel('Title', { exact: true }).inputValue()).toBe(
      'Shipping static sites in 2026 | Launch Notes',
    );
    expect(await popup.getByText(/Already saved in/).count()).toBe(0);
    expect(await badgeOf(url)).toBe('');
    expect(await seriousA11yViolations(popup), 'popup').toEqual([]);

    await popup.getByRole('radio', { name: 'Resource (a link to read)' }).check();
    await popup.getByRole('checkbox', { name: 'reading' }).check();
    await popup.getByRole('button', { name: 'Save' }).click();
    await popup.getByRole('heading', { name: 'Saved to stack' }).waitFor();
    expect(await popup.getByRole('button', { name: 'Save' }).isVisible()).toBe(false);
    await popup.getByText('Added: the resource is in the workspace now.').waitFor({ timeout: 60_000 });

    const [saved] = (await lookUp(url)).saved;
    expect(saved).toMatchObject({ workspace_name: 'stack', kind: 'resource' });
    const tags = await api.call<Array<{ tag_name: string }>>('GET', `/resources/workspace/${saved?.id}/tags`);
    expect(tags.map((tag) => tag.tag_name)).toEqual(['reading']);

    await expect.poll(() => badgeOf(url), { timeout: 30_000 }).toBe('✓');
    await popup.reload();
    await popup.getByText('Already saved in stack').waitFor();
    await Promise.all([popup.close(), page.close()]);
  }, 120_000);

  it('saves a selection as a comment quoting it, with the page it came from', async () => {
    const url = `${fixtureOrigin}/tool`;
    const { page, popup } = await openPopupOver(url, (tab) => tab.locator('pre').selectText());
    expect(await popup.getByLabel('Comment', { exact: true }).inputValue()).toBe('> npm i rocket');

    await popup.getByRole('radio', { name: 'Tool' }).check();
    await popup.getByRole('button', { name: 'Save' }).click();
    await popup.getByText('Added: the tool is in the workspace now.').waitFor({ timeout: 60_000 });

    const [saved] = (await lookUp(url)).saved;
    expect(saved?.kind).toBe('tool');
    const comments = await api.call<Array<{ content: string }>>(
      'GET',
      `/tools/workspace/${saved?.id}/comments`,
    );
    expect(comments.map((comment) => comment.content)).toEqual([
      `> npm i rocket\n\n— from “Rocket | Ship static sites at the speed of light”, ${url}`,
    ]);
    await Promise.all([popup.close(), page.close()]);
  }, 120_000);

  it('signs in through the server’s OAuth flow, saves with that sign-in, renews it, and signs out', async () => {
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    // Only the OAuth sign-in is left to save with.
    await options.getByRole('button', { name: 'Forget the token' }).click();
    await options.getByText('The token is forgotten; paste one again to save.').waitFor();

    // The browser's sign-in window opens as a page of the context, on the consent page.
    const signInWindow = async () => {
      const opened = context.waitForEvent('page', {
        predicate: (page) => page.url().includes('/authorize'),
        timeout: 60_000,
      });
      await options.getByRole('button', { name: `Sign in with ${new URL(baseUrl).host}` }).click();
      const consent = await opened;
      await consent.waitForURL('**/authorize?request=*');
      await consent.getByText('stackyard browser extension').first().waitFor();
      await consent.getByText(`${extensionId}.chromiumapp.org`).first().waitFor();
      return consent;
    };
    await (await signInWindow()).getByRole('button', { name: 'Deny' }).click();
    await options.getByText('Sign-in was denied.').waitFor({ timeout: 60_000 });
    expect(await storedSignIn()).toBeUndefined();

    await (await signInWindow()).getByRole('button', { name: 'Allow' }).click();
    await options.getByText(`Signed in to ${baseUrl}: 1 workspace.`).waitFor({ timeout: 60_000 });
    await options.getByRole('button', { name: 'Sign out' }).waitFor();
    const signedIn = await storedSignIn();
    expect(signedIn?.accessToken).toMatch(/^sy_oat_/);

    const url = `${fixtureOrigin}/private-images`;
    const first = await openPopupOver(url);
    await first.popup.getByRole('radio', { name: 'Resource (a link to read)' }).check();
    await first.popup.getByRole('button', { name: 'Save' }).click();
    await first.popup.getByText('Added: the resource is in the workspace now.').waitFor({ timeout: 60_000 });
    expect((await lookUp(url)).saved).toMatchObject([{ workspace_name: 'stack', kind: 'resource' }]);
    await Promise.all([first.popup.close(), first.page.close()]);

    // An access token the server refuses (as an expired one is): the next call renews the sign-in and goes on.
    await worker.evaluate(async (current) => {
      const { chrome } = globalThis as unknown as ExtensionApi;
      await chrome.storage.local.set({ oauth: { ...current, accessToken: 'sy_oat_expired' } });
    }, signedIn);
    const second = await openPopupOver(url);
    await second.popup.getByText('Already saved in stack').waitFor({ timeout: 30_000 });
    const renewed = await storedSignIn();
    expect(renewed?.accessToken).toMatch(/^sy_oat_/);
    expect(renewed?.refreshToken).not.toBe(signedIn?.refreshToken);
    await Promise.all([second.popup.close(), second.page.close()]);

    // About to expire: renewed before the next call rather than after a refusal.
    await worker.evaluate(async (current) => {
      const { chrome } = globalThis as unknown as ExtensionApi;
      await chrome.storage.local.set({ oauth: { ...current, expiresAt: Date.now() } });
    }, renewed);
    await options.reload();
    await options.getByText(`Signed in to ${baseUrl}.`).waitFor();
    expect((await storedSignIn())?.refreshToken).not.toBe(renewed?.refreshToken);

    const grants = () => api.call<Array<{ client_name: string }>>('GET', '/oauth/grants');
    expect((await grants()).map((grant) => grant.client_name)).toEqual(['stackyard browser extension']);
    await options.getByRole('button', { name: 'Sign out' }).click();
    await options.getByText('Signed out.').waitFor();
    expect(await storedSignIn()).toBeUndefined();
    expect(await grants()).toEqual([]);
    await options.close();
  }, 180_000);
});
