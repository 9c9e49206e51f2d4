// The AI-assistant export page of issue 17: choose formats, preview and copy a file, download the zip.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { signUpWithWorkspace } from './support/catalog-api.ts';

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
  ]);
  const stackJson = JSON.parse(
    execFileSync('unzip', ['-p', zipPath, 'stack.json'], { encoding: 'utf8' }),
  ) as {
    workspace: { slug: string };
  };
  expect(stackJson.workspace.slug).toBe('stack');
  expect(readFileSync(zipPath).subarray(0, 4).toString('hex')).toBe('504b0304');
});
