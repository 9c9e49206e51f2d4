// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/testing/api';
import { json, searchResultFixture, workspaceFixture } from '@/testing/fixtures';
import { CommandPalette } from './command-palette';

const workspace = workspaceFixture();

const hit = (slug: string) =>
  searchResultFixture({ title: slug, slug, snippet_html: `<mark>${slug}</mark> builds fast`, rank: 0.6 });

/**
 * The server as the palette sees it: "vite" answers at once, any other text only when released, so a
 * search can still be in flight when the next one starts. Each request's signal is kept.
 */
function stubSearchServer() {
  const signals = new Map<string, AbortSignal>();
  const pending = new Map<string, () => void>();
  stubApi(({ url, signal }) => {
    const q = url.searchParams.get('q') ?? '';
    if (signal) signals.set(q, signal);
    const answer = () => json(q === 'vite' ? [hit('vite')] : [hit('vitest')]);
    if (q === 'vite') return answer();
    return new Promise<Response>((resolve, reject) => {
      pending.set(q, () => resolve(answer()));
      signal?.addEventListener('abort', () => reject(signal.reason as Error));
    });
  });
  return { signals, pending };
}

describe('CommandPalette search', () => {
  // First in the file: the palette's search code has not been loaded yet.
  it('keeps what is typed while the search loads, and goes on after it', async () => {
    stubSearchServer();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CommandPalette workspace={workspace} open onOpenChange={() => {}} onNavigate={() => {}} />
      </QueryClientProvider>,
    );
    const typing = userEvent.setup();
    await typing.type(screen.getByRole('textbox', { name: 'Search the workspace' }), 'vi');
    const input = await screen.findByRole('combobox');
    expect(input).toHaveProperty('value', 'vi');
    await typing.type(input, 'te');
    expect(input).toHaveProperty('value', 'vite');
  });

  it('aborts a search that the next text superseded and shows only the latest results', async () => {
    const server = stubSearchServer();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CommandPalette workspace={workspace} open onOpenChange={() => {}} onNavigate={() => {}} />
      </QueryClientProvider>,
    );
    const typing = userEvent.setup();
    const input = await screen.findByRole('combobox');
    await typing.type(input, 'vit');
    // The pause after "vit" sends its search; it is still waiting for an answer.
    await vi.waitFor(() => expect(server.signals.get('vit')).toBeDefined());
    expect(server.signals.get('vit')?.aborted).toBe(false);

    await typing.type(input, 'e');
    await screen.findByText('vite', { selector: '.truncate' });
    expect(server.signals.get('vit')?.aborted).toBe(true);
    expect(server.signals.get('vite')?.aborted).toBe(false);

    // The superseded answer arriving late changes nothing.
    server.pending.get('vit')?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('vitest')).toBeNull();
    // The one hit: its initials tile, kind, title and snippet.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'VIToolvitevite builds fast',
    ]);
  });
});
