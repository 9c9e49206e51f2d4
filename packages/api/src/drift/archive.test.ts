import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { driftSchema, scanSummarySchema } from '@stackyard/contracts/drift';
import { problemSchema } from '@stackyard/contracts/problem';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { createHarness, type Harness } from '@stackyard/testing/harness';
import type { TestUser } from '@stackyard/testing/harness';

// A .zip of a checkout uploaded over HTTP: its manifests scanned, and the archives a server must refuse.

let h: Harness;
let world: CatalogWorld;

beforeAll(async () => {
  h = await createHarness();
  world = await catalogWorld(h);
});

afterAll(() => h.closeChecked());

const PACKAGE_JSON = JSON.stringify({ name: 'app', dependencies: { react: '^19.0.0' } }, null, 2);

function upload(user: TestUser, archive: Uint8Array, query = '') {
  return h.as(user).post(`/workspaces/${world.workspaceId}/scans/archive${query}`, Buffer.from(archive), {
    headers: { 'content-type': 'application/zip' },
  });
}

const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])) as Zippable);

async function refusal(archive: Uint8Array): Promise<string> {
  return problemSchema.parse(expectStatus(await upload(world.editor, archive), 400)).detail ?? '';
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
    expect(await refusal(strToU8('just some text'))).toMatch(/not a \.zip archive/);
    expect(await refusal(zip({ 'README.md': '# App\n' }))).toMatch(/no manifest stackyard reads/);
  });
});
