// What the identity service sends a browser to when a self-service step fails: /error?id= (the stored error,
// read with getFlowError), and /login?flow= when the login flow carries the reason. The first is driven through
// the real identity service; the refused re-authentication needs a second GitHub account, which the fake
// GitHub cannot sign in, so its flow is answered as the identity service answers it (flowJson).
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { signUpWithWorkspace } from './support/catalog-api.ts';

const NO_LONGER_VALID = 'This sign-in link is no longer valid. Please sign in again.';

test('a GitHub callback with a malformed state lands on /error, which says why and leads back to sign in', async ({
  page,
}) => {
  // As a browser coming back from GitHub: a navigation (not JSON) to the identity service's callback.
  await page.goto('/.ory/self-service/methods/oidc/callback/github?state=nonsense');
  await page.waitForURL(/\/error\?id=[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
  await page
    .getByRole('alert')
    .getByText('The sign-in state is missing or malformed.', { exact: true })
    .waitFor();
  expect(await page.title()).toBe('Something went wrong · stackyard');
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Not signed in: only the way back to sign in.
  expect(await page.getByRole('link', { name: 'Go to the home page' }).count()).toBe(0);

  // By keyboard.
  const back = page.getByRole('link', { name: 'Back to sign in' });
  await back.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
}, 60_000);

test('/error with an unknown, malformed or missing id says the link is no longer valid', async ({ page }) => {
  for (const path of ['/error?id=00000000-0000-4000-8000-000000000000', '/error?id=nonsense', '/error']) {
    await page.goto(path);
    await page.getByText(NO_LONGER_VALID, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
  }
}, 60_000);

test('a signed-in user refused on re-authentication sees why on /login?flow=, and the way back', async ({
  page,
  baseUrl,
}) => {
  await signUpWithWorkspace(page, 'ref', 'refresh');

  // The refresh flow after GitHub's callback with another account (oidc.ts): its form's one error, 4000006.
  const flowId = randomUUID();
  const refused =
    'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.';
  const now = new Date();
  await page.route(`**/.ory/self-service/login/flows?id=${flowId}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        id: flowId,
        organization_id: null,
        type: 'browser',
        expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
        issued_at: now.toISOString(),
        request_url: `${baseUrl}/.ory/self-service/login/browser?refresh=true`,
        return_to: `${baseUrl}/settings?tab=account`,
        ui: {
          action: `${baseUrl}/.ory/self-service/login?flow=${flowId}`,
          method: 'POST',
          nodes: [
            {
              type: 'input',
              group: 'default',
              attributes: {
                name: 'csrf_token',
                type: 'hidden',
                value: 'masked',
                required: true,
                disabled: false,
                node_type: 'input',
              },
              messages: [],
              meta: {},
            },
            {
              type: 'input',
              group: 'oidc',
              attributes: {
                name: 'provider',
                type: 'submit',
                value: 'github',
                disabled: false,
                node_type: 'input',
              },
              messages: [],
              meta: {
                label: {
                  id: 1010002,
                  text: 'Sign in with GitHub',
                  type: 'info',
                  context: { provider: 'GitHub' },
                },
              },
            },
          ],
          messages: [{ id: 4000006, text: refused, type: 'error' }],
        },
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        refresh: true,
        requested_aal: 'aal1',
        state: 'choose_method',
      }),
    }),
  );
  await page.goto(`/login?flow=${flowId}`);
  await page.getByRole('heading', { name: 'Could not confirm it is you' }).waitFor();
  await page.getByRole('alert').getByText(refused, { exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Go back' }).click();
  await page.waitForURL((url) => url.pathname === '/settings' && url.search === '?tab=account');

  // Plain /login still sends a signed-in user on.
  await page.goto('/login');
  await page.waitForURL((url) => url.pathname !== '/login');
}, 90_000);
