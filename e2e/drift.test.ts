// The Drift page: upload a package.json that uses a tool the team avoids, see it listed with the preferred
// alternative of its category, the unknown dependency ready to add; on a phone-sized screen, by keyboard.
import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';

const PACKAGE_JSON = `{
  "name": "launcher",
  "dependencies": {
    "rocket": "^1.0.0",
    "left-pad": "1.3.0"
  }
}
`;

test('drift: an uploaded package.json using an avoided tool, with the preferred alternative', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'drift', 'code');
  const api = await CatalogApi.of(page, 'code');
  // Rocket and Nebula from the fixture web server: the team avoids Rocket and prefers Nebula for launching.
  for (const path of ['/tool', '/json-ld']) await api.ingestTool(`${origin}${path}`);
  const tools = await api.call<Array<{ workspace_tool_id: string; metadata: { name: string | null } }>>(
    'GET',
    `/tools?workspace_id=${api.workspaceId}`,
  );
  const id = (name: string) =>
    tools.find((tool) => tool.metadata.name?.toLowerCase() === name)?.workspace_tool_id;
  await api.call('PUT', `/tools/workspace/${id('rocket')}/stance`, {
    stance: 'avoid',
    category: 'Launchers',
    note: 'Too loud',
  });
  await api.call('PUT', `/tools/workspace/${id('nebula')}/stance`, {
    stance: 'preferred',
    category: 'Launchers',
  });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/${username}/code/drift`);
  await page.getByRole('heading', { level: 1, name: 'Drift' }).waitFor();
  await page.getByText('No scan yet.', { exact: false }).waitFor();

  await page.getByLabel(/Manifest files/).setInputFiles({
    name: 'package.json',
    mimeType: 'application/json',
    buffer: Buffer.from(PACKAGE_JSON),
  });
  const avoided = page.getByRole('region', { name: /Tools the team avoids/ });
  await avoided
    .getByText('a tool the team avoids (Too loud). The team prefers Nebula.', { exact: false })
    .waitFor();
  expect(await avoided.innerText()).toContain('package.json:4');
  expect(await avoided.innerText()).toContain('Matched by its name');
  const instead = page.getByRole('region', { name: /Preferred tools the code does not use/ });
  expect(await instead.innerText()).toContain('Launchers: the team prefers Nebula; the code uses Rocket.');
  const unknown = page.getByRole('region', { name: /Not in the workspace/ });
  expect(await unknown.innerText()).toContain('left-pad');

  // Nothing runs off a phone's screen.
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(overflow).toBeLessThanOrEqual(375);
  expect(await seriousA11yViolations(page), 'drift page').toEqual([]);

  // By keyboard: the dependency's box is reachable and Space chooses it for "Add as tools".
  const box = unknown.getByRole('checkbox', { name: 'Add left-pad as a tool' });
  await box.focus();
  await page.keyboard.press('Space');
  expect(await box.isChecked()).toBe(true);
  await unknown.getByRole('button', { name: 'Add as tools (1)' }).waitFor();

  // The page is linked from the workspace's navigation.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/${username}/code`);
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Drift' }).click();
  await page.waitForURL(`**/${username}/code/drift`);
  await avoided.waitFor();
}, 180_000);
