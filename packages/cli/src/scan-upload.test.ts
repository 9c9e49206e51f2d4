// `stackyard scan --upload`: the real bin in a child process sends its scan of a checkout to the real server,
// which then answers the checkout's drift.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driftSchema } from '@stackyard/contracts/drift';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { createHarness, type Harness, type TestUser } from '@stackyard/testing/harness';
import { runBin } from './testing/run-bin.ts';

const scratch = mkdtempSync(join(tmpdir(), 'stackyard-upload-'));

function run(args: string[], env: Record<string, string>) {
  return runBin(args, scratch, { env });
}

let h: Harness;
let base: string;
let owner: TestUser;
let workspaceId: string;

beforeAll(async () => {
  h = await createHarness();
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await h.user('upload_owner');
  workspaceId = ((await h.as(owner).post('/workspaces', { name: 'Upload Team' })).json() as { id: string })
    .id;
  for (const [slug, stance] of [
    ['moment', 'avoid'],
    ['date-fns', 'preferred'],
  ] as const) {
    const { workspaceToolId } = await seedTool(h.db.db, {
      workspaceId,
      url: `https://www.npmjs.com/package/${slug}`,
      slug,
      name: slug,
    });
    const set = await h
      .as(owner)
      .put(`/tools/workspace/${workspaceToolId}/stance`, { stance, category: 'Dates' });
    expect(set.statusCode).toBe(200);
  }
  writeFileSync(join(scratch, 'package.json'), '{\n  "dependencies": {\n    "moment": "^2.30.1"\n  }\n}\n');
});

afterAll(async () => {
  await h.close();
  rmSync(scratch, { recursive: true, force: true });
});

const token = async (scope: 'read' | 'read_write') =>
  ((await h.as(owner).post('/tokens', { name: `cli ${scope}`, scope })).json() as { token: string }).token;

describe('stackyard scan --upload', () => {
  it("uploads the checkout's scan, and the server answers its drift", async () => {
    const env = { STACKYARD_URL: base, STACKYARD_TOKEN: await token('read_write') };
    const result = await run(['scan', scratch, '--upload'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Uploaded to upload-team');

    const drift = driftSchema.parse((await h.as(owner).get(`/workspaces/${workspaceId}/drift`)).json());
    expect(drift.scan?.source).toBe('cli');
    expect(
      drift.avoided.map((item) => [item.dependency.name, item.dependency.line, item.preferred[0]?.slug]),
    ).toEqual([['moment', 3, 'date-fns']]);
  });

  it('fails with the reason when the token may only read', async () => {
    const result = await run(['scan', scratch, '--upload'], {
      STACKYARD_URL: base,
      STACKYARD_TOKEN: await token('read'),
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/read/i);
  });
});
