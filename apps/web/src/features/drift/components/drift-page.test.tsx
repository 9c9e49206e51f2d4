// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/api';
import { json, WORKSPACE_ID } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { DriftPage } from './drift-page';

const PROJECT = '66666666-6666-4666-8666-666666666666';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DriftPage', () => {
  it("asks for the drift of the project a project page's Drift link names", async () => {
    const calls = stubApi(() => json({ error: 'not answered in this test' }, 500));
    renderInApp(
      <DriftPage
        workspaceId={WORKSPACE_ID}
        projects={[{ id: PROJECT, name: 'Site' }]}
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
});
