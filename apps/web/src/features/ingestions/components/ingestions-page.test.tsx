// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BookmarkImport } from '@stackyard/contracts/bookmarks';
import type { Submission, SubmissionKind } from '@stackyard/contracts/ingestion';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type ApiAnswer, type ApiCall } from '@/testing/api';
import { submissionFixture } from '@/testing/fixtures';
import { IngestionsPage } from './ingestions-page';

const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const TOOL_ID = '22222222-2222-4222-8222-222222222222';
const TAG = '33333333-3333-4333-8333-333333333333';

let sequence = 0;
function submission(overrides: Partial<Submission>): Submission {
  sequence += 1;
  return submissionFixture({
    id: `55555555-5555-4555-8555-${String(sequence).padStart(12, '0')}`,
    ...overrides,
  });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

function setup(answer: ApiAnswer, { canEdit = true, kind = 'tool' as SubmissionKind } = {}) {
  const calls = stubApi(answer);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <IngestionsPage
          workspaceId={WORKSPACE}
          kind={kind}
          kindHref={(next) => `/ana/ws/tool-ingestions?kind=${next}`}
          canSubmit={canEdit}
          canReview={canEdit}
          tagPicker={({ selected, onChange }) => (
            // A stand-in for the page's tag picker (which searches the server): one tag to tick.
            <label>
              <input
                type="checkbox"
                checked={selected.includes(TAG)}
                onChange={(event) => onChange(event.target.checked ? [TAG] : [])}
              />
              build
            </label>
          )}
          projects={[]}
          toolHref={(slug) => `/ana/ws/tools/${slug}`}
          resourceHref={(id) => `/ana/ws/resources/${id}`}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname.startsWith('/api/v1/ingestion/'));

describe('IngestionsPage', () => {
  it('checks the URLs before sending, then submits each line with the hints', async () => {
    const submitted: Submission[] = [];
    const { calls, user } = setup((call) => {
      if (call.method === 'POST') {
        const created = submission({
          submitted_url: (call.body as { submitted_url: string }).submitted_url,
          status: 'completed',
          workspace_tool_id: TOOL_ID,
          workspace_tool: { slug: 'vite', name: 'Vite' },
        });
        submitted.unshift(created);
        return json(created, 202);
      }
      return json(submitted);
    });
    await screen.findByRole('heading', { name: 'No submissions yet' });

    const urls = screen.getByRole('textbox', { name: 'URLs' });
    await user.click(screen.getByRole('button', { name: 'Submit tools' }));
    screen.getByText('Enter at least one URL.');
    await user.type(urls, 'https://vite.dev{Enter}vitest.dev');
    await user.click(screen.getByRole('button', { name: 'Submit tools' }));
    screen.getByText('Line 2: “vitest.dev” is not a valid URL: start it with https:// or http://.');
    expect(urls.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(urls);
    await user.type(urls, 'https://vite.dev{Enter}https://vitest.dev');
    await user.click(screen.getByText('Tags, projects and a comment (optional)'));
    await user.click(screen.getByRole('checkbox', { name: 'build' }));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Our bundler');
    await user.click(screen.getByRole('button', { name: 'Submit tools' }));

    await screen.findByText('Submitted 2 URLs; follow them below.');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url.pathname)).toEqual([
      '/api/v1/ingestion/tools',
      '/api/v1/ingestion/tools',
    ]);
    expect(posts[0]?.body).toEqual({
      workspace_id: WORKSPACE,
      submitted_url: 'https://vite.dev',
      pre_ingestion_extracted_data: {
        ingestion_hints: {
          suggested_workspace_relationships: { linked_tags: [TAG], linked_workspace_projects: [] },
          suggested_comment: 'Our bundler',
        },
      },
    });
    expect((urls as HTMLTextAreaElement).value).toBe('');
    const links = await screen.findAllByRole('link', { name: 'Open Vite' });
    expect(links[0]?.getAttribute('href')).toBe('/ana/ws/tools/vite');
  });

  it('follows a submission live until it settles, then stops asking', async () => {
    let polls = 0;
    const { calls } = setup(() => {
      polls += 1;
      const status = polls === 1 ? 'pending' : polls === 2 ? 'fetching' : 'completed';
      return json([
        submission({
          id: '66666666-6666-4666-8666-666666666666',
          status,
          workspace_tool_id: status === 'completed' ? TOOL_ID : null,
          workspace_tool: status === 'completed' ? { slug: 'vite', name: 'Vite' } : null,
        }),
      ]);
    });
    await screen.findByText('Queued');
    screen.getByText('1 in progress, updating live');
    await screen.findByText('Fetching', {}, { timeout: 3000 });
    expect(
      (await screen.findByRole('link', { name: 'Open Vite' }, { timeout: 3000 })).getAttribute('href'),
    ).toBe('/ana/ws/tools/vite');
    screen.getByText('Added');
    const settled = listCalls(calls).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(listCalls(calls)).toHaveLength(settled);
  }, 15_000);

  it('explains a quarantined submission and lets a reviewer retry, release or reject it', async () => {
    const held = submission({
      submitted_url: 'https://challenge.example',
      status: 'quarantined',
      quarantine_context: {
        code: 'bot_challenge',
        message: 'The site showed a bot check instead of its page.',
      },
    });
    const { calls, user } = setup((call) => {
      if (call.method === 'POST' && call.url.pathname.endsWith('/reject')) {
        return json(
          { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Already reviewed.' },
          409,
        );
      }
      if (call.method === 'POST')
        return json({
          ...held,
          status: 'completed',
          workspace_tool_id: TOOL_ID,
          workspace_tool: { slug: 'vite', name: 'Vite' },
        });
      return json([held]);
    });
    const item = await screen.findByRole('article', { name: 'https://challenge.example' });
    within(item).getByText('Needs review');
    within(item).getByText('The site showed a bot check instead of its page.');

    // Reject asks first, in a dialog that names the URL; the server's refusal shows there.
    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    const confirm = screen.getByRole('dialog', { name: 'Reject this submission?' });
    within(confirm).getByText('https://challenge.example');
    expect(calls.some((call) => call.url.pathname.endsWith('/reject'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await within(confirm).findByText('Already reviewed.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await user.click(within(item).getByRole('button', { name: 'Release' }));
    const dialog = screen.getByRole('dialog', { name: 'Release tool' });
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    within(dialog).getByText('Name is required');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Challenge');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Homepage URL (optional)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Homepage URL (optional)' }), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    within(dialog).getByText('Must be a valid http or https URL');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Homepage URL (optional)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(calls.some((call) => call.url.pathname.endsWith('/release'))).toBe(true));
    const release = calls.find((call) => call.url.pathname.endsWith('/release'));
    expect(release?.url.pathname).toBe(`/api/v1/ingestion/submissions/${held.id}/release`);
    expect(release?.body).toEqual({ name: 'Challenge' });
  });

  it('shows a viewer the list without the form or review actions', async () => {
    setup(
      () =>
        json([
          submission({
            status: 'quarantined',
            quarantine_context: { code: 'http_error', message: 'The site answered 404 Not Found.' },
          }),
        ]),
      { canEdit: false },
    );
    await screen.findByText('The site answered 404 Not Found.');
    expect(screen.queryByRole('textbox', { name: 'URLs' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('shows the newest 20 submissions, then more on demand', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      submission({ submitted_url: `https://e.example/${index}`, status: 'failed' }),
    );
    const { user } = setup(() => json(many), { canEdit: false });
    await screen.findByRole('article', { name: 'https://e.example/0' });
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.getAllByText('The site kept failing; every attempt ran out.')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show more (5 older)' }));
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it('says why the list could not load', async () => {
    setup(
      () =>
        json(
          { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Database down' },
          500,
        ),
      { kind: 'resource' },
    );
    await screen.findByText('Error loading resource submissions: Database down');
    expect(screen.getByRole('link', { name: 'Resources' }).getAttribute('aria-current')).toBe('page');
    screen.getByRole('heading', { name: 'Import bookmarks' });
  });

  it('follows a bookmark import and reports what was skipped and why', async () => {
    let polls = 0;
    const entry = (overrides: Partial<BookmarkImport>): BookmarkImport => ({
      id: '77777777-7777-4777-8777-777777777777',
      workspace_id: WORKSPACE,
      file_name: 'bookmarks.html',
      status: 'running',
      total: 4,
      imported: 1,
      duplicates: 0,
      skipped: [],
      error: null,
      created_at: '2026-01-01T00:00:00Z',
      finished_at: null,
      ...overrides,
    });
    const { user } = setup(
      (call) => {
        if (call.url.pathname !== `/api/v1/ingestion/bookmarks/workspace/${WORKSPACE}`) return json([]);
        polls += 1;
        return json([
          polls === 1
            ? entry({})
            : entry({
                status: 'completed',
                imported: 2,
                duplicates: 1,
                skipped: [
                  { url: 'javascript:void(0)', title: 'Bookmarklet', reason: 'unsupported_scheme' },
                  { url: 'https://a.example/', title: '', reason: 'duplicate' },
                  { url: 'https://mine.example/', title: 'Mine', reason: 'private' },
                ],
                total: 5,
                finished_at: '2026-01-01T00:00:05Z',
              }),
        ]);
      },
      { kind: 'resource' },
    );
    await screen.findByText('Importing: 1 of 4 bookmarks...');
    screen.getByText('Last import: bookmarks.html');
    await screen.findByText(
      'Imported 2 of 5 bookmarks. 1 was already here. 1 marked private was left out. 1 could not be imported.',
      undefined,
      {
        timeout: 3000,
      },
    );
    screen.getByText('Skipped bookmarks (3)');
    screen.getByText(/marked private in the file/);
    expect(screen.getByRole('checkbox', { name: 'Include private bookmarks' })).toHaveProperty(
      'checked',
      false,
    );
    screen.getByText(/not a web address \(only http and https links are imported\)/);
    screen.getByText(/already in this workspace, or earlier in the file/);

    // The file is checked before it is sent.
    await user.click(screen.getByRole('button', { name: 'Import' }));
    screen.getByText('Choose a bookmarks file.');
    // As a browser's "All files" choice would let through, past the input's accept filter.
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText('Bookmarks file'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    screen.getByText('Choose an HTML file: bookmark exports end in .html.');
  }, 15_000);
});
