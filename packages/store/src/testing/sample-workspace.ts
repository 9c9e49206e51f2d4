// A small workspace with the awkward text real users type, shared by the render and sync tests.
import type { RenderInputDraft } from '../render-model.ts';

export const sampleWorkspace: RenderInputDraft = {
  workspace: { name: 'Rocket lab', slug: 'rocket-lab', description: 'Tools | for "launch" day' },
  tools: [
    {
      workspace_tool_id: '22222222-2222-4222-8222-222222222222',
      slug: 'vitest',
      raw_submitted_url: 'https://vitest.dev/',
      rating: 5,
      homepage_url: 'https://vitest.dev/',
      forge_url: 'https://github.com/vitest-dev/vitest',
      tags: ['testing', 'js'],
      comments: [
        { id: 'c2', content: 'Fast.\n\nReally <b>fast</b>.', created_at: '2026-01-02T00:00:00.000Z' },
      ],
    },
    {
      workspace_tool_id: '11111111-1111-4111-8111-111111111111',
      slug: 'drizzle',
      raw_submitted_url: 'https://orm.drizzle.team/',
      rating: null,
      tags: [],
    },
  ],
  projects: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      slug: 'launchpad',
      name: 'Launch: pad\n---\nevil: true',
      tools: ['vitest', 'drizzle'],
      tags: ['web'],
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-03T00:00:00.000Z',
    },
  ],
  resources: [
    {
      workspace_resource_id: '44444444-4444-4444-8444-444444444444',
      raw_submitted_url: 'https://example.com/post?a=1|2',
      rating: 3,
      title: 'A post',
    },
  ],
  tags: [
    { id: 't2', tag_name: 'web', color: '#00f' },
    { id: 't1', tag_name: 'testing', color: '#f00', description: 'Test tools', criteria: ['runs tests'] },
  ],
};
