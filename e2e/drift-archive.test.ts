// The Drift page takes a .zip of a checkout: its package.json is scanned on the server and the unknown
// dependency listed, with the scan said to come from an archive.
import { zip } from '@stackyard/api/stack-export/zip';
import { expect, test } from './support/fixtures.ts';
import { signUpWithWorkspace } from './support/catalog-api.ts';

test('drift: a .zip of a checkout is scanned on the server', async ({ page }) => {
  const username = await signUpWithWorkspace(page, 'zipdrift', 'code');
  await page.goto(`/${username}/code/drift`);
  await page.getByText('No scan yet.', { exact: false }).waitFor();

  await page.getByLabel(/Manifest files/).setInputFiles({
    name: 'launcher-main.zip',
    mimeType: 'application/zip',
    // The API's own writer of stored zips, as the stack export makes them.
    buffer: zip([
      {
        path: 'launcher-main/package.json',
        content: '{"name":"launcher","dependencies":{"left-pad":"1.3.0"}}\n',
      },
      { path: 'launcher-main/README.md', content: '# Launcher\n' },
    ]),
  });
  const unknown = page.getByRole('region', { name: /Not in the workspace/ });
  await unknown.getByText('left-pad', { exact: false }).first().waitFor();
  expect(await unknown.innerText()).toContain('package.json');
  await page.getByText('from an uploaded archive', { exact: false }).waitFor();
}, 180_000);
