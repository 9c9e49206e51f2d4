// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { workspaceFixture } from '@/testing/fixtures';
import { renderWithTagsApi, submissionWithTags, tagsBeyondFirstPage } from '@/testing/tags-api';
import { WorkspaceIngestions } from './tool-ingestions';

const tags = tagsBeyondFirstPage('zeppelin');

const setup = () =>
  renderWithTagsApi(<WorkspaceIngestions workspace={workspaceFixture()} kind="tool" />, tags);

describe('the tool ingestions page', () => {
  it('finds a hint tag beyond the first page by searching the server, and submits it with what was ticked before', async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByText('Tags, projects and a comment (optional)'));
    const choices = await screen.findByRole('group', { name: 'Tags' });
    await within(choices).findByRole('checkbox', { name: 'bulk 00' });
    expect(within(choices).getAllByRole('checkbox')).toHaveLength(50);
    expect(within(choices).queryByRole('checkbox', { name: 'zeppelin' })).toBeNull();

    await user.click(within(choices).getByRole('checkbox', { name: 'bulk 00' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search tags' }), 'epp');
    await user.click(await within(choices).findByRole('checkbox', { name: 'zeppelin' }));
    expect(within(choices).getByRole<HTMLInputElement>('checkbox', { name: 'bulk 00' }).checked).toBe(true);
    expect(within(choices).getAllByRole('checkbox')).toHaveLength(2);
    const searched = calls.filter((call) => call.url.pathname === '/api/v1/tags');
    expect(searched.map((call) => call.url.searchParams.get('q') ?? '')).toEqual(['', 'epp']);

    // Further pages of the search come on request.
    await user.clear(screen.getByRole('searchbox', { name: 'Search tags' }));
    await user.click(await within(choices).findByRole('button', { name: 'Show more tags' }));
    await within(choices).findByRole('checkbox', { name: 'bulk 59' });
    expect(within(choices).getAllByRole('checkbox')).toHaveLength(61);

    await user.type(screen.getByRole('textbox', { name: 'URLs' }), 'https://vite.dev');
    await user.click(screen.getByRole('button', { name: 'Submit tools' }));
    await screen.findByText('Submitted 1 URL; follow it below.');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject(submissionWithTags('https://vite.dev', [tags[0]?.id, tags[60]?.id]));
  });
});
