import { describe, expect, it } from 'vitest';
import { nextStepsListSchema, type NextStepsList } from '@stackyard/contracts/suggestion';
import { expectStatus } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { engineTool } from '@stackyard/testing/engine-tools';
import { seedCollection } from '@stackyard/testing/suggestion-seed';
import type { EngineTool } from './engine.ts';
import { nextSteps } from './next-steps.ts';

const test = apiTest();

describe('GET /workspaces/{id}/suggestions/next-steps', () => {
  test('proposes workspace tools not yet in a project, each in a role the project lacks', async ({
    api,
    world,
  }) => {
    const tools = await seedCollection(api.db.db, world.workspaceId);
    const create = async (name: string, toolNames: string[]) =>
      expectStatus(
        await api.as(world.editor).post('/projects', {
          workspace_id: world.workspaceId,
          metadata: { name },
          tool_ids: toolNames.map((toolName) => tools[toolName]),
        }),
        201,
      );
    await create('Team wiki', ['React', 'Fastify']);
    await create('Empty idea', []);

    const response = await api
      .as(world.viewer)
      .get(`/workspaces/${world.workspaceId}/suggestions/next-steps`);
    const { items } = nextStepsListSchema.parse(expectStatus<NextStepsList>(response, 200));
    expect(items.map((item) => item.project_name)).toEqual(['Team wiki']);
    const steps = items[0]?.steps ?? [];
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.length).toBeLessThanOrEqual(3);
    const shown = steps.map((step) => `${step.tool.name} — ${step.tool.role}`);
    expect(shown).toContain('PostgreSQL — Database');
    for (const step of steps) {
      expect(['React', 'Fastify']).not.toContain(step.tool.name);
      expect(['Frontend framework', 'API framework']).not.toContain(step.tool.role);
    }
    expect(new Set(steps.map((step) => step.tool.role)).size).toBe(steps.length);
    expect(steps.find((step) => step.tool.name === 'PostgreSQL')?.why).toBe(
      'Team wiki has no database yet; PostgreSQL is in your collection and goes with React and Fastify.',
    );

    const outsider = await api.user(`out${Math.random().toString(36).slice(2, 8)}`);
    expectStatus(await api.as(outsider).get(`/workspaces/${world.workspaceId}/suggestions/next-steps`), 404);
  });

  it('never proposes an avoided tool, nor one of a category the project already has', () => {
    const tool = (id: string, name: string, extra: Partial<EngineTool> = {}) =>
      engineTool(name, null, { id, ...extra });
    const tools = [
      tool('1', 'React'),
      tool('2', 'Fastify'),
      tool('3', 'PostgreSQL', { stance: 'avoid' }),
      tool('4', 'SQLite'),
      tool('5', 'Vue'),
    ];
    const [project] = nextSteps(tools, [{ id: 'p', name: 'Shop', slug: 'shop', toolIds: ['1', '2'] }]);
    const names = project?.steps.map((step) => step.tool.name) ?? [];
    expect(names).toContain('SQLite');
    expect(names).not.toContain('PostgreSQL');
    expect(names).not.toContain('Vue');
  });
});
