// update_tool and update_resource through the SDK's client against the real server: the same PATCH calls
// as the web app, so the API's validation, duplicate rule and roles reach the model as tool errors.
import { describe, expect } from 'vitest';
import { resourceSchema } from '@stackyard/contracts/resource';
import { toolSchema } from '@stackyard/contracts/tool';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { seedResource } from '@stackyard/testing/catalog-seed';
import { call, mcpTest, ok, text } from '@stackyard/testing/mcp-harness';

/** mcpTest with `resource`, which saves a link as a resource of the world's workspace and answers its id. */
const test = mcpTest().extend(
  'resource',
  ({ mcp: { h, world } }) =>
    async (url: string, title: string | null = null): Promise<string> => {
      const fingerprinted = fingerprintUrl(url);
      if (!fingerprinted.ok) throw new Error(`not a URL: ${url}`);
      return seedResource(h.db.db, {
        workspaceId: world.workspaceId,
        url,
        fingerprint: fingerprinted.value.fingerprint,
        title,
      });
    },
);

describe('update_tool and update_resource', () => {
  test('correct a tool by slug: only the fields given change, and the API answers them after', async ({
    mcp: { h, fixture, world, createToken, connect },
  }) => {
    const client = await connect((await createToken(world.editor, {})).token);
    const result = await call(client, 'update_tool', {
      tool: 'vitest',
      name: 'Vitest (unit tests)',
      documentation_url: 'https://vitest.dev/guide/',
      icon_url: `${fixture.origin}/favicon-32.png`,
    });
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      slug: 'vitest',
      name: 'Vitest (unit tests)',
      documentation_url: 'https://vitest.dev/guide/',
      edited_fields: ['documentation_url', 'icon_url', 'name'],
    });
    const tool = toolSchema.parse(
      ok(await h.as(world.viewer).get(`/tools/workspace/${world.workspaceId}/slug/vitest`), 200),
    );
    expect(tool.metadata.name).toBe('Vitest (unit tests)');
    expect(tool.metadata.media.icon).toMatch(/^\/api\/v1\/media\/[0-9a-f]{64}$/);
    expect(tool.context.rating).toBe(4);
  });

  test('correct a resource, and say which field is wrong or which resource already has the link', async ({
    mcp: { h, world, createToken, connect },
    resource,
  }) => {
    const client = await connect((await createToken(world.editor, {})).token);
    const guide = await resource('https://guides.example/drizzle', 'Drizzle guide');
    const post = await resource('https://blog.example/post');

    const updated = await call(client, 'update_resource', {
      resource: post,
      title: 'Why we chose Drizzle',
      url: 'https://blog.example/why-drizzle',
    });
    expect(updated.isError, text(updated)).toBeFalsy();
    expect(updated.structuredContent).toEqual({
      id: post,
      title: 'Why we chose Drizzle',
      description: null,
      url: 'https://blog.example/why-drizzle',
      edited_fields: ['title', 'url'],
    });

    const duplicate = await call(client, 'update_resource', {
      resource: post,
      url: 'https://guides.example/drizzle',
    });
    expect(duplicate.isError).toBe(true);
    expect(text(duplicate)).toBe(
      `Conflict (409): This link is already saved in the workspace as "Drizzle guide" (resource ${guide})`,
    );

    const badUrl = await call(client, 'update_resource', { resource: post, url: 'javascript:alert(1)' });
    expect(badUrl.isError).toBe(true);
    expect(text(badUrl)).toContain('url: Must be a valid http or https URL');

    const stored = resourceSchema.parse(ok(await h.as(world.viewer).get(`/resources/${post}`), 200));
    expect(stored.raw_submitted_url).toBe('https://blog.example/why-drizzle');
  });

  test('are refused to a read token and to a viewer, saying why, with nothing changed', async ({
    mcp: { h, world, createToken, connect },
    resource,
  }) => {
    const reader = await connect((await createToken(world.owner, { scope: 'read' })).token);
    const viewer = await connect((await createToken(world.viewer, { scope: 'read_write' })).token);
    const post = await resource('https://blog.example/untouched', 'Untouched');
    const writes: Array<[string, Record<string, unknown>]> = [
      ['update_tool', { tool: 'drizzle-orm', name: 'Nope' }],
      ['update_resource', { resource: post, title: 'Nope' }],
    ];
    for (const [name, args] of writes) {
      const refused = await call(reader, name, args);
      expect(refused.isError, name).toBe(true);
      expect(text(refused)).toContain(
        'This access token can only read. Create a token with the read_write scope',
      );
      const forbidden = await call(viewer, name, args);
      expect(forbidden.isError, name).toBe(true);
      expect(text(forbidden)).toMatch(/^Forbidden \(403\): Only editors and admins can/);
    }
    const tool = toolSchema.parse(
      ok(await h.as(world.viewer).get(`/tools/workspace/${world.drizzleId}`), 200),
    );
    expect(tool.metadata.name).not.toBe('Nope');
    const kept = resourceSchema.parse(ok(await h.as(world.viewer).get(`/resources/${post}`), 200));
    expect(kept.metadata.extracted_title).toBe('Untouched');
  });
});
