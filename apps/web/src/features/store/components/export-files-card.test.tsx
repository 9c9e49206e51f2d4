// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StoreExportSettings, StoreHealth } from '@stackyard/contracts/store';
import { stubApi } from '@/testing/api';
import { json, WORKSPACE_ID } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { ExportFilesCard } from './export-files-card';

const MESSAGE =
  'AGENTS.md in the repository was changed since stackyard last wrote it, so the sync left it as it is. To have stackyard write it again, delete the file in the repository (or undo the change); to keep your version, stop exporting this file.';

function health(conflicts: StoreHealth['export_conflicts']): StoreHealth {
  return {
    configured: true,
    state: 'healthy',
    installation: { valid: true, message: 'The GitHub App installation is valid.' },
    repository: { accessible: true, repository_url: 'https://github.com/acme/stack', message: 'ok' },
    last_synced_at: '2026-01-01T00:00:00.000Z',
    last_commit_sha: 'a'.repeat(40),
    last_error: null,
    sync_pending: false,
    export_conflicts: conflicts,
    checked_at: '2026-01-01T00:00:00.000Z',
  };
}

function setup(saved: StoreExportSettings, conflicts: StoreHealth['export_conflicts'], canConfigure = true) {
  const puts: unknown[] = [];
  let current = saved;
  stubApi(({ method, url, body }) => {
    if (url.pathname.endsWith('/store/health')) return json(health(conflicts));
    if (url.pathname.endsWith('/store/export') && method === 'PUT') {
      puts.push(body);
      current = body as StoreExportSettings;
      return json(body);
    }
    if (url.pathname.endsWith('/store/export')) return json(current);
    return json({ title: 'unexpected' }, 500);
  });
  renderInApp(<ExportFilesCard workspaceId={WORKSPACE_ID} canConfigure={canConfigure} />);
  return puts;
}

describe('ExportFilesCard', () => {
  it('is off by default; switching on and choosing files saves them', async () => {
    const puts = setup({ enabled: false, formats: [] }, []);
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Write the AI export files on each sync' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByLabelText('AGENTS.md').closest('fieldset')?.disabled).toBe(true);
    await user.click(toggle);
    expect(screen.getByLabelText('AGENTS.md').closest('fieldset')?.disabled).toBe(false);
    screen.getByText('Choose at least one file to write.');
    expect((screen.getByRole('button', { name: 'Save export files' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByLabelText('llms.txt'));
    await user.click(screen.getByLabelText('AGENTS.md'));
    await user.click(screen.getByRole('button', { name: 'Save export files' }));
    // The settings are read again after saving; the notice stays, and so does the saved choice.
    await screen.findByText('Saved. The next sync writes the chosen files.');
    expect(puts).toEqual([{ enabled: true, formats: ['agents-md', 'llms-txt'] }]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    screen.getByText('Saved. The next sync writes the chosen files.');
    expect((screen.getByLabelText('llms.txt') as HTMLInputElement).checked).toBe(true);
    // A change after the save takes the notice back.
    await user.click(screen.getByLabelText('llms.txt'));
    expect(screen.queryByText('Saved. The next sync writes the chosen files.')).toBeNull();
  });

  it('lists the files the last sync left alone, with what to do, even to members who cannot configure', async () => {
    setup(
      { enabled: true, formats: ['agents-md'] },
      [{ path: 'AGENTS.md', format: 'agents-md', message: MESSAGE }],
      false,
    );
    const conflicts = await screen.findByTestId('storage-export-conflicts');
    expect(conflicts.textContent).toContain('The last sync left these files alone:');
    expect(conflicts.textContent).toContain(`AGENTS.md: ${MESSAGE}`);
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save export files' })).toBeNull();
  });
});
