// The tech radar page: the stances drawn as numbered dots with the same numbers in the list beside them, a dot's
// name on keyboard focus, an export downloaded, the settings moving accepted tools to Assess, dark, and 375 px.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';
import { expect, test } from './support/fixtures.ts';

// Screenshots for a look (e2e/artifacts is not committed).
const screenshotsDir = fileURLToPath(new URL('./artifacts/radar/', import.meta.url));

test('radar: dots and list agree, focus names a dot, a download, and settings move a ring', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'radar', 'radar');
  const api = await CatalogApi.of(page, 'radar');
  for (const path of ['/tool', '/json-ld']) await api.ingestTool(`${origin}${path}`);
  const tools = await api.call<Array<{ workspace_tool_id: string; metadata: { name: string | null } }>>(
    'GET',
    `/tools?workspace_id=${api.workspaceId}`,
  );
  const idOf = (name: string) =>
    tools.find((tool) => tool.metadata.name?.toLowerCase() === name)?.workspace_tool_id;
  await api.call('PUT', `/tools/workspace/${idOf('rocket')}/stance`, {
    stance: 'preferred',
    category: 'Testing',
  });
  await api.call('PUT', `/tools/workspace/${idOf('nebula')}/stance`, {
    stance: 'accepted',
    category: 'Database',
  });

  await page.goto(`/${username}/radar/tools`);
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Radar' }).click();
  await page.waitForURL(`**/${username}/radar/radar`);
  await page.getByRole('heading', { level: 1, name: 'Tech radar' }).waitFor();

  // Rocket (Tools, Adopt) is number 1, Nebula (Platforms, Trial) number 2, in the drawing and in the list.
  const dots = page.locator('svg g[data-number]');
  await expect.poll(() => dots.allTextContents(), { timeout: 30_000 }).toEqual(['1', '2']);
  const tools1 = page.getByRole('region', { name: 'Tools' });
  await expect
    .poll(() => tools1.getByRole('listitem').allTextContents(), { timeout: 30_000 })
    .toEqual(['1Rocket']);
  const platforms = page.getByRole('region', { name: 'Platforms' });
  expect(await platforms.getByText('Trial', { exact: true }).count()).toBe(1);
  expect(await platforms.getByRole('listitem').allTextContents()).toEqual(['2Nebula']);
  expect(await seriousA11yViolations(page), 'radar page').toEqual([]);

  // Tab onto the first dot: its name shows on the radar.
  await page.getByRole('img', { name: '1. Rocket: Adopt' }).focus();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Rocket' }).count(), { timeout: 30_000 })
    .toBe(1);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Backstage JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('stackyard-radar-radar-backstage.json');
  const backstage = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    entries: Array<{ title: string; quadrant: string; timeline: Array<{ ringId: string }> }>;
  };
  expect(backstage.entries.map((entry) => [entry.title, entry.quadrant, entry.timeline[0]?.ringId])).toEqual([
    ['Rocket', 'q2', 'adopt'],
    ['Nebula', 'q3', 'trial'],
  ]);

  // The owner moves accepted tools to Assess and Database to the first quadrant.
  const settings = page.getByRole('form', { name: 'Radar settings' });
  await settings.getByLabel('Ring for accepted tools').selectOption('assess');
  await settings.getByLabel('Quadrant 1 name').fill('Data & Languages');
  await settings.getByLabel('Database').selectOption({ label: 'Data & Languages' });
  await settings.getByRole('button', { name: 'Save radar settings' }).click();
  await settings.getByText('Radar settings saved.').waitFor();
  const data = page.getByRole('region', { name: 'Data & Languages' });
  await data.getByText('Assess', { exact: true }).waitFor();
  expect(await data.getByRole('listitem').allTextContents()).toEqual(['1Nebula']);

  // Dark: the page follows the theme, its contrast still passes.
  await page.getByRole('combobox', { name: 'Theme' }).first().selectOption('dark');
  expect(await page.evaluate<boolean>(`document.documentElement.classList.contains('dark')`)).toBe(true);
  expect(await seriousA11yViolations(page), 'radar page, dark').toEqual([]);
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: `${screenshotsDir}dark.png`, fullPage: true });

  // At 375 px the list sits below the drawing, and nothing overflows sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  const svgBox = await page.getByRole('group', { name: 'Tech radar' }).boundingBox();
  const listBox = await data.boundingBox();
  expect(svgBox && listBox && listBox.y >= svgBox.y + svgBox.height).toBe(true);
  expect(
    await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    ),
  ).toBe(0);
  await page.screenshot({ path: `${screenshotsDir}phone.png`, fullPage: true });
}, 120_000);
