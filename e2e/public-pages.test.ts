import { expect, test } from './support/fixtures.ts';

test('the landing route renders the wordmark, the pitch and the way in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('heading', { name: 'What is the product?' }).waitFor();
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  await page.getByRole('banner').getByText('stackyard', { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Sign Up' }).waitFor();
  await page.getByRole('contentinfo').getByText('2025').waitFor();
  await page.getByRole('link', { name: 'Learn More' }).click();
  await page.waitForURL('**/about');
  await page.getByText('This is a simple demo of routing.').waitFor();
});

test('/about shows its placeholder', async ({ page }) => {
  const response = await page.goto('/about');
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { name: 'About' }).waitFor();
  await page.getByText('This is a simple demo of routing.').waitFor();
});

test('an unknown path shows 404 Not Found', async ({ page }) => {
  for (const path of ['/no-such-page', '/a/b/c/d/e']) {
    await page.goto(path);
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
  }
});

test('the page runs under the server CSP without violations or console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    // A visitor's whoami is answered 401 by design (Kratos' API); Chromium logs every 4xx as an error.
    const expected =
      message.text().includes('status of 401') && message.location().url.includes('/sessions/whoami');
    if (message.type() === 'error' && !expected) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.getByRole('heading', { name: 'What is the product?' }).waitFor();
  expect(problems).toEqual([]);
});
