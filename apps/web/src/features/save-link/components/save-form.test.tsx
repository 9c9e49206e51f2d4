// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionKind } from '@stackyard/contracts/ingestion';
import { SaveForm, type SaveInput, type TagChoices } from './save-form';

afterEach(cleanup);

const noTags: TagChoices = { isPending: false, error: null, items: [] };
const tagsOf: Record<string, TagChoices> = {
  w1: { isPending: false, error: null, items: [{ id: 't1', name: 'to-read' }] },
};

/** The form as the save page holds it: the workspace and kind are the page's state. */
function Harness({
  onSave,
  url = 'https://vite.dev/guide',
}: {
  onSave: (input: SaveInput) => void;
  url?: string;
}) {
  const [workspaceId, setWorkspaceId] = useState('w1');
  const [kind, setKind] = useState<SubmissionKind>('tool');
  return (
    <SaveForm
      prefill={{ url, title: 'Vite', selection: 'Instant server start' }}
      workspaces={[
        { id: 'w1', name: 'Reading' },
        { id: 'w2', name: 'Team' },
      ]}
      workspaceId={workspaceId}
      onWorkspaceChange={setWorkspaceId}
      kind={kind}
      onKindChange={setKind}
      tags={tagsOf[workspaceId] ?? noTags}
      saving={false}
      error={null}
      onSave={onSave}
    />
  );
}

describe('SaveForm', () => {
  it('saves the URL with the tags and the quoted comment naming its page', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' }).value).toBe(
      '> Instant server start',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'to-read' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      url: 'https://vite.dev/guide',
      hints: {
        ingestion_hints: {
          suggested_workspace_relationships: { linked_tags: ['t1'], linked_workspace_projects: [] },
          suggested_comment: '> Instant server start\n\n— from “Vite”, https://vite.dev/guide',
        },
      },
    });
  });

  it('drops tags of the workspace left behind, and sends no hints when nothing is suggested', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'to-read' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Workspace' }), 'w2');
    expect(screen.getByText('This workspace has no tags yet.')).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Comment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ url: 'https://vite.dev/guide', hints: null });
  });

  it('refuses a URL that is not one before anything is sent', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} url="vite.dev" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Must be a valid http or https URL')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'URL' }).getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });
});
