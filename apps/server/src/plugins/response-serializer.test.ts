// Production writes responses with serializers compiled from the routes' schemas; the answers must be the
// ones the validating serializer writes, in the shapes the OpenAPI document declares.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { toolSchema, type Tool } from '@stackyard/contracts/tool';
import { catalogWorld } from '@stackyard/testing/catalog-fixtures';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { createHarness } from '@stackyard/testing/harness';
import { compiledSerializerCompiler, serializationSchema } from './response-serializer.ts';

const route = { method: 'GET', url: '/x', httpStatus: '200' };

const tool: Tool = {
  workspace_tool_id: '00000000-0000-4000-8000-000000000001',
  workspace_id: '00000000-0000-4000-9000-000000000001',
  context: { rating: null },
  stance: 'accepted',
  raw_submitted_url: 'https://example.com/"quoted"\u2028',
  slug: 'example',
  metadata: {
    name: 'Example ✓',
    description: null,
    image_url: null,
    icon_url: null,
    media: { icon: null, image: null },
    canonical_links: { homepage_url: 'https://example.com', forge_url: null, documentation_url: null },
    community_links: { discord_url: null, slack_url: null },
  },
  edited_fields: [],
  created_at: '2026-01-02T03:04:05.678Z',
  updated_at: '2026-01-02T03:04:05.678Z',
};

describe('compiled response serializers', () => {
  it('write what the validating serializer writes, and leave out undeclared properties', () => {
    const compiled = compiledSerializerCompiler({ schema: z.array(toolSchema), ...route });
    const validating = serializerCompiler({ schema: z.array(toolSchema), ...route });
    const extra = { ...tool, secret: 'never answered' };
    expect(JSON.parse(compiled([extra]))).toEqual(JSON.parse(validating([tool])));
    expect(compiled([extra])).not.toContain('never answered');
  });

  it('turn a nullable value into a type list and drop validation-only keywords', () => {
    expect(serializationSchema(z.string().url().nullable())).toEqual({ type: ['string', 'null'] });
    const object = serializationSchema(z.object({ format: z.string().max(3) }));
    expect(object).toMatchObject({ properties: { format: { type: 'string' } } });
  });

  it('answer every shape the OpenAPI document declares (NODE_ENV=production)', async () => {
    const h = await createHarness({ env: { NODE_ENV: 'production' } });
    const world = await catalogWorld(h);
    const { workspaceToolId } = await seedTool(h.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://compiled.example.com/',
      slug: 'compiled',
      name: 'Compiled',
    });
    const list = await h.as(world.viewer).get(`/tools?workspace_id=${world.workspaceId}`);
    expect(z.array(toolSchema).parse(list.json())).toHaveLength(1);
    expect((await h.as(world.viewer).get(`/tools/workspace/${workspaceToolId}`)).statusCode).toBe(200);
    expect((await h.as(world.owner).get('/workspaces')).statusCode).toBe(200);
    expect((await h.as(world.owner).get(`/workspaces/${world.workspaceId}/members`)).statusCode).toBe(200);
    expect((await h.as(world.viewer).get('/tools/workspace/not-a-uuid')).statusCode).toBe(400);
    expect((await h.as(null).get('/workspaces')).statusCode).toBe(401);
    await h.closeChecked();
  });
});
