// A tool whose URL holds a percent-escape that is not UTF-8: every stack answer and export still serves.
import { describe, expect } from 'vitest';
import { STACK_EXPORT_FORMATS, stackSchema } from '@stackyard/contracts/stack';
import { expectStatus } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { seedTool } from '@stackyard/testing/catalog-seed';

const test = apiTest();

describe('a tool URL with an invalid percent-escape', () => {
  test('is listed in the stack and every export format, naming no package', async ({ api, world }) => {
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://www.npmjs.com/package/%FF?w=${world.workspaceId}`,
      slug: 'broken-escape',
      name: 'Broken escape',
      homepageUrl: 'https://pypi.org/project/%E0%A4%A/',
      forgeUrl: 'https://crates.io/crates/%C3%28',
    });
    expectStatus(
      await api.as(world.editor).put(`/tools/workspace/${workspaceToolId}/stance`, { stance: 'preferred' }),
      200,
    );
    const stack = stackSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/stack`), 200),
    );
    expect(stack.categories[0]?.tools[0]).toMatchObject({ slug: 'broken-escape', packages: [] });
    for (const format of STACK_EXPORT_FORMATS) {
      const response = await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/export/ai/${format}`);
      expect(response.statusCode, `${format}: ${response.body}`).toBe(200);
    }
    const agents = await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/export/ai/agents-md`);
    expect(agents.body).toContain('- [Broken escape](https://pypi.org/project/%E0%A4%A/)');
    const zip = await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/export/ai`);
    expect(zip.statusCode).toBe(200);
  });
});
