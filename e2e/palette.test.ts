// The command palette (Ctrl/⌘+K): full-text search of the current workspace with highlighted snippets that
// stay text, jumps to tools, projects and a comment's item, navigation commands, keyboard only, Escape, focus.
import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';

test('palette: search, jump by keyboard, comments lead to their item, snippets stay text', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'pal', 'desk');
  const api = await CatalogApi.of(page, 'desk');
  await api.ingestTool(`${origin}/tool`);
  await api.ingestTool(`${origin}/bare`);
  const project = await api.createProject('Moon Launch');
  await api.call('POST', `/projects/${project.id}/comments`, {
    content: 'Deploy tonight <img src=x onerror="window.__pwned = true"> with the <b>gantry</b>',
  });

  // The shortcut opens it with the search field focused.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.waitFor();
  await palette.getByRole('combobox').waitFor();
  expect(await page.evaluate<boolean>("document.activeElement?.hasAttribute('cmdk-input') ?? false")).toBe(
    true,
  );
  // Before typing: the navigation commands.
  for (const name of ['Dashboard', 'Projects', 'Tools', 'Resources', 'Settings']) {
    await palette.getByRole('option', { name, exact: true }).waitFor();
  }
  expect(await seriousA11yViolations(page), 'palette open').toEqual([]);

  // A tool by name, highlighted, opened with Enter.
  await page.keyboard.type('quasar');
  const hit = palette.getByRole('option', { name: /Tool\s*quasar/i });
  await hit.waitFor();
  expect(await hit.locator('mark').first().textContent()).toMatch(/quasar/i);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/${username}/desk/tools/quasar`);
  expect(await palette.isVisible()).toBe(false);

  // A comment's hit goes to the project it is on; its snippet shows the markup as text, nothing runs.
  await page.keyboard.press('Control+k');
  await palette.waitFor();
  await page.keyboard.type('gantry');
  const comment = palette.getByRole('option', { name: /Comment/ });
  await comment.waitFor();
  // The search drops angle brackets from snippets; the rest (quotes included) arrives escaped and shows as typed.
  expect(await comment.textContent()).toContain('img src=x onerror="window.__pwned = true"');
  expect(await comment.locator('img, b').count()).toBe(0);
  expect(await comment.locator('mark').textContent()).toBe('gantry');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/${username}/desk/projects/${project.slug}`);
  await page.getByRole('heading', { level: 1, name: 'Moon Launch' }).waitFor();
  expect(await page.evaluate<unknown>('window.__pwned')).toBeUndefined();

  // Navigation commands filter as one types.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('sett');
  await palette.getByRole('option', { name: 'Settings', exact: true }).waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/settings');

  // Nothing found says so.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('zzzqqq');
  await palette.getByText('No results found.').waitFor();
  await page.keyboard.press('Escape');
  await palette.waitFor({ state: 'hidden' });
}, 90_000);

test('palette: the sidebar button opens it, Escape closes it and focus returns', async ({ page }) => {
  await signUpWithWorkspace(page, 'palf', 'focus');
  const opener = page.getByRole('button', { name: /Search/ });
  await opener.click();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.waitFor();
  await page.keyboard.press('Escape');
  await palette.waitFor({ state: 'hidden' });
  expect(await page.evaluate<string>("document.activeElement?.textContent ?? ''")).toMatch(/^Search\.\.\./);

  // Ctrl+K toggles it shut as well; the page behind keeps working.
  await page.keyboard.press('Control+k');
  await palette.waitFor();
  await page.keyboard.press('Control+k');
  await palette.waitFor({ state: 'hidden' });
  await page.getByRole('link', { name: 'Tools' }).click();
  await page.getByRole('heading', { name: 'No tools yet' }).waitFor();
}, 60_000);

test('palette: a tool or resource whose name starts with the text comes before comments, shown by name', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  await signUpWithWorkspace(page, 'palr', 'rank');
  const api = await CatalogApi.of(page, 'rank');
  const tool = await api.ingestTool(`${origin}/tool`);
  // Says the word more often than any name or description does: ranked by the words alone, it would lead.
  await api.call('POST', `/tools/workspace/${tool.workspace_tool_id}/comments`, {
    content: 'rocket rocket rocket, rockets everywhere: rocket',
  });
  // Mentions it in its title and description, but its title starts otherwise.
  await api.ingestResource(`${origin}/acme/rocket-engine`);

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.waitFor();
  await page.keyboard.type('rock');
  const results = palette.getByRole('group', { name: 'Results' }).getByRole('option');
  await palette.getByRole('option', { name: /^Comment/ }).waitFor();
  await palette.getByRole('option', { name: /^Resource/ }).waitFor();
  const first = results.first();
  // The tool's name ("Rocket"), not its slug ("rocket"); the comment is titled by that name too.
  expect(await first.locator('.font-medium').allTextContents()).toEqual(['Tool', 'Rocket']);
  expect(
    await palette
      .getByRole('option', { name: /^Comment/ })
      .locator('.truncate')
      .textContent(),
  ).toBe('Comment on Rocket');
  // Enter opens the highlighted first hit: the tool.
  await page.keyboard.press('Enter');
  await page.waitForURL('**/rank/tools/rocket');
}, 90_000);
