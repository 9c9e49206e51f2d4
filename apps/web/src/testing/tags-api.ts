// A workspace's tags as GET /tags answers them, for the tag pickers' component tests.
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { Tag } from '@stackyard/contracts/tag';
import { stubApi } from './api';
import { json, submissionFixture, WORKSPACE_ID } from './fixtures';
import { renderInApp } from './render';

/** Tags of the workspace named as given, with ids in the same order. */
export const tagsNamed = (names: string[]): Tag[] =>
  names.map((name, index) => ({
    id: `33333333-3333-4333-8333-${String(index + 1).padStart(12, '0')}`,
    workspace_id: WORKSPACE_ID,
    tag_name: name,
    color: '#6366f1',
    description: null,
    criteria: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  }));

/**
 * The answer to GET /api/v1/tags as the server gives it: by name, the names containing `q` in any case,
 * `limit` at a time with the next page's offset in x-next-cursor.
 */
export function answerTags(tags: Tag[], url: URL): Response {
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const start = Number(url.searchParams.get('cursor') ?? 0);
  const matching = tags
    .filter((tag) => tag.tag_name.toLowerCase().includes(q))
    .sort((a, b) => a.tag_name.localeCompare(b.tag_name));
  const response = new Response(JSON.stringify(matching.slice(start, start + limit)), {
    headers: { 'content-type': 'application/json' },
  });
  if (start + limit < matching.length) response.headers.set('x-next-cursor', String(start + limit));
  return response;
}

/** 60 tags named "bulk 00" to "bulk 59", then `wanted`: past the first page unless searched for. */
export const tagsBeyondFirstPage = (wanted: string): Tag[] =>
  tagsNamed([...Array.from({ length: 60 }, (_, index) => `bulk ${String(index).padStart(2, '0')}`), wanted]);

/**
 * Renders a page that submits a link with tags, against the API as it calls it: the workspace's `tags`, the
 * submission accepted, and an empty list for anything else. Answers the calls made and a user to act.
 */
export function renderWithTagsApi(page: ReactElement, tags: Tag[]) {
  const calls = stubApi(({ method, url }) => {
    if (url.pathname === '/api/v1/tags') return answerTags(tags, url);
    if (method === 'POST') return json(submissionFixture(), 202);
    return json([]);
  });
  renderInApp(page);
  return { calls, user: userEvent.setup() };
}

/** What a page posts for a link submitted with hint tags, to match the POST's body against. */
export const submissionWithTags = (url: string, tagIds: Array<string | undefined>) => ({
  submitted_url: url,
  pre_ingestion_extracted_data: {
    ingestion_hints: { suggested_workspace_relationships: { linked_tags: tagIds } },
  },
});
