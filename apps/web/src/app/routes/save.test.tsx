// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { workspaceFixture } from '@/testing/fixtures';
import { renderWithTagsApi, submissionWithTags, tagsBeyondFirstPage } from '@/testing/tags-api';
import { SaveLink } from './save';

const tags = tagsBeyondFirstPage('zeppelin');

const setup = () =>
  renderWithTagsApi(
    <SaveLink
      workspaces={[workspaceFixture()]}
      prefill={{ url: 'https://vite.dev', title: 'Vite', selection: '' }}
    />,
    tags,
  );

describe('the save page', () => {
  it('finds a tag beyond the first page by searching the server, and saves it with what was ticked before', async () => {
    const { calls, user } = setup();
    const choices = await screen.findByRole('group', { name: 'Tags' });
    await within(choices).findByRole('checkbox', { name: 'bulk 00' });
    expect(within(choices).getAllByRole('checkbox')).toHaveLength(50);
    expect(within(choices).queryByRole('checkbox', { name: 'zeppelin' })).toBeNull();
    within(choices).getByRole('button', { name: 'Show more tags' });

    await user.click(within(choices).getByRole('checkbox', { name: 'bulk 00' }));
    // Enter in the search box searches; it does not save the link.
    await user.type(screen.getByRole('searchbox', { name: 'Search tags' }), 'ZEPP{Enter}');
    await user.click(await screen.findByRole('checkbox', { name: 'zeppelin' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    // The tag ticked before the search stays listed and ticked.
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'bulk 00' }).checked).toBe(true);
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    // Debounced: the server is asked for the whole text once typing pauses.
    const searched = calls.filter((call) => call.url.pathname === '/api/v1/tags');
    expect(searched.map((call) => call.url.searchParams.get('q') ?? '')).toEqual(['', 'ZEPP']);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved to Tooling/);
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject(submissionWithTags('https://vite.dev', [tags[0]?.id, tags[60]?.id]));
  });
});
