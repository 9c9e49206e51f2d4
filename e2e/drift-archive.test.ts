// The Drift page takes a .zip of a checkout: its package.json is scanned on the server and the unknown
// dependency listed, with the scan said to come from an archive.
import { crc32 } from 'node:zlib';
import { expect, test } from './support/fixtures.ts';
import { signUpWithWorkspace } from './support/catalog-api.ts';

/** A .zip with its files stored uncompressed: local headers, the central directory, the end record. */
function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const path = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(path.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(path.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, path, data);
    centrals.push(central, path);
    offset += local.length + path.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

test('drift: a .zip of a checkout is scanned on the server', async ({ page }) => {
  const username = await signUpWithWorkspace(page, 'zipdrift', 'code');
  await page.goto(`/${username}/code/drift`);
  await page.getByText('No scan yet.', { exact: false }).waitFor();

  await page.getByLabel(/Manifest files/).setInputFiles({
    name: 'launcher-main.zip',
    mimeType: 'application/zip',
    buffer: storedZip({
      'launcher-main/package.json': '{"name":"launcher","dependencies":{"left-pad":"1.3.0"}}\n',
      'launcher-main/README.md': '# Launcher\n',
    }),
  });
  const unknown = page.getByRole('region', { name: /Not in the workspace/ });
  await unknown.getByText('left-pad', { exact: false }).first().waitFor();
  expect(await unknown.innerText()).toContain('package.json');
  await page.getByText('from an uploaded archive', { exact: false }).waitFor();
}, 180_000);
