import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { driftSchema, scanSummarySchema } from '@stackyard/contracts/drift';
import { problemSchema } from '@stackyard/contracts/problem';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { createHarness, type Harness } from '@stackyard/testing/harness';
import type { TestUser } from '@stackyard/testing/harness';

// A .zip or .tar.gz of a checkout uploaded over HTTP: its manifests scanned, and the archives a server must
// refuse. The .tar.gz files are made by the system's tar, as a user's would be.

let h: Harness;
let world: CatalogWorld;

beforeAll(async () => {
  h = await createHarness();
  world = await catalogWorld(h);
});

afterAll(() => h.closeChecked());

const PACKAGE_JSON = JSON.stringify({ name: 'app', dependencies: { react: '^19.0.0' } }, null, 2);

function upload(user: TestUser, archive: Uint8Array, query = '', type = 'application/zip') {
  return h.as(user).post(`/workspaces/${world.workspaceId}/scans/archive${query}`, Buffer.from(archive), {
    headers: { 'content-type': type },
  });
}

const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])) as Zippable);

async function refusal(archive: Uint8Array, type?: string): Promise<string> {
  return problemSchema.parse(expectStatus(await upload(world.editor, archive, '', type), 400)).detail ?? '';
}

describe('uploading a .zip of a checkout', () => {
  it("scans the manifests below the archive's top folder and keeps the scan", async () => {
    const archive = zip({
      'app-main/package.json': PACKAGE_JSON,
      'app-main/services/api/requirements.txt': 'fastapi==0.115.0\n',
      'app-main/node_modules/left-pad/package.json': '{"dependencies":{"x":"1"}}',
      'app-main/src/index.ts': 'export {};\n',
    });
    const scanned = scanSummarySchema.parse(expectStatus(await upload(world.editor, archive), 201));
    expect(scanned).toMatchObject({ source: 'archive', commit: null, files: 2, dependencies: 2 });

    const drift = driftSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/workspaces/${world.workspaceId}/drift`), 200),
    );
    expect(drift.unknown.map((entry) => `${entry.dependency.file} ${entry.dependency.name}`).sort()).toEqual([
      'package.json react',
      'services/api/requirements.txt fastapi',
    ]);
  });

  it('keeps a project’s scan apart, and refuses viewers', async () => {
    const project = expectStatus<{ id: string }>(
      await h
        .as(world.editor)
        .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'Billing' } }),
      201,
    );
    const archive = zip({ 'package.json': PACKAGE_JSON });
    const scanned = scanSummarySchema.parse(
      expectStatus(await upload(world.editor, archive, `?project_id=${project.id}`), 201),
    );
    expect(scanned.project_id).toBe(project.id);
    expectStatus(await upload(world.viewer, archive), 403);
  });

  it('refuses a path outside the archive’s folder', async () => {
    expect(await refusal(zip({ '../evil/package.json': PACKAGE_JSON }))).toMatch(
      /path outside its folder: \.\.\/evil\/package\.json/,
    );
  });

  it('refuses a zip bomb without unpacking it', async () => {
    const bomb = zipSync({ 'package-lock.json': new Uint8Array(16 * 1024 * 1024).fill(32) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(bomb)).toMatch(/zip bomb/);
  });

  it('refuses a file that is no .zip, and an archive without manifests', async () => {
    expect(await refusal(strToU8('just some text'))).toMatch(/neither a \.zip nor a \.tar\.gz archive/);
    expect(await refusal(zip({ 'README.md': '# App\n' }))).toMatch(/no manifest stackyard reads/);
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

  const sendTar = (archive: Buffer) => upload(world.editor, archive, '', 'application/gzip');

  it("scans the manifests below the archive's top folder, as for a .zip", async () => {
    const archive = tarGz({
      'package.json': PACKAGE_JSON,
      'services/api/requirements.txt': 'fastapi==0.115.0\n',
      'node_modules/left-pad/package.json': '{"dependencies":{"x":"1"}}',
      'src/index.ts': 'export {};\n',
    });
    const scanned = scanSummarySchema.parse(expectStatus(await sendTar(archive), 201));
    expect(scanned).toMatchObject({ source: 'archive', files: 2, dependencies: 2 });
    const drift = driftSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/workspaces/${world.workspaceId}/drift`), 200),
    );
    expect(drift.unknown.map((entry) => `${entry.dependency.file} ${entry.dependency.name}`).sort()).toEqual([
      'package.json react',
      'services/api/requirements.txt fastapi',
    ]);
  });

  it('reads paths longer than a tar header holds, from pax and from GNU records', async () => {
    const deep = `${'packages/'.repeat(8)}billing-service-with-a-long-name/requirements.txt`;
    expect(deep.length).toBeGreaterThan(100);
    for (const format of ['--format=pax', '--format=gnu']) {
      const archive = tarGz({ [deep]: 'django==5.1\n' }, 'app-main', [format]);
      const scanned = scanSummarySchema.parse(expectStatus(await sendTar(archive), 201));
      expect(scanned, format).toMatchObject({ files: 1, dependencies: 1 });
      const drift = driftSchema.parse(
        expectStatus(await h.as(world.viewer).get(`/workspaces/${world.workspaceId}/drift`), 200),
      );
      expect(drift.unknown.map((entry) => entry.dependency.file)).toEqual([deep]);
    }
  });

  it('refuses a gzip bomb, a gzip of something else, and a path outside the folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'stackyard-tar-'));
    folders.push(folder);
    mkdirSync(join(folder, 'app'));
    // 64 MB of zeros packs to well under 1 MB.
    execFileSync('truncate', ['-s', '64M', join(folder, 'app', 'package-lock.json')]);
    const bomb = execFileSync('tar', ['-czf', '-', '-C', folder, 'app'], { maxBuffer: 64 * 1024 * 1024 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(bomb, 'application/gzip')).toMatch(/gzip bomb/);

    expect(await refusal(gzipSync('just some text'), 'application/gzip')).toMatch(
      /This \.tar\.gz archive cannot be read: it is not a tar archive, or it is cut short/,
    );
    const escaping = tarGz({ 'package.json': PACKAGE_JSON }, '.', ['-P', '--transform=s,^\\./,../evil/,']);
    expect(await refusal(escaping, 'application/gzip')).toMatch(/path outside its folder: \.\.\/evil/);
  });
});
