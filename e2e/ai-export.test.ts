// The AI-assistant export page: choose formats, preview (highlighted) and copy a file, download the
// zip; the stances behind it, set in bulk from the tools list; and one project's stack instead of the workspace's.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';

test('ai-export: preview, copy and a zip of the chosen formats', async ({ page, baseUrl }) => {
  const username = await signUpWithWorkspace(page, 'aiexp', 'stack');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await page.goto(`/${username}/stack/ai-export`);
  await page.getByRole('heading', { level: 1, name: 'AI-assistant export' }).waitFor();

  // AGENTS.md is previewed first, generated from the (still empty) stack.
  const agents = page.getByLabel('Preview of AGENTS.md');
  await agents.getByText('No tool is marked preferred yet.', { exact: false }).waitFor();
  expect(await seriousA11yViolations(page), 'ai-export page').toEqual([]);

  // Another file: the Cursor rule opens with its front matter; Copy puts exactly the file on the clipboard.
  await page.getByRole('button', { name: 'Preview .cursor/rules/stack.mdc' }).click();
  const rule = page.getByLabel('Preview of .cursor/rules/stack.mdc');
  await rule.getByText('alwaysApply: true', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByRole('button', { name: 'Copied' }).waitFor();
  // A string: the e2e files are type-checked without the DOM library.
  const clipboard = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(clipboard.startsWith('---\ndescription: ')).toBe(true);
  expect(clipboard).toBe(await rule.textContent());

  // Only the chosen formats go into the zip, at their repository paths.
  for (const path of [
    'CLAUDE.md',
    'GEMINI.md',
    '.windsurf/rules/stack.md',
    'stack.schema.json',
    'techstack.yml',
  ]) {
    await page.getByLabel(path, { exact: true }).uncheck();
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download zip' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('stackyard-stack-ai.zip');
  const zipPath = await download.path();
  const listed = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n');
  expect(listed).toEqual([
    'AGENTS.md',
    '.cursor/rules/stack.mdc',
    '.github/copilot-instructions.md',
    'llms.txt',
    'package.json',
    'requirements.txt',
    'Cargo.toml',
    'stack.json',
    '.github/workflows/stackyard-check.yml',
  ]);
  const stackJson = JSON.parse(
    execFileSync('unzip', ['-p', zipPath, 'stack.json'], { encoding: 'utf8' }),
  ) as {
    workspace: { slug: string };
  };
  expect(stackJson.workspace.slug).toBe('stack');
  expect(readFileSync(zipPath).subarray(0, 4).toString('hex')).toBe('504b0304');
}, 120_000);

test('ai-export: filter the tools by stance, mark two preferred in bulk, see them in the export', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'stance', 'picks');
  const api = await CatalogApi.of(page, 'picks');
  // Rocket, Nebula and Quasar from the fixture web server; a project that uses only Nebula.
  for (const path of ['/tool', '/json-ld', '/bare']) await api.ingestTool(`${origin}${path}`);
  const tools = await api.call<Array<{ workspace_tool_id: string; metadata: { name: string | null } }>>(
    'GET',
    `/tools?workspace_id=${api.workspaceId}`,
  );
  const nebula = tools.find((tool) => tool.metadata.name?.toLowerCase() === 'nebula');
  await api.call('POST', '/projects', {
    workspace_id: api.workspaceId,
    metadata: { name: 'Launch pad' },
    tool_ids: [nebula?.workspace_tool_id],
  });

  const nav = page.getByRole('navigation', { name: 'Workspace' });
  await nav.getByRole('link', { name: 'Tools' }).click();
  await page.waitForURL(`**/${username}/picks/tools`);
  const main = page.getByRole('main');
  const cards = main.getByRole('listitem').getByRole('heading', { level: 2 });
  const names = async () => (await cards.allInnerTexts()).map((text) => text.toLowerCase()).sort();
  await expect.poll(names, { timeout: 10_000 }).toEqual(['nebula', 'quasar', 'rocket']);
  const stance = page.getByRole('combobox', { name: 'Stance' });
  await stance.selectOption('preferred');
  await main.getByRole('heading', { name: 'No tools with this stance' }).waitFor();

  await page.getByRole('button', { name: 'Select tools' }).click();
  await stance.selectOption('accepted');
  await expect.poll(names).toEqual(['nebula', 'quasar', 'rocket']);
  await main.getByRole('checkbox', { name: /rocket/i }).check();
  await main.getByRole('checkbox', { name: /quasar/i }).check();
  await page.getByText('2 selected').waitFor();
  await page.getByRole('button', { name: 'Mark preferred' }).click();
  // The list refreshes: only Nebula is still accepted, and the selection mode has closed.
  await expect.poll(names).toEqual(['nebula']);
  await expect.poll(() => main.getByRole('checkbox').count()).toBe(0);
  await stance.selectOption('preferred');
  await expect.poll(names).toEqual(['quasar', 'rocket']);
  expect(await main.getByTestId('tool-stance-badge').allInnerTexts()).toEqual(['Preferred', 'Preferred']);
  expect(await seriousA11yViolations(page), 'tools list with stances').toEqual([]);

  await nav.getByRole('link', { name: 'AI export' }).click();
  await page.waitForURL(`**/${username}/picks/ai-export`);
  const agents = page.getByLabel('Preview of AGENTS.md');
  await agents
    .getByText(/rocket/i)
    .first()
    .waitFor();
  // AGENTS.md's Prefer section lists exactly the two tools marked preferred.
  const preview = (await agents.textContent()) ?? '';
  const prefer = preview.slice(preview.indexOf('## Prefer'), preview.indexOf('## Avoid')).toLowerCase();
  expect(prefer).toContain('rocket');
  expect(prefer).toContain('quasar');
  expect(prefer).not.toContain('nebula');
  // Highlighted: the heading and the links are marked up as such (and the text is the file's, unchanged).
  await agents.locator('[data-token="heading"]').first().waitFor();
  expect(await agents.locator('[data-token="link"]').count()).toBeGreaterThan(0);

  // One project's stack: only its tool, and the zip named after it.
  await page.getByLabel('Export from').selectOption({ label: 'Project: Launch pad' });
  await agents.getByText('Launch pad', { exact: false }).first().waitFor();
  const projectPreview = ((await agents.textContent()) ?? '').toLowerCase();
  expect(projectPreview).toContain('nebula');
  expect(projectPreview).not.toContain('rocket');
  expect(projectPreview).not.toContain('quasar');
  await page.getByRole('button', { name: 'Preview stack.json' }).click();
  const json = page.getByLabel('Preview of stack.json');
  await json.locator('[data-token="key"]').first().waitFor();
  const stack = JSON.parse((await json.textContent()) ?? '') as { project: { name: string } | null };
  expect(stack.project?.name).toBe('Launch pad');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download zip' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('stackyard-picks-launch-pad-ai.zip');
  const agentsInZip = execFileSync('unzip', ['-p', await download.path(), 'AGENTS.md'], {
    encoding: 'utf8',
  }).toLowerCase();
  expect(agentsInZip).toContain('nebula');
  expect(agentsInZip).not.toContain('rocket');
  await page.screenshot({ path: '/tmp/es-ai-export-project.png', fullPage: true });
  expect(await seriousA11yViolations(page), 'ai-export page with a project').toEqual([]);
}, 120_000);
