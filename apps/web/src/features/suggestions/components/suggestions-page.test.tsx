// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NextStepsList, Suggestion } from '@stackyard/contracts/suggestion';
import { problem, stubApi } from '@/testing/api';
import { json, projectFixture, WORKSPACE_ID } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import type { SuggestionPage } from '../api/get-suggestions';
import { SuggestionsPage } from './suggestions-page';

const idea = (n: number, fields: Partial<Suggestion> = {}): Suggestion => ({
  id: `33333333-3333-4333-8333-00000000000${n}`,
  title: `Idea ${n}`,
  pitch: 'Build a thing. Ship it.',
  why: 'It pairs React with Postgres, and exercises auth, which the collection lacks.',
  tools: [
    {
      tool_id: '22222222-2222-4222-8222-000000000001',
      slug: 'react',
      name: 'React',
      role: 'Frontend framework',
      stretch: false,
    },
    {
      tool_id: '22222222-2222-4222-8222-000000000002',
      slug: 'postgres',
      name: 'Postgres',
      role: 'Database',
      stretch: false,
    },
  ],
  stretch_category: 'Auth',
  difficulty: 'intermediate',
  scope: 'week',
  milestones: ['Model the data', 'Build the pages', 'Deploy it'],
  archetype: 'crud-web-app',
  engine: 'builtin',
  created_at: '2026-01-01T00:00:00Z',
  ...fields,
});

const page = (items: Suggestion[], fields: Partial<SuggestionPage> = {}): SuggestionPage => ({
  items,
  nextCursor: null,
  mode: 'builtin',
  ...fields,
});

const project = projectFixture({
  slug: 'idea-1',
  metadata: { name: 'Idea 1' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

/** The API as the page calls it: `pages` answers GETs by cursor; accept and dismiss succeed. */
function setup(
  pages: Record<string, SuggestionPage>,
  { canDecide = true, focus = '', nextSteps = { items: [] } as NextStepsList } = {},
) {
  const calls = stubApi(({ url }) => {
    if (url.pathname.endsWith('/accept')) {
      return json({ suggestion_id: idea(1).id, project, url: '/ana/tooling/projects/idea-1' });
    }
    if (url.pathname.endsWith('/dismiss')) {
      return json({ suggestion_id: idea(1).id, dismissed: true, reason: null });
    }
    if (url.pathname.endsWith('/next-steps')) return json(nextSteps);
    // The cursor of the next page travels in a header, as the API sends it.
    const { nextCursor, ...body } = pages[url.searchParams.get('cursor') ?? ''] ?? page([]);
    const response = json(body);
    if (nextCursor) response.headers.set('x-next-cursor', nextCursor);
    return response;
  });
  const onStarted = vi.fn();
  const onFocusChange = vi.fn();
  renderInApp(
    <SuggestionsPage
      workspaceId={WORKSPACE_ID}
      focus={focus}
      onFocusChange={onFocusChange}
      canDecide={canDecide}
      canAddTools={canDecide}
      addToolsHref="/ana/tooling/tool-ingestions"
      toolHref={(slug) => `/ana/tooling/tools/${slug}`}
      onStarted={onStarted}
    />,
  );
  return { calls, onStarted, onFocusChange, user: userEvent.setup() };
}

describe('the Ideas page', () => {
  it('shows an idea with its tools linked, the stretch marked, its size and milestones', async () => {
    setup({ '': page([idea(1)]) });
    const card = await screen.findByRole('article', { name: 'Idea 1' });
    screen.getByText('Built-in suggestions');
    const links = within(card).getAllByRole('link', { name: /^(React|Postgres)/ });
    // Twice each: in the "why it fits" sentence and in the tool list.
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/ana/tooling/tools/react',
      '/ana/tooling/tools/postgres',
      '/ana/tooling/tools/react',
      '/ana/tooling/tools/postgres',
    ]);
    // Each tool says the role it has in the idea, so a wrong fit is visible.
    const tools = within(card).getByRole('list', { name: 'Tools it uses' });
    expect(
      within(tools)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['React — Frontend framework', 'Postgres — Database']);
    expect(within(card).getByText('Stretch:').parentElement?.textContent).toBe('Stretch:Auth');
    within(card).getByText('Intermediate');
    within(card).getByText('A week');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toContain('Deploy it');
  });

  it('shows next steps for an existing project, each tool with the role it would fill', async () => {
    setup(
      { '': page([idea(1)]) },
      {
        nextSteps: {
          items: [
            {
              project_id: project.id,
              project_name: 'Customer portal',
              project_slug: 'customer-portal',
              steps: [
                {
                  tool: {
                    tool_id: '22222222-2222-4222-8222-000000000003',
                    slug: 'zod',
                    name: 'Zod',
                    role: 'Validation',
                    stretch: false,
                  },
                  why: 'Customer portal has no validation yet; Zod is in your collection and goes with React.',
                },
              ],
            },
          ],
        },
      },
    );
    const section = await screen.findByRole('region', { name: 'Next steps for Customer portal' });
    const link = within(section).getByRole('link', { name: 'Zod — Validation' });
    expect(link.getAttribute('href')).toBe('/ana/tooling/tools/zod');
    expect(section.textContent).toContain('Customer portal has no validation yet');
  });

  it('starts a project and hands it over to open', async () => {
    const { calls, onStarted, user } = setup({ '': page([idea(1)]) });
    const card = await screen.findByRole('article', { name: 'Idea 1' });
    await user.click(within(card).getByRole('button', { name: 'Start this project' }));
    await vi.waitFor(() => expect(onStarted).toHaveBeenCalledWith(project));
    const accept = calls.find((call) => call.url.pathname.endsWith(`/${idea(1).id}/accept`));
    expect(accept).toMatchObject({ method: 'POST', body: {} });
  });

  it('dismisses an idea with a reason and removes its card', async () => {
    const { calls, user } = setup({ '': page([idea(1), idea(2)]) });
    const card = await screen.findByRole('article', { name: 'Idea 1' });
    await user.click(within(card).getByRole('button', { name: 'Not for us: Idea 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss “Idea 1”?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Done that');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss idea' }));
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: 'Idea 1' })).toBeNull());
    screen.getByRole('article', { name: 'Idea 2' });
    const dismiss = calls.find((call) => call.url.pathname.endsWith('/dismiss'));
    expect(dismiss?.body).toEqual({ reason: 'Done that' });
  });

  it('offers a viewer no Start or dismiss', async () => {
    setup({ '': page([idea(1)]) }, { canDecide: false });
    await screen.findByRole('article', { name: 'Idea 1' });
    expect(screen.queryByRole('button', { name: 'Start this project' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Not for us/ })).toBeNull();
  });

  it('loads more ideas with the cursor of the previous page', async () => {
    const { calls, user } = setup({
      '': page([idea(1)], { nextCursor: 'c2' }),
      c2: page([idea(2)]),
    });
    await screen.findByRole('article', { name: 'Idea 1' });
    await user.click(screen.getByRole('button', { name: 'More ideas' }));
    await screen.findByRole('article', { name: 'Idea 2' });
    expect(calls.at(-1)?.url.searchParams.get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'More ideas' })).toBeNull();
  });

  it('sends the focus and submits a new one', async () => {
    const { calls, onFocusChange, user } = setup({ '': page([idea(1)]) }, { focus: 'realtime' });
    await screen.findByRole('article', { name: 'Idea 1' });
    const ideasCall = calls.find((call) => !call.url.pathname.endsWith('/next-steps'));
    expect(ideasCall?.url.searchParams.get('focus')).toBe('realtime');
    const box = screen.getByRole('searchbox', { name: 'Focus' });
    await user.clear(box);
    await user.type(box, '  learn Rust {enter}');
    expect(onFocusChange).toHaveBeenCalledWith('learn Rust');
  });

  it('names the language model, and says when the built-in engine stood in', async () => {
    setup({
      '': page([idea(1)], {
        mode: 'builtin',
        model: 'llama3',
        mode_note: 'The language model did not answer in time; these are built-in suggestions.',
      }),
    });
    await screen.findByText('Built-in suggestions');
    screen.getByText(/did not answer in time/);
    cleanup();
    setup({ '': page([idea(1, { engine: 'llm' })], { mode: 'llm', model: 'llama3' }) });
    await screen.findByText('Language model: llama3');
  });

  it('says what to collect first when the workspace has too few tools', async () => {
    setup({
      '': page([], { too_few: { have: 1, need: 3, collect_first: ['Frontend framework', 'Database'] } }),
    });
    await screen.findByRole('heading', { name: 'Collect a few more tools first' });
    screen.getByText(/it has 1 tool, and ideas need at least 3/);
    screen.getByText('Database');
    expect(screen.getByRole('link', { name: 'Add tools' }).getAttribute('href')).toBe(
      '/ana/tooling/tool-ingestions',
    );
  });

  it('shows the error and tries again', async () => {
    let fail = true;
    stubApi(() => (fail ? problem(500, 'Bad', 'Database down') : json(page([idea(1)]))));
    renderInApp(
      <SuggestionsPage
        workspaceId={WORKSPACE_ID}
        focus=""
        onFocusChange={() => {}}
        canDecide
        canAddTools
        addToolsHref="/add"
        toolHref={(slug) => slug}
        onStarted={() => {}}
      />,
    );
    await screen.findByText('Error loading ideas: Database down');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Idea 1' });
  });
});
