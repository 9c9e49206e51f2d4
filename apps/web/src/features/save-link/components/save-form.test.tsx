// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SubmissionKind } from '@stackyard/contracts/ingestion';
import { SaveForm, type Choice, type SaveInput, type TagPicker } from './save-form';

const tagsOf: Record<string, Choice[]> = { w1: [{ id: 't1', name: 'to-read' }] };

/** A stand-in for the page's tag picker (which searches the server): the workspace's tags to tick. */
const pickerOf =
  (workspaceId: string): TagPicker =>
  ({ selected, onChange }) => {
    const tags = tagsOf[workspaceId] ?? [];
    if (tags.length === 0) return <p>This workspace has no tags yet.</p>;
    return tags.map((tag) => (
      <label key={tag.id}>
        <input
          type="checkbox"
          checked={selected.includes(tag.id)}
          onChange={(event) =>
            onChange(event.target.checked ? [...selected, tag.id] : selected.filter((id) => id !== tag.id))
          }
        />
        {tag.name}
      </label>
    ));
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
      tagPicker={pickerOf(workspaceId)}
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
    screen.getByText('This workspace has no tags yet.');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Comment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ url: 'https://vite.dev/guide', hints: null });
  });

  it('refuses a URL that is not one before anything is sent', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} url="vite.dev" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    screen.getByText('Must be a valid http or https URL');
    expect(screen.getByRole('textbox', { name: 'URL' }).getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });
});
