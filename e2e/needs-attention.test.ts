// Link health against the real server and the fixture site: a page the site took down is listed as gone
// with its saved copy, a permanent redirect offers its new URL, both are marked in the resources list, and
// marking an item as kept empties the list.
import { inject } from 'vitest';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';
import { expect, test } from './support/fixtures.ts';

test('Needs attention lists a gone link, takes a moved one’s new URL and keeps what is marked', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'health', 'links');
  const api = await CatalogApi.of(page, 'links');
  const name = `health-${Date.now().toString(36)}`;
  const gone = await api.ingestResource(`${origin}/articles/${name}`);
  const moved = await api.ingestResource(`${origin}/redirect/1?${name}`);
  await api.call('PATCH', `/resources/${gone.resource_id}`, { title: 'Taken down article' });
  await api.call('PATCH', `/resources/${moved.resource_id}`, { title: 'Moved tool page' });
  expect((await fetch(`${origin}/articles/${name}/gone`)).status).toBe(204);

  await page.goto(`/${username}/links`);
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Needs attention' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Needs attention' }).waitFor();
  await page.getByText('Nothing needs attention: every checked link works.').waitFor();

  await page.getByRole('button', { name: 'Check all links now' }).click();
  await page.getByText('Checking 2 links…').waitFor();
  const goneItem = page.getByRole('listitem').filter({ hasText: 'Taken down article' });
  const movedItem = page.getByRole('listitem').filter({ hasText: 'Moved tool page' });
  await goneItem.getByText('Gone', { exact: true }).waitFor({ timeout: 30_000 });
  await movedItem.getByText(`Permanently redirects to ${origin}/tool`).waitFor({ timeout: 30_000 });
  expect(await goneItem.getByRole('link', { name: 'Open saved copy' }).getAttribute('href')).toBe(
    `/${username}/links/resources/${gone.resource_id}/copy`,
  );

  // The resources list marks the two cards too.
  await page.goto(`/${username}/links/resources`);
  const card = (title: string) => page.getByRole('link').filter({ hasText: title });
  await card('Taken down article').getByText('Link gone', { exact: true }).waitFor();
  await card('Moved tool page').getByText('Link moved', { exact: true }).waitFor();
  await page.goto(`/${username}/links/needs-attention`);

  await movedItem.getByRole('button', { name: 'Use new URL' }).click();
  await movedItem.waitFor({ state: 'detached' });
  const edited = await api.call<{ raw_submitted_url: string }>('GET', `/resources/${moved.resource_id}`);
  expect(edited.raw_submitted_url).toBe(`${origin}/tool`);

  // Keyboard: the gone item's Mark as kept is reached and pressed without the mouse.
  await goneItem.getByRole('button', { name: 'Mark as kept' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Nothing needs attention: every checked link works.').waitFor();

  // The dashboard's panel says the same; narrow screens read the page without scrolling sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/${username}/links`);
  await page.getByText('No broken or moved links.').waitFor();
  await page.goto(`/${username}/links/needs-attention`);
  await page.getByRole('heading', { level: 1, name: 'Needs attention' }).waitFor();
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
}, 120_000);
