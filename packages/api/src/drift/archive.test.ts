import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect } from 'vitest';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { driftSchema, scanSummarySchema } from '@stackyard/contracts/drift';
import { problemSchema } from '@stackyard/contracts/problem';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';

// A .zip or .tar.gz of a checkout uploaded over HTTP: its manifests scanned, and the archives a server must
// refuse. The .tar.gz files are made by the system's tar, as a user's would be.

const test = apiTest();

const PACKAGE_JSON = JSON.stringify({ name: 'app', dependencies: { react: '^19.0.0' } }, null, 2);
const GZIP = 'application/gzip';
/** A checkout with two manifests to read, and a dependency's manifest and a source file to skip. */
const CHECKOUT = {
  'package.json': PACKAGE_JSON,
  'services/api/requirements.txt': 'fastapi==0.115.0\n',
  'node_modules/left-pad/package.json': '{"dependencies":{"x":"1"}}',
  'src/index.ts': 'export {};\n',
};
/** What the drift page lists as unknown once CHECKOUT was scanned, as `file name`. */
const CHECKOUT_UNKNOWN = ['package.json react', 'services/api/requirements.txt fastapi'];

/** Uploads of archives to the world's workspace, and what its drift page then lists as unknown. */
function scans(api: Harness, world: CatalogWorld) {
  const upload = (user: TestUser, archive: Uint8Array, query = '', type = 'application/zip') =>
    api.as(user).post(`/workspaces/${world.workspaceId}/scans/archive${query}`, Buffer.from(archive), {
      headers: { 'content-type': type },
    });
  return {
    upload,
    /** The editor's upload, refused: the problem's detail. */
    refusal: async (archive: Uint8Array, type?: string): Promise<string> =>
      problemSchema.parse(expectStatus(await upload(world.editor, archive, '', type), 400)).detail ?? '',
    unknown: async () =>
      driftSchema
        .parse(expectStatus(await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/drift`), 200))
        .unknown.map((entry) => entry.dependency),
  };
}

const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])) as Zippable);

describe('uploading a .zip of a checkout', () => {
  test("scans the manifests below the archive's top folder and keeps the scan", async ({ api, world }) => {
    const scan = scans(api, world);
    const archive = zip(
      Object.fromEntries(Object.entries(CHECKOUT).map(([path, text]) => [`app-main/${path}`, text])),
    );
    const scanned = scanSummarySchema.parse(expectStatus(await scan.upload(world.editor, archive), 201));
    expect(scanned).toMatchObject({ source: 'archive', commit: null, files: 2, dependencies: 2 });

    expect((await scan.unknown()).map((found) => `${found.file} ${found.name}`).sort()).toEqual(
      CHECKOUT_UNKNOWN,
    );
  });

  test('keeps a project’s scan apart, and refuses viewers', async ({ api, world, project }) => {
    const scan = scans(api, world);
    const archive = zip({ 'package.json': PACKAGE_JSON });
    const scanned = scanSummarySchema.parse(
      expectStatus(await scan.upload(world.editor, archive, `?project_id=${project.id}`), 201),
    );
    expect(scanned.project_id).toBe(project.id);
    expectStatus(await scan.upload(world.viewer, archive), 403);
  });

  test('refuses a path outside the archive’s folder', async ({ api, world }) => {
    const scan = scans(api, world);
    expect(await scan.refusal(zip({ '../evil/package.json': PACKAGE_JSON }))).toMatch(
      /path outside its folder: \.\.\/evil\/package\.json/,
    );
  });

  test('refuses a zip bomb without unpacking it', async ({ api, world }) => {
    const scan = scans(api, world);
    const bomb = zipSync({ 'package-lock.json': new Uint8Array(16 * 1024 * 1024).fill(32) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await scan.refusal(bomb)).toMatch(/zip bomb/);
  });

  test('refuses a file that is no .zip, and an archive without manifests', async ({ api, world }) => {
    const scan = scans(api, world);
    expect(await scan.refusal(strToU8('just some text'))).toMatch(/neither a \.zip nor a \.tar\.gz archive/);
    expect(await scan.refusal(zip({ 'README.md': '# App\n' }))).toMatch(/no manifest stackyard reads/);
  });
});

describe('uploading a .tar.gz of a checkout', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  /** A .tar.gz made by the system's tar from a folder holding `files` below `top`. */
  function tarGz(files: Record<string, string>, top = 'app-main', options: string[] = []): Buffer {
    const folder = mkdtempSync(join(tmpdir(), 'stackyard-tar-'));
    folders.push(folder);
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, top, path)), { recursive: true });
      writeFileSync(join(folder, top, path), content);
    }
    return execFileSync('tar', ['-czf', '-', ...options, '-C', folder, top], { maxBuffer: 64 * 1024 * 1024 });
  }

  test("scans the manifests below the archive's top folder, as for a .zip", async ({ api, world }) => {
    const scan = scans(api, world);
    const archive = tarGz(CHECKOUT);
    const scanned = scanSummarySchema.parse(
      expectStatus(await scan.upload(world.editor, archive, '', GZIP), 201),
    );
    expect(scanned).toMatchObject({ source: 'archive', files: 2, dependencies: 2 });
    expect((await scan.unknown()).map((found) => `${found.file} ${found.name}`).sort()).toEqual(
      CHECKOUT_UNKNOWN,
    );
  });

  test('reads paths longer than a tar header holds, from pax and from GNU records', async ({
    api,
    world,
  }) => {
    const scan = scans(api, world);
    const deep = `${'packages/'.repeat(8)}billing-service-with-a-long-name/requirements.txt`;
    expect(deep.length).toBeGreaterThan(100);
    for (const format of ['--format=pax', '--format=gnu']) {
      const archive = tarGz({ [deep]: 'django==5.1\n' }, 'app-main', [format]);
      const scanned = scanSummarySchema.parse(
        expectStatus(await scan.upload(world.editor, archive, '', GZIP), 201),
      );
      expect(scanned, format).toMatchObject({ files: 1, dependencies: 1 });
      expect((await scan.unknown()).map((found) => found.file)).toEqual([deep]);
    }
  });

  test('refuses a gzip bomb, a gzip of something else, and a path outside the folder', async ({
    api,
    world,
  }) => {
    const scan = scans(api, world);
    const folder = mkdtempSync(join(tmpdir(), 'stackyard-tar-'));
    folders.push(folder);
    mkdirSync(join(folder, 'app'));
    // 64 MB of zeros packs to well under 1 MB.
    execFileSync('truncate', ['-s', '64M', join(folder, 'app', 'package-lock.json')]);
    const bomb = execFileSync('tar', ['-czf', '-', '-C', folder, 'app'], { maxBuffer: 64 * 1024 * 1024 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await scan.refusal(bomb, GZIP)).toMatch(/gzip bomb/);

    expect(await scan.refusal(gzipSync('just some text'), GZIP)).toMatch(
      /This \.tar\.gz archive cannot be read: it is not a tar archive, or it is cut short/,
    );
    const escaping = tarGz({ 'package.json': PACKAGE_JSON }, '.', ['-P', '--transform=s,^\\./,../evil/,']);
    expect(await scan.refusal(escaping, GZIP)).toMatch(/path outside its folder: \.\.\/evil/);
  });
});
