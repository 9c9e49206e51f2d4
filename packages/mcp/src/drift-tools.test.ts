// get_drift over Streamable HTTP: the latest uploaded scan against the team's stances, in sentences and lists.
import { describe, expect } from 'vitest';
import { call, mcpTest, text } from '@stackyard/testing/mcp-harness';

const test = mcpTest();

describe('get_drift', () => {
  test('says there is no scan yet, then names the avoided tool with the preferred one', async ({
    mcp: { h, world, createToken, connect },
  }) => {
    const { token } = await createToken(world.viewer, { scope: 'read' });
    const client = await connect(token);
    const before = await call(client, 'get_drift', { workspace: world.slug });
    expect(before.isError).toBeFalsy();
    expect(text(before)).toContain('has no scan yet');

    const content = JSON.stringify({ dependencies: { prisma: '^5.0.0', 'left-pad': '1.3.0' } }, null, 2);
    const uploaded = await h
      .as(world.editor)
      .post(`/workspaces/${world.workspaceId}/scans`, { files: [{ path: 'package.json', content }] });
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    const result = await call(client, 'get_drift', { workspace: world.slug });
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

  test('reads a project’s scan, and explains an unknown project as a tool error', async ({
    mcp: { world, createToken, connect },
  }) => {
    const { token } = await createToken(world.viewer, { scope: 'read' });
    const client = await connect(token);
    const ofProject = await call(client, 'get_drift', {
      workspace: world.slug,
      project: world.projectSlug,
    });
    expect(ofProject.isError).toBeFalsy();
    expect(text(ofProject)).toContain('Project Billing has no scan yet');
    const unknown = await call(client, 'get_drift', { workspace: world.slug, project: 'nope' });
    expect(unknown.isError).toBe(true);
  });
});
