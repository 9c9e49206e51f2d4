// Correcting what was saved, in place on the tool and resource pages: Edit → fields → Save or Cancel with
// the keyboard, the server's refusal next to its field, stars that rate by click and by arrow keys, at
// 375 px; a viewer sees none of it.
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpInNewContext, signUpWithWorkspace } from './support/catalog-api.ts';

// Evaluated in the page, as strings: the e2e code is type-checked without the DOM's types.
const focusedName = (page: Page) =>
  page.evaluate<string | null>(`document.activeElement?.getAttribute('aria-label') ?? null`);

const checkedStar = (page: Page) =>
  page.evaluate<string | null>(`document.querySelector('[role=radiogroup] input:checked')?.value ?? null`);

const focusedId = (page: Page) => page.evaluate<string | null>(`document.activeElement?.id ?? null`);

test('an editor corrects a tool inline with the keyboard, at 375 px, and rates it with the stars', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'fix', 'kit');
  const api = await CatalogApi.of(page, 'kit');
  const submission = await api.ingestTool(`${origin}/tool`);
  if (!submission.workspace_tool_id) throw new Error('the submission made no tool');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/${username}/kit/tools/rocket`);
  await page.getByRole('heading', { level: 1, name: 'rocket' }).waitFor();

  // Escape cancels: nothing is sent, and focus is back on Edit.
  await page.getByRole('button', { name: 'Edit tool' }).click();
  const form = page.getByRole('form', { name: 'Edit tool' });
  await form.waitFor();
  expect(await focusedId(page)).toBe(await form.getByLabel('Name', { exact: true }).getAttribute('id'));
  await form.getByLabel('Name', { exact: true }).fill('Thrown away');
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });
  expect(await focusedName(page)).toBe('Edit tool');
  expect(await page.getByText('Thrown away').count()).toBe(0);

  // A URL the server refuses: its message next to the field, the form stays open.
  await page.getByRole('button', { name: 'Edit tool' }).click();
  await form.getByLabel('Documentation URL', { exact: true }).fill('docs.rocket.example');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByText('Must be a valid http or https URL').waitFor();
  expect(await form.getByLabel('Documentation URL', { exact: true }).getAttribute('aria-invalid')).toBe(
    'true',
  );
  expect(await seriousA11yViolations(page), 'tool editor with an error').toEqual([]);
  // Nothing in the page is wider than the phone.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

  // Enter in a one-line field saves.
  await form.getByLabel('Documentation URL', { exact: true }).fill('https://docs.rocket.example/');
  await form.getByLabel('Name', { exact: true }).fill('Rocket Launcher');
  await form.getByLabel('Name', { exact: true }).press('Enter');
  await form.waitFor({ state: 'detached' });
  await page.getByText('Rocket Launcher').waitFor();
  expect(
    await page
      .getByRole('list', { name: 'Links' })
      .getByRole('link', { name: 'Documentation' })
      .getAttribute('href'),
  ).toBe('https://docs.rocket.example/');
  expect(await focusedName(page)).toBe('Edit tool');

  // Stars: a click sets the rating, the arrow keys move it; both are saved.
  await page.getByRole('radio', { name: '2 stars' }).click();
  await expect.poll(() => checkedStar(page)).toBe('2');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => checkedStar(page)).toBe('3');
  await expect
    .poll(
      async () =>
        (
          await api.call<{ context: { rating: number } }>(
            'GET',
            `/tools/workspace/${submission.workspace_tool_id}`,
          )
        ).context.rating,
    )
    .toBe(3);
  await page.reload();
  await page.getByRole('radio', { name: '3 stars' }).waitFor();
  expect(await checkedStar(page)).toBe('3');
  expect(await page.getByText('Rocket Launcher').count()).toBe(1);
}, 90_000);

test('an editor corrects a resource; a link the workspace has is refused; a viewer sees no Edit', async ({
  page,
  browser,
  baseUrl,
}) => {
  const origin = inject('fixtureOrigin');
  const viewer = await signUpInNewContext(browser, baseUrl, 'reader', 'own');
  const username = await signUpWithWorkspace(page, 'curator', 'reading');
  const api = await CatalogApi.of(page, 'reading');
  const first = await api.ingestResource(`${origin}/tool`);
  const second = await api.ingestResource(`${origin}/bare`);
  if (!first.resource_id || !second.resource_id) throw new Error('the submissions made no resources');
  await api.call('POST', `/workspaces/${api.workspaceId}/members`, {
    username: viewer.username,
    role: 'viewer',
  });

  await page.goto(`/${username}/reading/resources/${second.resource_id}`);
  await page.getByRole('button', { name: 'Edit resource' }).click();
  const form = page.getByRole('form', { name: 'Edit resource' });
  await form.getByLabel('URL', { exact: true }).fill(`${origin}/tool`);
  await form.getByRole('button', { name: 'Save' }).click();
  await form
    .getByText(/^This link is already saved in the workspace as ".+" \(resource [0-9a-f-]+\)$/)
    .waitFor();

  await form.getByLabel('URL', { exact: true }).fill(`${origin}/bare?edited=1`);
  await form.getByLabel('Title', { exact: true }).fill('Bare, but named');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { level: 1, name: 'Bare, but named' }).waitFor();
  await page.getByRole('link', { name: `${origin}/bare?edited=1` }).waitFor();

  // The viewer reads the correction, with the stars as a picture and no way to edit.
  await viewer.page.goto(`/${username}/reading/resources/${second.resource_id}`);
  await viewer.page.getByRole('heading', { level: 1, name: 'Bare, but named' }).waitFor();
  expect(await viewer.page.getByRole('button', { name: 'Edit resource' }).count()).toBe(0);
  expect(await viewer.page.getByRole('radio').count()).toBe(0);
  await viewer.page.getByRole('img', { name: 'Not rated' }).waitFor();
  await viewer.context.close();
}, 90_000);

test('"Refresh metadata" shows what the page says now and applies only the ticked fields', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'refresh', 'notes');
  const api = await CatalogApi.of(page, 'notes');
  const saved = await api.ingestResource(`${origin}/tool`);
  if (!saved.resource_id) throw new Error('the submission made no resource');
  // The link now points at another page; the title was written by hand.
  await api.call('PATCH', `/resources/${saved.resource_id}`, {
    url: `${origin}/json-ld`,
    title: 'Our notes',
  });

  await page.goto(`/${username}/notes/resources/${saved.resource_id}`);
  await page.getByRole('heading', { level: 1, name: 'Our notes' }).waitFor();
  await page.getByRole('button', { name: 'Refresh metadata' }).click();
  const proposals = page.getByRole('region', { name: 'Proposed changes' });
  await proposals.waitFor();
  const title = proposals.getByRole('checkbox', { name: /^Title \(edited by hand\)/ });
  const description = proposals.getByRole('checkbox', { name: /^Description/ });
  expect(await title.isChecked()).toBe(false);
  expect(await description.isChecked()).toBe(true);
  await proposals.getByText('Nebula keeps your clusters tidy.').waitFor();
  expect(await seriousA11yViolations(page), 'proposed changes').toEqual([]);

  await proposals.getByRole('button', { name: 'Apply selected' }).click();
  await proposals.waitFor({ state: 'detached' });
  await page.getByText('Nebula keeps your clusters tidy.').waitFor();
  await page.getByRole('heading', { level: 1, name: 'Our notes' }).waitFor();
}, 90_000);
