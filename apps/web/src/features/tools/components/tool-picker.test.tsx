// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/api';
import { json, toolFixture as tool, WORKSPACE_ID } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { ToolPicker } from './tool-picker';

function setup(exclude: string[]) {
  stubApi(({ url }) => {
    if (url.pathname.endsWith('/search')) {
      return json([
        {
          kind: 'tool',
          id: tool(3).workspace_tool_id,
          slug: 'tool-3',
          title: 'Tool 3',
          snippet_html: '',
          rank: 1,
          icon: null,
          target: null,
        },
      ]);
    }
    return json([tool(1), tool(2), tool(3)]);
  });
  const onPick = vi.fn();
  renderInApp(<ToolPicker workspaceId={WORKSPACE_ID} exclude={exclude} onPick={onPick} disabled={false} />);
  return { onPick, user: userEvent.setup() };
}

describe('ToolPicker', () => {
  it('offers the tools not yet compared and takes one with the keyboard', async () => {
    const { onPick, user } = setup(['tool-1']);
    const input = screen.getByRole('combobox', { name: 'Add a tool' });
    await user.click(input);
    await screen.findByRole('option', { name: /Tool 2/ }, { timeout: 5000 });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tool 2tool-2',
      'Tool 3tool-3',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith('tool-3');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('searches the workspace as one types', async () => {
    const { onPick, user } = setup([]);
    await user.type(screen.getByRole('combobox', { name: 'Add a tool' }), 'three');
    // The search waits for a pause in typing: give it time on a busy machine. Until it answers, the list
    // may still show the workspace's first tools (Tool 3 among them), which its answer then replaces.
    await waitFor(() => expect(screen.queryByRole('option', { name: /Tool 1/ })).toBeNull(), {
      timeout: 5000,
    });
    await user.click(await screen.findByRole('option', { name: /Tool 3/ }, { timeout: 5000 }));
    expect(onPick).toHaveBeenCalledWith('tool-3');
  });

  it('aborts the search that newer text superseded', async () => {
    const signals = new Map<string, AbortSignal>();
    stubApi(({ url, signal }) => {
      if (!url.pathname.endsWith('/search')) return json([tool(1)]);
      const q = url.searchParams.get('q') ?? '';
      if (signal) signals.set(q, signal);
      // No answer: each search stays in flight until aborted.
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason as Error));
      });
    });
    renderInApp(<ToolPicker workspaceId={WORKSPACE_ID} exclude={[]} onPick={vi.fn()} disabled={false} />);
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Add a tool' });
    await user.type(input, 'thr');
    await vi.waitFor(() => expect(signals.get('thr')).toBeDefined(), { timeout: 5000 });
    expect(signals.get('thr')?.aborted).toBe(false);

    await user.type(input, 'ee');
    await vi.waitFor(() => expect(signals.get('three')).toBeDefined(), { timeout: 5000 });
    expect(signals.get('thr')?.aborted).toBe(true);
    expect(signals.get('three')?.aborted).toBe(false);
  });
});
