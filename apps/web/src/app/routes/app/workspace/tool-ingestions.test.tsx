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
  it('finds a hint tag beyond the first page by searching the server, and submits it with what was chosen before', async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByText('Tags, projects and a comment (optional)'));
    const field = await screen.findByRole('combobox', { name: 'Tags' });
    await user.click(field);
    const offered = screen.getByRole('listbox', { name: 'Tags: matching tags' });
    await within(offered).findByRole('option', { name: 'bulk 00' });
    expect(within(offered).queryByRole('option', { name: 'zeppelin' })).toBeNull();

    await user.click(within(offered).getByRole('option', { name: 'bulk 00' }));
    await user.type(field, 'epp');
    await user.click(await within(offered).findByRole('option', { name: 'zeppelin' }));
    const chosen = screen.getByRole('list', { name: 'Chosen tags' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['bulk 00×', 'zeppelin×']);
    const searched = calls.filter((call) => call.url.pathname === '/api/v1/tags');
    expect(searched.map((call) => call.url.searchParams.get('q') ?? '')).toEqual(['', 'epp']);

    // Further pages of the search come on request, by keyboard too; the chosen are not offered.
    await user.clear(field);
    await within(offered).findByRole('option', { name: 'Show more tags' });
    await user.keyboard('{ArrowUp}{Enter}');
    await within(offered).findByRole('option', { name: 'bulk 59' });
    expect(within(offered).getAllByRole('option')).toHaveLength(59);

    await user.type(screen.getByRole('textbox', { name: 'URLs' }), 'https://vite.dev');
    await user.click(screen.getByRole('button', { name: 'Submit tools' }));
    await screen.findByText('Submitted 1 URL; follow it below.');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject(submissionWithTags('https://vite.dev', [tags[0]?.id, tags[60]?.id]));
  });
});
