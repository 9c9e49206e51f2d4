// @vitest-environment happy-dom
// The /error page's card against the identity service's GET /self-service/errors?id= answers (plugin.ts):
// the stored error's reason, else its message; a plain text for an id it does not know.
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/testing/fixtures';
import { stubIdentityFetch } from '@/testing/identity';
import { renderInApp } from '@/testing/render';
import { FLOW_ERROR_UNAVAILABLE, FLOW_ERROR_UNKNOWN } from '../api/get-flow-error';
import { FlowErrorCard } from './flow-error-card';

const ID = '0d7f3c52-9b1e-4a6f-8e2d-5c4b3a291807';

const stored = (error: Record<string, unknown>) => ({
  id: ID,
  error: { code: 400, status: 'Bad Request', request: 'req-1', ...error },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

function setup(errorId: string | null, answer: () => Response | Promise<Response>, signedIn = false) {
  const calls = stubIdentityFetch((url) =>
    url.includes(`/self-service/errors?id=`) ? answer() : json({}, 404),
  );
  renderInApp(<FlowErrorCard errorId={errorId} signedIn={signedIn} />);
  return { calls };
}

describe('FlowErrorCard', () => {
  it("shows the error's reason, escaped, with the way back to sign in", async () => {
    const reason = 'The sign-in state is missing or malformed. <b>not bold</b>';
    const { calls } = setup(ID, () =>
      json(stored({ reason, message: 'The request was malformed or contained invalid parameters' })),
    );
    screen.getByRole('heading', { name: 'Something went wrong' });
    screen.getByText('Loading the details…');
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    expect(document.querySelector('b')).toBeNull();
    expect(calls[0]?.url).toContain(`/self-service/errors?id=${ID}`);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Go to the home page' })).toBeNull();
  });

  it('shows the message when the error has no reason, and the home page to a signed-in user', async () => {
    setup(ID, () => json(stored({ message: 'self-service flow expired' })), true);
    expect((await screen.findByRole('alert')).textContent).toBe('self-service flow expired');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('says the link is no longer valid for an unknown id, and asks nothing for a missing or malformed one', async () => {
    setup(ID, () => json({ error: { code: 404, status: 'Not Found', message: 'Not found' } }, 404));
    await screen.findByText(FLOW_ERROR_UNKNOWN);
    cleanup();

    for (const errorId of [null, '', 'nonsense', `${ID}x`, '../sessions/whoami']) {
      const { calls } = setup(errorId, () => json({}, 500));
      screen.getByText(FLOW_ERROR_UNKNOWN);
      expect(calls, String(errorId)).toEqual([]);
      screen.getByRole('link', { name: 'Back to sign in' });
      cleanup();
    }
  });

  it('says the details could not be loaded when the identity service fails', async () => {
    setup(ID, () => json({ error: { code: 500, status: 'Internal Server Error', message: 'boom' } }, 500));
    await screen.findByText(FLOW_ERROR_UNAVAILABLE);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
