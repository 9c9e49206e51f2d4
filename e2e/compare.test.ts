// The comparison page: pick three tools from the tools list, compare them side by side, keep only the
// rows where they differ, copy the comparison as Markdown, and the same page on a 375 px phone and in dark
// mode. Screenshots land in e2e/artifacts/compare/ for a look.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';
import { expect, test } from './support/fixtures.ts';

const screenshotsDir = fileURLToPath(new URL('./artifacts/compare/', import.meta.url));

const columnNames = (page: Page) =>
  page.getByRole('table').locator('thead').getByRole('columnheader').getByRole('link').allInnerTexts();

test('compare: three tools from the list, differences only, Markdown, phone and dark mode', async ({
  page,
  baseUrl,
}) => {
  mkdirSync(screenshotsDir, { recursive: true });
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'compare', 'picks');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const api = await CatalogApi.of(page, 'picks');
  // Rocket, Nebula and Quasar from the fixture web server; the team rated two of them.
  const ids: string[] = [];
  for (const path of ['/tool', '/json-ld', '/bare']) {
    ids.push((await api.ingestTool(`${origin}${path}`)).workspace_tool_id ?? '');
  }
  await api.call('PUT', `/tools/workspace/${ids[0]}`, { context: { rating: 5 } });
  await api.call('PUT', `/tools/workspace/${ids[1]}`, { context: { rating: 2 } });

  // Compare mode on the tools list: three checked, then the comparison.
  await page.goto(`/${username}/picks/tools`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 2, name: /quasar/i }).waitFor();
  await page.getByRole('button', { name: 'Compare tools' }).click();
  for (const name of [/rocket/i, /nebula/i, /quasar/i]) await main.getByRole('checkbox', { name }).check();
  await page.getByRole('link', { name: 'Compare (3)' }).click();
  await page.waitForURL(/\/picks\/compare\?tools=[^,]+,[^,]+,[^,]+$/);
  await page.getByRole('heading', { level: 1, name: 'Compare tools' }).waitFor();
  const table = page.getByRole('table');
  await table.waitFor();
  expect((await columnNames(page)).map((name) => name.toLowerCase()).sort()).toEqual([
    'nebula',
    'quasar',
    'rocket',
  ]);

  // The team's rating: Rocket's 5 is marked best, in words, not by colour alone.
  const rating = table.getByRole('row', { name: /^Rating/ });
  await expect.poll(() => rating.getByText('Best').count()).toBe(1);
  expect(await rating.locator('td[data-best]').getByRole('img').getAttribute('aria-label')).toBe(
    'Rated 5 out of 5',
  );
  expect(await seriousA11yViolations(page), 'compare page').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${screenshotsDir}light-1280.png`, fullPage: true });

  // Differences only: the licence (unknown for all three) goes, the rating stays.
  await table.getByRole('row', { name: /^Licence/ }).waitFor();
  const differences = page.getByRole('switch', { name: 'Differences only' });
  await differences.click();
  expect(await differences.getAttribute('aria-checked')).toBe('true');
  await expect.poll(() => table.getByRole('row', { name: /^Licence/ }).count()).toBe(0);
  await rating.waitFor();

  // Copy as Markdown: what is on screen, as tables, best values in bold; a toast confirms.
  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  await page.getByText('Comparison copied as Markdown').waitFor();
  const markdown = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(markdown).toMatch(/^# Comparison: \w+ vs \w+ vs \w+\n/);
  expect(markdown).toContain('## Team');
  expect(markdown).toContain('**5/5**');
  expect(markdown).not.toContain('| Licence |');

  // Removing a tool changes the address; two are left.
  const removed = (await columnNames(page))[2] ?? '';
  await page.getByRole('button', { name: `Remove ${removed}` }).click();
  await expect.poll(async () => (await columnNames(page)).length).toBe(2);
  expect(new URL(page.url()).searchParams.get('tools')?.split(',')).toHaveLength(2);

  // A phone: the page does not overflow; the table's columns swipe inside their own scroller.
  await page.setViewportSize({ width: 375, height: 800 });
  await differences.click();
  const scroller = page.getByRole('region', { name: 'Comparison table' });
  await scroller.waitFor();
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  const overflow = await scroller.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(overflow).toBe(true);
  await page.screenshot({ path: `${screenshotsDir}light-375.png`, fullPage: true });

  // Dark mode (the system's choice, the default): still readable, no serious axe violation.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await table.waitFor();
  expect(await seriousA11yViolations(page), 'compare page, dark, 375 px').toEqual([]);
  await page.screenshot({ path: `${screenshotsDir}dark-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${screenshotsDir}dark-1280.png`, fullPage: true });
}, 120_000);

test('compare: one tool explains and offers the picker; an unknown tool shows the API message', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'comparex', 'picks');
  const api = await CatalogApi.of(page, 'picks');
  for (const path of ['/tool', '/json-ld']) await api.ingestTool(`${origin}${path}`);
  const slugs = (
    await api.call<Array<{ slug: string }>>('GET', `/tools?workspace_id=${api.workspaceId}`)
  ).map((tool) => tool.slug);
  const [first = '', second = ''] = slugs;

  await page.goto(`/${username}/picks/compare?tools=${first}`);
  await page.getByRole('heading', { name: 'Pick at least two tools' }).waitFor();
  // The picker, by keyboard: open, the first other tool, Enter.
  const picker = page.getByRole('combobox', { name: 'Add a tool' });
  await picker.focus();
  await page.getByRole('listbox', { name: 'Workspace tools' }).getByRole('option').first().waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/picks/compare?tools=${first},${second}`);
  await page.getByRole('table').waitFor();

  await page.goto(`/${username}/picks/compare?tools=${first},no-such-tool`);
  await page.getByRole('alert').getByText('Could not compare these tools:').waitFor();
  await page.getByRole('button', { name: 'Remove no-such-tool' }).click();
  await page.getByRole('heading', { name: 'Pick at least two tools' }).waitFor();
}, 90_000);

test('tool page: the facts with a refresh for editors, and Compare with… the tools sharing a tag', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'comparew', 'picks');
  const api = await CatalogApi.of(page, 'picks');
  const ids: string[] = [];
  for (const path of ['/tool', '/json-ld', '/bare']) {
    ids.push((await api.ingestTool(`${origin}${path}`)).workspace_tool_id ?? '');
  }
  const tools = await api.call<Array<{ slug: string; workspace_tool_id: string }>>(
    'GET',
    `/tools?workspace_id=${api.workspaceId}`,
  );
  const slugOf = (id: string) => tools.find((tool) => tool.workspace_tool_id === id)?.slug ?? '';
  // The first two share a tag; the third has none.
  const tag = await api.createTag('bundlers');
  for (const id of ids.slice(0, 2)) await api.call('PUT', `/tools/workspace/${id}/tags/${tag.id}`);

  await page.goto(`/${username}/picks/tools/${slugOf(ids[0] ?? '')}`);
  const facts = page.getByRole('region', { name: 'Facts' });
  await facts.getByRole('heading', { name: 'Facts' }).waitFor();
  // The fixture site's tools link no repository or package: the refresh runs and finds nothing to show.
  await facts.getByRole('button', { name: 'Refresh facts' }).click();
  await facts.getByText(/^Refreshed (just now|\d+ minutes? ago)/).waitFor({ timeout: 20_000 });
  await facts.getByRole('button', { name: 'Refresh facts' }).waitFor({ timeout: 20_000 });
  await facts
    .getByText('No facts yet: they come from the tool’s repository and package registries.')
    .waitFor();

  const proposals = page.getByRole('list', { name: 'Tools sharing its tags or topics' });
  const link = proposals.getByRole('link');
  await expect.poll(() => link.count()).toBe(1);
  await link.click();
  await page.waitForURL(`**/picks/compare?tools=${slugOf(ids[0] ?? '')},${slugOf(ids[1] ?? '')}`);
  await page.getByRole('table').waitFor();
  expect(await seriousA11yViolations(page), 'compare from the tool page').toEqual([]);
}, 90_000);
