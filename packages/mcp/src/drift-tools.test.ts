// get_drift over Streamable HTTP: the latest uploaded scan against the team's stances, in sentences and lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createMcpHarness, text, type McpHarness } from '@stackyard/testing/mcp-harness';

let m: McpHarness;

beforeAll(async () => {
  m = await createMcpHarness();
});

afterAll(async () => {
  await m.close();
});

describe('get_drift', () => {
  it('says there is no scan yet, then names the avoided tool with the preferred one', async () => {
    const { token } = await m.createToken(m.world.viewer, { scope: 'read' });
    const client = await m.connect(token);
    const before = await call(client, 'get_drift', { workspace: m.world.slug });
    expect(before.isError).toBeFalsy();
    expect(text(before)).toContain('has no scan yet');

    const content = JSON.stringify({ dependencies: { prisma: '^5.0.0', 'left-pad': '1.3.0' } }, null, 2);
    const uploaded = await m.h
      .as(m.world.editor)
      .post(`/workspaces/${m.world.workspaceId}/scans`, { files: [{ path: 'package.json', content }] });
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    const result = await call(client, 'get_drift', { workspace: m.world.slug });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      avoided: [
        {
          dependency: 'prisma',
          file: 'package.json',
          line: 3,
          tool: 'Prisma',
          note: 'deprecated: use Drizzle ORM instead',
          preferred: ['Drizzle ORM'],
        },
      ],
      unknown: [{ dependency: 'left-pad', ecosystem: 'npm' }],
      instead_of_preferred: [{ category: 'ORM', preferred: ['Drizzle ORM'], used: ['Prisma'] }],
    });
    expect(text(result)).toContain(
      'This repository uses prisma (package.json:3); the team avoids Prisma (deprecated: use Drizzle ORM instead) and prefers Drizzle ORM.',
    );
  });

  it('reads a project’s scan, and explains an unknown project as a tool error', async () => {
    const { token } = await m.createToken(m.world.viewer, { scope: 'read' });
    const client = await m.connect(token);
    const ofProject = await call(client, 'get_drift', {
      workspace: m.world.slug,
      project: m.world.projectSlug,
    });
    expect(ofProject.isError).toBeFalsy();
    expect(text(ofProject)).toContain('Project Billing has no scan yet');
    const unknown = await call(client, 'get_drift', { workspace: m.world.slug, project: 'nope' });
    expect(unknown.isError).toBe(true);
  });
});
