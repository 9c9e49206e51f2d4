// "Save from anywhere": the installable app (manifest, icons, service worker and its offline
// page), the Web Share Target (a share POST leads, through login, to the prefilled save page; saving creates a
// submission the ingestions list shows), the bookmarklet (its javascript: code run on a page of the local
// fixture site with a selection opens the save popup prefilled; saving works) and the save page's empty and
// error states. Screenshots land in e2e/artifacts/save/ for a look.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  fillCredentials,
  onboard,
  PASSWORD,
  registerVerified,
  signIn,
  uniqueId,
} from './support/accounts.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';
import { expect, test } from './support/fixtures.ts';

const shots = fileURLToPath(new URL('./artifacts/save/', import.meta.url));
mkdirSync(shots, { recursive: true });

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('installable: the manifest, its icons, the service worker and the offline page', async ({ page }) => {
  const response = await page.request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    share_target: { action: string; method: string; params: Record<string, string> };
  };
  expect(manifest).toMatchObject({ name: 'stackyard', start_url: '/', display: 'standalone' });
  expect(manifest.share_target).toMatchObject({
    action: '/share',
    method: 'POST',
    params: { title: 'title', text: 'text', url: 'url' },
  });
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of pngs) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
  }

  await page.goto('/about');
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  const worker = await page.evaluate<string>(
    `navigator.serviceWorker.ready.then((registration) => registration.active.scriptURL)`,
  );
  expect(new URL(worker).pathname).toBe('/sw.js');
  // It controls the page once it has claimed it; a page visit made offline then gets the offline page.
  await page.waitForFunction(`navigator.serviceWorker.controller !== null`);
  await page.context().setOffline(true);
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'You are offline' }).waitFor();
  expect(await seriousA11yViolations(page), 'offline page').toEqual([]);
  await page.screenshot({ path: `${shots}offline.png` });
  // Back online, "Try again" loads the page that could not be reached.
  await page.context().setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  // Signed out, /dashboard leads to the landing page: the app itself loaded.
  await page.getByRole('heading', { name: 'What is the product?' }).waitFor();
  // API answers are never kept: the worker caches only the offline page's files.
  const cached = await page.evaluate<string[]>(`(async () => {
    const urls = [];
    for (const key of await caches.keys()) {
      for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls.sort();
  })()`);
  expect(cached).toEqual(['/favicon.svg', '/offline.css', '/offline.html', '/theme.js']);
});

test('share target: a share POST leads through login to the prefilled save page, and saving submits it', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const id = uniqueId();
  const username = `share_${id}`;
  const email = `e2e-share-${id}@example.test`;
  await registerVerified(page, email);
  await signIn(page, email);
  await onboard(page, username, 'inbox');
  // Signed out (a phone whose session has ended).
  await page.context().clearCookies();

  // What Android sends: the title, and the URL inside the text (the url field left empty).
  const shared = `${origin}/tool`;
  await page.goto(`${origin}/plain/`);
  const fields = { title: 'Rocket', text: `Static sites, fast ${shared}`, url: '' };
  // As the phone's share sheet does: a form POST to the manifest's share_target action.
  await page.evaluate(`(() => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = ${JSON.stringify(`${inject('baseUrl')}/share`)};
    for (const [name, value] of Object.entries(${JSON.stringify(fields)})) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  })()`);
  // Signed out: the login page first, then back to the save page with everything the share held.
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('return_to'));
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/save');
  await page.getByRole('heading', { name: 'Save to stackyard' }).waitFor();
  expect(await field(page, 'URL').inputValue()).toBe(shared);
  expect(await field(page, 'Title').inputValue()).toBe('Rocket');
  expect(await field(page, 'Comment').inputValue()).toBe('> Static sites, fast');
  expect(await page.getByRole('combobox', { name: 'Workspace' }).inputValue()).not.toBe('');
  expect(await seriousA11yViolations(page), 'save page, prefilled').toEqual([]);
  await page.screenshot({ path: `${shots}save-shared.png`, fullPage: true });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('heading', { name: 'Saved to inbox' }).waitFor();
  await page.screenshot({ path: `${shots}save-done.png`, fullPage: true });
  await page.getByRole('link', { name: 'Follow it in Ingestions' }).click();
  await page.waitForURL(`**/${username}/inbox/tool-ingestions?kind=tool`);
  const card = page.getByRole('article', { name: shared, exact: true });
  await card.getByText('Added', { exact: true }).waitFor({ timeout: 20_000 });
  // The comment was posted on the new tool with the page it came from.
  await card.getByRole('link', { name: /^Open / }).click();
  await page.getByText('> Static sites, fast').or(page.getByText('Static sites, fast')).first().waitFor();
  await page.getByText(`— from “Rocket”, ${shared}`).waitFor();
}, 120_000);

test('bookmarklet: run on a page with a selection, it opens the save popup prefilled, and saving works', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  await signUpWithWorkspace(page, 'marklet', 'reading');
  const api = await CatalogApi.of(page, 'reading');
  await api.createTag('to-read');

  await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await page.getByRole('link', { name: 'Save from your browser' }).click();
  await page.getByRole('heading', { level: 1, name: 'Save from your browser' }).waitFor();
  const bookmarklet = page.getByRole('link', { name: 'Save to stackyard' });
  await page.waitForFunction(
    `document.querySelector('a[draggable="true"]')?.getAttribute('href')?.startsWith('javascript:')`,
  );
  const href = (await bookmarklet.getAttribute('href')) ?? '';
  expect(await seriousA11yViolations(page), 'Save from your browser page').toEqual([]);
  await page.screenshot({ path: `${shots}save-from-browser.png`, fullPage: true });
  // Clicking it on stackyard's own page explains instead of saving.
  await bookmarklet.click();
  await page.getByText('drag it there first').waitFor();

  const article = `${origin}/article`;
  await page.goto(article);
  const title = await page.title();
  await page.evaluate(`(() => {
    const paragraph = document.querySelector('p');
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
  })()`);
  const selected = (await page.evaluate<string>(`String(getSelection()).trim()`)).slice(0, 1000);
  expect(selected.length).toBeGreaterThan(0);
  // A javascript: bookmark runs its code in the page, as evaluate does.
  const popupOpened = page.waitForEvent('popup');
  await page.evaluate(decodeURIComponent(href.slice('javascript:'.length)));
  const popup = await popupOpened;
  await popup.getByRole('heading', { name: 'Save to stackyard' }).waitFor();
  await field(popup, 'URL').waitFor();
  expect(await field(popup, 'URL').inputValue()).toBe(article);
  expect(await field(popup, 'Title').inputValue()).toBe(title);
  expect(await field(popup, 'Comment').inputValue()).toBe(
    selected
      .split('\n')
      .map((line) => (line.trim() ? `> ${line.trimEnd()}` : '>'))
      .join('\n'),
  );
  await popup.getByRole('radio', { name: /^Resource/ }).check();
  await popup.getByRole('combobox', { name: 'Tags', exact: true }).pressSequentially('to-r');
  await popup.getByRole('option', { name: 'to-read', exact: true }).click();
  await popup.getByRole('list', { name: 'Chosen tags' }).getByText('to-read').waitFor();
  await popup.keyboard.press('Escape');
  expect(await seriousA11yViolations(popup), 'save popup').toEqual([]);
  await popup.screenshot({ path: `${shots}save-popup.png`, fullPage: true });
  await popup.getByRole('button', { name: 'Save', exact: true }).click();
  await popup.getByRole('heading', { name: 'Saved to reading' }).waitFor();
  expect(await seriousA11yViolations(popup), 'save popup, saved').toEqual([]);
  const closed = popup.waitForEvent('close');
  // The button calls window.close(), so the page can go before Playwright's click settles: a click that fails
  // counts only when the popup then stays open.
  await popup
    .getByRole('button', { name: 'Close' })
    .click({ noWaitAfter: true })
    .catch((error: unknown) =>
      closed.catch(() => {
        throw error;
      }),
    );
  await closed;

  // Through the normal ingestion: a resource submission with the tag and the quoted comment as hints.
  const submissions = await api.call<
    Array<{
      submitted_url: string;
      pre_ingestion_extracted_data: { ingestion_hints?: Record<string, unknown> };
    }>
  >('GET', `/ingestion/resources/workspace/${api.workspaceId}`);
  const submission = submissions.find((candidate) => candidate.submitted_url === article);
  expect(submission?.pre_ingestion_extracted_data.ingestion_hints).toMatchObject({
    suggested_workspace_relationships: { linked_tags: [expect.any(String)] },
    suggested_comment: expect.stringContaining(`— from “${title}”, ${article}`),
  });
}, 120_000);

test('the save page: nowhere to save before onboarding, a bad URL is refused, an API refusal is shown', async ({
  page,
}) => {
  const id = uniqueId();
  const email = `e2e-nosave-${id}@example.test`;
  await registerVerified(page, email);
  await signIn(page, email);
  await page.goto('/save?url=https%3A%2F%2Fexample.com%2F');
  await page.getByRole('heading', { name: 'No workspace to save to' }).waitFor();
  await page.getByText('Create a workspace first: links are saved into one.').waitFor();
  expect(await seriousA11yViolations(page), 'save page without a workspace').toEqual([]);
  await page.getByRole('link', { name: 'Open stackyard' }).click();
  await onboard(page, `nosave_${id}`, 'first');

  await page.goto('/save?url=not-a-url&title=Broken');
  await field(page, 'URL').waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Must be a valid http or https URL').waitFor();
  await field(page, 'URL').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('URL is required').waitFor();
  expect(await seriousA11yViolations(page), 'save page with a URL error').toEqual([]);

  // The API's refusal is shown with its detail (here made up: the owner is never refused).
  await page.route('**/api/v1/ingestion/tools', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
        detail: 'Only editors and admins can submit tools and resources.',
      }),
    }),
  );
  await field(page, 'URL').fill('https://example.com/');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('alert')
    .getByText('Only editors and admins can submit tools and resources.')
    .waitFor();
  await page.screenshot({ path: `${shots}save-error.png`, fullPage: true });

  // Dark, as the system asks: still readable (axe checks the contrast).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await field(page, 'URL').waitFor();
  expect(await page.evaluate<boolean>(`document.documentElement.classList.contains('dark')`)).toBe(true);
  expect(await seriousA11yViolations(page), 'save page, dark').toEqual([]);
  await page.screenshot({ path: `${shots}save-dark.png`, fullPage: true });
}, 90_000);
