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
  it('finds a tag beyond the first page by searching the server, and saves it with what was chosen before', async () => {
    const { calls, user } = setup();
    const field = await screen.findByRole('combobox', { name: 'Tags' });
    await user.click(field);
    const offered = screen.getByRole('listbox', { name: 'Tags: matching tags' });
    await within(offered).findByRole('option', { name: 'bulk 00' });
    // The first page of 50, then the option to load more.
    expect(within(offered).getAllByRole('option')).toHaveLength(51);
    within(offered).getByRole('option', { name: 'Show more tags' });
    expect(within(offered).queryByRole('option', { name: 'zeppelin' })).toBeNull();

    await user.click(within(offered).getByRole('option', { name: 'bulk 00' }));
    await user.click(within(offered).getByRole('option', { name: 'bulk 01' }));
    // Chosen tags are chips, no longer offered.
    const chosen = screen.getByRole('list', { name: 'Chosen tags' });
    within(chosen).getByText('bulk 00');
    expect(within(offered).queryByRole('option', { name: 'bulk 00' })).toBeNull();
    await user.click(within(chosen).getByRole('button', { name: 'Remove tag bulk 01' }));
    expect(within(chosen).queryByText('bulk 01')).toBeNull();

    // Enter takes the first match of the text typed; it does not save the link.
    await user.type(field, 'ZEPP');
    await within(offered).findByRole('option', { name: 'zeppelin' });
    await user.keyboard('{Enter}');
    within(chosen).getByText('zeppelin');
    expect(field).toHaveProperty('value', '');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    // Debounced: the server is asked for the whole text once typing pauses.
    const searched = calls.filter((call) => call.url.pathname === '/api/v1/tags');
    expect(searched.map((call) => call.url.searchParams.get('q') ?? '')).toEqual(['', 'ZEPP']);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved to Tooling/);
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject(submissionWithTags('https://vite.dev', [tags[0]?.id, tags[60]?.id]));
  });
});
