// `stackyard scan --upload`: the real bin in a child process sends its scan of a checkout to the real server,
// which then answers the checkout's drift.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { driftSchema } from '@stackyard/contracts/drift';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { runBin } from './testing/run-bin.ts';

// `origin`, the API over HTTP on loopback, one per file; `scratch`, a checkout whose package.json depends on
// moment, and the command line's config directory; `team`, the owner's workspace with stances on moment
// (avoid) and date-fns (preferred), read through `owner` and `workspaceId`; `token`, a new access token of
// the owner; `run`, the command line run with these variables.
const test = apiTest()
  .extend('scratch', { scope: 'file' }, ({}, { onCleanup }) => {
    const scratch = mkdtempSync(join(tmpdir(), 'stackyard-upload-'));
    onCleanup(() => rmSync(scratch, { recursive: true, force: true }));
    writeFileSync(join(scratch, 'package.json'), '{\n  "dependencies": {\n    "moment": "^2.30.1"\n  }\n}\n');
    return scratch;
  })
  .extend('team', { scope: 'file' }, async ({ api }) => {
    const owner = await api.user('upload_owner');
    const workspaceId = (
      (await api.as(owner).post('/workspaces', { name: 'Upload Team' })).json() as { id: string }
    ).id;
    for (const [slug, stance] of [
      ['moment', 'avoid'],
      ['date-fns', 'preferred'],
    ] as const) {
      const { workspaceToolId } = await seedTool(api.db.db, {
        workspaceId,
        url: `https://www.npmjs.com/package/${slug}`,
        slug,
        name: slug,
      });
      const set = await api
        .as(owner)
        .put(`/tools/workspace/${workspaceToolId}/stance`, { stance, category: 'Dates' });
      expect(set.statusCode).toBe(200);
    }
    return { owner, workspaceId };
  })
  .extend('owner', { scope: 'file' }, ({ team }) => team.owner)
  .extend('workspaceId', { scope: 'file' }, ({ team }) => team.workspaceId)
  .extend(
    'token',
    { scope: 'file' },
    ({ api, owner }) =>
      async (scope: 'read' | 'read_write') =>
        ((await api.as(owner).post('/tokens', { name: `cli ${scope}`, scope })).json() as { token: string })
          .token,
  )
  .extend(
    'run',
    { scope: 'file' },
    ({ scratch }) =>
      (args: string[], env: Record<string, string>) =>
        runBin(args, scratch, { env }),
  );

describe('stackyard scan --upload', () => {
  test("uploads the checkout's scan, and the server answers its drift", async ({
    api,
    origin,
    scratch,
    owner,
    workspaceId,
    token,
    run,
  }) => {
    const env = { STACKYARD_URL: origin, STACKYARD_TOKEN: await token('read_write') };
    const result = await run(['scan', scratch, '--upload'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Uploaded to upload-team');

    const drift = driftSchema.parse((await api.as(owner).get(`/workspaces/${workspaceId}/drift`)).json());
    expect(drift.scan?.source).toBe('cli');
    expect(
      drift.avoided.map((item) => [item.dependency.name, item.dependency.line, item.preferred[0]?.slug]),
    ).toEqual([['moment', 3, 'date-fns']]);
  });

  test('fails with the reason when the token may only read', async ({ origin, scratch, token, run }) => {
    const result = await run(['scan', scratch, '--upload'], {
      STACKYARD_URL: origin,
      STACKYARD_TOKEN: await token('read'),
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/read/i);
  });
});
