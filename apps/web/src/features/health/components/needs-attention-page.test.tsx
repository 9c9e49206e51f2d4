// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AttentionItem } from '@stackyard/contracts/health';
import { stubApi } from '@/testing/api';
import { json, WORKSPACE_ID } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { NeedsAttentionPage } from './needs-attention-page';

const health = (fields: Partial<AttentionItem['health']>): AttentionItem['health'] => ({
  status: 'gone',
  url: 'https://old.example/docs',
  checked_at: '2026-11-20T10:00:00.000Z',
  http_status: 404,
  moved_to: null,
  consecutive_failures: 0,
  kept: false,
  ...fields,
});

const moved: AttentionItem = {
  kind: 'tool',
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Moved <b>tool</b>',
  slug: 'moved-tool',
  health: health({ status: 'moved', http_status: 200, moved_to: 'https://new.example/' }),
};
const gone: AttentionItem = {
  kind: 'resource',
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Gone article',
  slug: null,
  health: health({}),
};

function setup(items: AttentionItem[], canEdit: boolean) {
  const acceptMoved = vi.fn(async () => undefined);
  stubApi(() => json(items));
  renderInApp(
    <NeedsAttentionPage
      workspaceId={WORKSPACE_ID}
      canEdit={canEdit}
      links={{
        itemHref: (item) => `/items/${item.id}`,
        copyHref: (id) => `/copies/${id}`,
        acceptMoved,
      }}
    />,
  );
  return acceptMoved;
}

describe('Needs attention', () => {
  it('says so when nothing needs attention', async () => {
    setup([], true);
    await screen.findByText('Nothing needs attention: every checked link works.');
  });

  it('offers an editor the new URL of a moved item, and a gone resource’s saved copy', async () => {
    const acceptMoved = setup([moved, gone], true);
    const movedItem = (await screen.findByText('Moved <b>tool</b>')).closest('li') as HTMLElement;
    within(movedItem).getByText('Permanently redirects to https://new.example/');
    fireEvent.click(within(movedItem).getByRole('button', { name: 'Use new URL' }));
    await vi.waitFor(() => expect(acceptMoved).toHaveBeenCalledWith(moved, expect.anything()));

    const goneItem = screen.getByText('Gone article').closest('li') as HTMLElement;
    expect(within(goneItem).getByRole('link', { name: 'Open saved copy' }).getAttribute('href')).toBe(
      `/copies/${gone.id}`,
    );
    within(goneItem).getByRole('button', { name: 'Mark as kept' });
  });

  it('shows a viewer the list without the fixes that edit', async () => {
    setup([moved, gone], false);
    await screen.findByText('Gone article');
    expect(screen.queryByRole('button', { name: 'Use new URL' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as kept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check all links now' })).toBeNull();
    screen.getByRole('link', { name: 'Open saved copy' });
  });
});
