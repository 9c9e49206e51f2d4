// The Drift page takes a .zip of a checkout: its package.json is scanned on the server and the unknown
// dependency listed, with the scan said to come from an archive.
import { strToU8, zipSync } from 'fflate';
import { expect, test } from './support/fixtures.ts';
import { signUpWithWorkspace } from './support/catalog-api.ts';

test('drift: a .zip of a checkout is scanned on the server', async ({ page }) => {
  const username = await signUpWithWorkspace(page, 'zipdrift', 'code');
  await page.goto(`/${username}/code/drift`);
  await page.getByText('No scan yet.', { exact: false }).waitFor();

  await page.getByLabel(/Manifest files/).setInputFiles({
    name: 'launcher-main.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(
      zipSync({
        'launcher-main/package.json': strToU8('{"name":"launcher","dependencies":{"left-pad":"1.3.0"}}\n'),
        'launcher-main/README.md': strToU8('# Launcher\n'),
      }),
    ),
  });
  const unknown = page.getByRole('region', { name: /Not in the workspace/ });
  await unknown.getByText('left-pad', { exact: false }).first().waitFor();
  expect(await unknown.innerText()).toContain('package.json');
  await page.getByText('from an uploaded archive', { exact: false }).waitFor();
}, 180_000);
