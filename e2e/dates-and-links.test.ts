// One date format everywhere (relative, the full date on hover) and links in comments that stay safe.
import type { Locator } from 'playwright-core';
import { inject } from 'vitest';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';
import { expect, test } from './support/fixtures.ts';

/** A date as every page shows it: words for the reader, the full date and time on hover and for machines. */
async function expectRelativeDate(time: Locator, words: RegExp) {
  expect(await time.textContent()).toMatch(words);
  expect(await time.getAttribute('title')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
  expect(Number.isNaN(Date.parse((await time.getAttribute('datetime')) ?? ''))).toBe(false);
}

test('comments: URLs are links marked nofollow noopener ugc, the rest stays text; dates are relative', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'links', 'notes');
  const api = await CatalogApi.of(page, 'notes');
  await api.ingestTool(`${origin}/tool`);
  await api.createProject('Moon Base');

  await page.goto(`/${username}/notes/tools/rocket`);
  await page
    .getByLabel('Add a comment')
    .fill(
      'Docs at https://rocket.example/guide?a=1&b=2, see (https://en.example/wiki/Rocket_(tool)).\n' +
        '<a href="javascript:alert(1)">click</a> <img src=x onerror="window.__pwned = 1"> javascript:alert(2)',
    );
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const comment = page.getByRole('listitem').filter({ hasText: 'Docs at' });
  await comment.waitFor();

  const links = comment.getByRole('link');
  expect(await links.count()).toBe(2);
  expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual([
    'https://rocket.example/guide?a=1&b=2',
    'https://en.example/wiki/Rocket_(tool)',
  ]);
  for (const rel of await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('rel')))) {
    expect(rel).toBe('nofollow noopener ugc');
  }
  // The markup is shown as typed; nothing of it became an element or ran.
  expect(await comment.textContent()).toContain('<a href="javascript:alert(1)">click</a> <img src=x');
  expect(await comment.locator('img, a[href^="javascript"]').count()).toBe(0);
  expect(await page.evaluate<unknown>('window.__pwned')).toBeUndefined();
  await expectRelativeDate(comment.locator('time'), /^just now$/);

  // The projects list and the project page say when in the same words.
  await page.goto(`/${username}/notes/projects`);
  await expectRelativeDate(page.getByRole('link', { name: /Moon Base/ }).locator('time'), /^just now$/);
  await page.getByRole('link', { name: /Moon Base/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Moon Base' }).waitFor();
  await expectRelativeDate(page.locator('dd time'), /^just now$/);

  // So does the ingestions page.
  await page.goto(`/${username}/notes/tool-ingestions`);
  await expectRelativeDate(
    page
      .getByText(/^Submitted/)
      .first()
      .locator('time'),
    /^just now$/,
  );
}, 90_000);
