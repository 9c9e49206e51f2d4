// A resource's saved copy against the real server and the fixture site: save an article, read its copy,
// then the site answers 404, a refresh fails, and the copy is still readable and found by search.
import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { signUpWithWorkspace } from './support/catalog-api.ts';

test('a saved copy outlives its page and stays searchable', async ({ page }) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'copy', 'reading');
  const name = `guide-${Date.now().toString(36)}`;
  const url = `${origin}/articles/${name}`;
  const title = `Field notes on ${name}`;

  await page.goto(`/${username}/reading/tool-ingestions?kind=resource`);
  await page.getByRole('textbox', { name: 'URLs' }).fill(url);
  await page.getByRole('button', { name: /^Submit/ }).click();
  await page
    .getByRole('article', { name: url, exact: true })
    .getByText('Added', { exact: true })
    .waitFor({ timeout: 30_000 });

  await page.goto(`/${username}/reading/resources`);
  await page.getByRole('link', { name: title }).first().click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('link', { name: 'Saved copy' }).click();
  await page.waitForURL(`**/resources/*/copy`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByText('An aerostat stays aloft because its envelope holds a lifting gas').waitFor();
  await page.getByText(/^Saved /).waitFor();
  expect(await page.getByRole('link', { name: 'the history' }).getAttribute('href')).toBe(
    `${origin}/articles/${name}/history`,
  );
  expect(await page.getByText('changed by a script').count()).toBe(0);
  expect(await page.title()).not.toContain('changed by a script');

  // Narrow screens read it without scrolling sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

  // The site takes the page down; reading it again fails, and the copy stays.
  expect((await fetch(`${url}/gone`)).status).toBe(204);
  await page.getByRole('link', { name: 'Back to the resource' }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  const refreshed = page.waitForResponse(
    (response) => response.url().endsWith('/refresh') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Refresh metadata' }).click();
  expect((await refreshed).status()).toBe(422);
  await page.getByRole('link', { name: 'Saved copy' }).click();
  await page.getByText('An aerostat stays aloft because its envelope holds a lifting gas').waitFor();

  // Its text is searchable: a word only the copy has finds the resource.
  await page.goto(`/${username}/reading/resources?q=aerostat`);
  await page.getByRole('link', { name: title }).first().waitFor();
}, 120_000);
