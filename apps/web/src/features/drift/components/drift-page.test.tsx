// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { problem, requestLine, stubApi } from '@/testing/api';
import { json, WORKSPACE_ID } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { DriftPage } from './drift-page';

const PROJECT = '66666666-6666-4666-8666-666666666666';

describe('DriftPage', () => {
  it("asks for the drift of the project a project page's Drift link names", async () => {
    const calls = stubApi(() => json({ error: 'not answered in this test' }, 500));
    renderInApp(
      <DriftPage
        workspaceId={WORKSPACE_ID}
        projects={[{ id: PROJECT, name: 'Site', repository: null }]}
        canWrite={false}
        addTools={async () => ''}
        initialProjectId={PROJECT}
      />,
    );
    await vi.waitFor(() => expect(calls.some((call) => call.url.pathname.endsWith('/drift'))).toBe(true));
    const drift = calls.find((call) => call.url.pathname.endsWith('/drift'));
    expect(drift?.url.searchParams.get('project_id')).toBe(PROJECT);
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe(PROJECT);
  });

  it("offers an editor the project's linked repository to scan, and scans it as the project's", async () => {
    const calls = stubApi((call) =>
      call.method === 'POST'
        ? problem(409, 'Conflict', 'This workspace has no GitHub App installation to read repositories with.')
        : json({ error: 'not answered in this test' }, 500),
    );
    renderInApp(
      <DriftPage
        workspaceId={WORKSPACE_ID}
        projects={[{ id: PROJECT, name: 'Site', repository: 'acme/site' }]}
        canWrite
        addTools={async () => ''}
        initialProjectId={PROJECT}
      />,
    );
    screen.getByText('acme/site');
    await userEvent.click(screen.getByRole('button', { name: "Scan the project's repository" }));
    await screen.findByText('This workspace has no GitHub App installation to read repositories with.');
    const scan = calls.find((call) => call.method === 'POST');
    expect(scan && requestLine(scan)).toBe(`POST /api/v1/workspaces/${WORKSPACE_ID}/scans/repository`);
    expect(scan?.url.searchParams.get('project_id')).toBe(PROJECT);

    // The whole workspace has no connected repository in its (failed) answer: no button.
    await userEvent.selectOptions(screen.getByRole('combobox'), '');
    expect(screen.queryByRole('button', { name: /Scan the/ })).toBeNull();
  });
});
