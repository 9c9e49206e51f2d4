// Light, dark and system themes: the main pages in dark mode pass axe (its color-contrast rule included),
// the choice survives a reload and is applied before the app's script runs, and 'system' follows
// prefers-color-scheme. Screenshots of each page land in e2e/artifacts/theme/ for a look.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { onboard, registerVerified, signIn, uniqueId } from './support/accounts.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';
import { expect, test } from './support/fixtures.ts';

const screenshotsDir = fileURLToPath(new URL('./artifacts/theme/', import.meta.url));

const isDark = (page: Page) => page.evaluate<boolean>(`document.documentElement.classList.contains('dark')`);

/** The page background's mean RGB channel, 0 (black) to 255 (white), as the browser paints it. */
const backgroundLevel = (page: Page) =>
  page.evaluate<number>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
    return (red + green + blue) / 3;
  })()`);

const themeSelect = (page: Page) => page.getByRole('combobox', { name: 'Theme' }).first();

test('dark mode: the main pages are dark and have no serious axe violations, contrast included', async ({
  page,
}) => {
  mkdirSync(screenshotsDir, { recursive: true });
  const check = async (name: string) => {
    expect(await isDark(page), name).toBe(true);
    expect(await backgroundLevel(page), name).toBeLessThan(50);
    expect(await seriousA11yViolations(page), name).toEqual([]);
    await page.screenshot({ path: `${screenshotsDir}dark-${name}.png`, fullPage: true });
  };

  // Chosen on the public header, before signing up.
  await page.goto('/');
  await page.getByRole('heading', { name: 'What is the product?' }).waitFor();
  expect(await backgroundLevel(page)).toBeGreaterThan(200);
  await page.screenshot({ path: `${screenshotsDir}light-landing.png`, fullPage: true });
  await themeSelect(page).selectOption('dark');
  await check('landing');

  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Please enter a valid email address.').waitFor();
  await check('login');

  const username = await signUpWithWorkspace(page, 'dark', 'night');
  const api = await CatalogApi.of(page, 'night');
  await api.ingestTool(`${inject('fixtureOrigin')}/tool`);
  await api.ingestTool(`${inject('fixtureOrigin')}/challenge/cloudflare-200`, 'quarantined');
  const project = await api.createProject('Launch');
  const tag = await api.createTag('frontend');
  await api.call('PUT', `/projects/${project.id}/tags/${tag.id}`);

  await page.goto(`/${username}/night`);
  await page.getByRole('region', { name: 'Recent tools' }).getByRole('link', { name: 'Rocket' }).waitFor();
  await check('dashboard');

  await page.goto(`/${username}/night/tools`);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Rocket/ })
    .waitFor();
  await check('tools');

  await page.goto(`/${username}/night/tools/rocket`);
  await page.getByRole('heading', { level: 1, name: 'rocket' }).waitFor();
  await check('tool');

  await page.goto(`/${username}/night/tool-ingestions`);
  await page.getByText('Needs review', { exact: true }).first().waitFor();
  await check('ingestions');

  await page.goto(`/${username}/night/tool-ingestions?kind=resource`);
  await page.getByRole('heading', { name: 'Import bookmarks' }).waitFor();
  await check('resource-ingestions');

  await page.goto(`/${username}/night/projects/${project.slug}`);
  await page.getByRole('button', { name: 'Edit tags' }).click();
  await page.getByRole('button', { name: 'Edit tag frontend' }).click();
  await check('tag-editor');
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('dialog', { name: 'Rename project' }).waitFor();
  await check('rename-dialog');
  await page.keyboard.press('Escape');

  await page.goto('/settings?tab=profile');
  await page.getByRole('heading', { name: 'Preferences' }).waitFor();
  await check('settings');

  // Narrow: the sidebar menu open, and the public header with its switch still fits the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await check('menu-narrow');
  await page.goto('/about');
  await page.getByRole('heading', { name: 'About' }).first().waitFor();
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBe(375);
  expect(await themeSelect(page).inputValue()).toBe('dark');
  await check('about-narrow');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/${username}/night`);
  await page.getByRole('heading', { name: 'night', level: 1 }).waitFor();

  // The command palette's dialog, over the dark page.
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: 'Command palette' }).waitFor();
  await check('palette');
}, 120_000);

test('the theme switch persists across reloads and is applied before the app runs', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('heading', { name: 'About' }).first().waitFor();
  expect(await themeSelect(page).inputValue()).toBe('system');
  expect(await isDark(page)).toBe(false);
  await themeSelect(page).selectOption('dark');
  expect(await isDark(page)).toBe(true);

  // With the app's scripts blocked, only index.html, public/theme.js and the stylesheet act: the first paint
  // is already dark.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  expect(await isDark(page)).toBe(true);
  expect(await backgroundLevel(page)).toBeLessThan(50);
  expect(await page.getByRole('heading', { name: 'About' }).count()).toBe(0);

  await page.unroute('**/assets/*.js');
  await page.reload();
  await page.getByRole('heading', { name: 'About' }).first().waitFor();
  expect(await themeSelect(page).inputValue()).toBe('dark');
  expect(await isDark(page)).toBe(true);

  await themeSelect(page).selectOption('light');
  await page.reload();
  await page.getByRole('heading', { name: 'About' }).first().waitFor();
  expect(await themeSelect(page).inputValue()).toBe('light');
  expect(await isDark(page)).toBe(false);
  expect(await backgroundLevel(page)).toBeGreaterThan(200);
});

test("'system' follows prefers-color-scheme, live; an explicit choice overrides it", async ({
  browser,
  baseUrl,
}) => {
  const context = await browser.newContext({ baseURL: baseUrl, colorScheme: 'dark' });
  const page = await context.newPage();
  // public/theme.js follows the scheme on its own, so a change before the app has subscribed still counts.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  expect(await isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
  await page.unroute('**/assets/*.js');

  await page.goto('/login');
  await page.getByRole('heading', { name: 'Login' }).first().waitFor();
  expect(await themeSelect(page).inputValue()).toBe('system');
  expect(await isDark(page)).toBe(true);

  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);

  await themeSelect(page).selectOption('light');
  expect(await isDark(page)).toBe(false);
  await page.reload();
  await page.getByRole('heading', { name: 'Login' }).first().waitFor();
  expect(await isDark(page)).toBe(false);

  // Another tab follows a choice made here, its switch too.
  const other = await context.newPage();
  await other.goto('/login');
  await other.getByRole('heading', { name: 'Login' }).first().waitFor();
  expect(await isDark(other)).toBe(false);
  await themeSelect(page).selectOption('dark');
  await expect.poll(() => isDark(other)).toBe(true);
  await expect.poll(() => themeSelect(other).inputValue()).toBe('dark');
  await context.close();
});

test("a signed-in user's choice is saved to the profile and follows them to another browser", async ({
  page,
  browser,
  baseUrl,
}) => {
  const id = uniqueId();
  const email = `e2e-theme-${id}@example.test`;
  await registerVerified(page, email);
  await signIn(page, email);
  await onboard(page, `theme_${id}`, 'lamp');
  await page.screenshot({ path: `${screenshotsDir}light-dashboard.png`, fullPage: true });
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/profile') && response.request().method() === 'PUT',
  );
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('combobox', { name: 'Theme' })
    .selectOption('dark');
  expect((await saved).status()).toBe(200);

  // A browser that has never seen this user, its system in light mode.
  const other = await browser.newContext({ baseURL: baseUrl, colorScheme: 'light' });
  const laptop = await other.newPage();
  await signIn(laptop, email);
  await laptop.getByRole('heading', { name: 'lamp', level: 1 }).waitFor();
  await expect.poll(() => isDark(laptop)).toBe(true);
  expect(await themeSelect(laptop).inputValue()).toBe('dark');
  // Kept in that browser too, so its next load is dark from the first paint.
  await laptop.reload();
  expect(await isDark(laptop)).toBe(true);
  await other.close();
});
