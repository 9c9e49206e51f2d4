// The ingestions page (/{username}/{workspaceSlug}/tool-ingestions) against the real server and
// the ingestion fixture web server (global setup allowlists it): submit URLs, watch them complete live,
// follow to the tool, review quarantined ones (retry, release, reject), a viewer only reads, the Add buttons
// of the tools and resources lists, and a bookmarks file imported with its report, then exported.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { serverError, signUpInNewContext, signUpWithWorkspace } from './support/catalog-api.ts';

/** One submission's card in the list, found by its URL. */
const submissionCard = (page: Page, url: string) => page.getByRole('article', { name: url, exact: true });

test('submit tool URLs, watch them complete live, follow to the tool, and review quarantined ones', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'ingest', 'intake');

  // The tools list's empty state leads to the page.
  await page.getByRole('link', { name: 'Tools', exact: true }).click();
  await page.getByRole('link', { name: 'Add your first tool' }).click();
  await page.waitForURL(`**/${username}/intake/tool-ingestions`);
  await page.getByRole('heading', { level: 1, name: 'Ingestions' }).waitFor();
  await page.getByRole('heading', { name: 'No submissions yet' }).waitFor();
  expect(
    await page
      .getByRole('navigation', { name: 'Kind' })
      .getByRole('link', { name: 'Tools' })
      .getAttribute('aria-current'),
  ).toBe('page');

  // Checked before anything is sent.
  const urls = page.getByRole('textbox', { name: 'URLs' });
  await urls.fill(`${origin}/tool\nrocket.example`);
  await page.getByRole('button', { name: 'Submit tools' }).click();
  await page
    .getByText('Line 2: “rocket.example” is not a valid URL: start it with https:// or http://.')
    .waitFor();
  expect(await seriousA11yViolations(page), 'ingestions page with a form error').toEqual([]);

  const tool = `${origin}/tool`;
  const challenge = `${origin}/challenge/cloudflare-200`;
  const missing = `${origin}/status/404`;
  await urls.fill([tool, challenge, missing].join('\n'));
  await page.getByRole('button', { name: 'Submit tools' }).click();
  await page.getByText('Submitted 3 URLs; follow them below.').waitFor();
  expect(await urls.inputValue()).toBe('');

  // Live status: the list polls until every submission settles, no reload needed.
  const toolCard = submissionCard(page, tool);
  await toolCard.getByText('Added', { exact: true }).waitFor({ timeout: 20_000 });
  const challengeCard = submissionCard(page, challenge);
  await challengeCard.getByText('Needs review', { exact: true }).waitFor({ timeout: 20_000 });
  await challengeCard.getByText('(bot_challenge)').waitFor();
  const missingCard = submissionCard(page, missing);
  await missingCard.getByText('Needs review', { exact: true }).waitFor({ timeout: 20_000 });
  await missingCard.getByText('(http_error)').waitFor();
  expect(await toolCard.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  expect(await seriousA11yViolations(page), 'ingestions page with submissions').toEqual([]);

  // Retry runs it again (and it is held back again: the page still answers 404).
  const retried = page.waitForResponse(
    (response) => response.url().endsWith('/retry') && response.request().method() === 'POST',
  );
  await missingCard.getByRole('button', { name: 'Retry' }).click();
  expect((await retried).status()).toBe(200);
  await missingCard
    .filter({ hasText: 'Retried by a reviewer' })
    .filter({ hasText: 'Needs review' })
    .getByText('(http_error)')
    .waitFor({ timeout: 20_000 });

  // Reject asks first: Cancel leaves it as it was; confirming closes it for good, with no more review actions.
  await missingCard.getByRole('button', { name: 'Reject' }).click();
  const confirmReject = page.getByRole('dialog', { name: 'Reject this submission?' });
  await confirmReject.getByText(missing).waitFor();
  await confirmReject.getByRole('button', { name: 'Cancel' }).click();
  await confirmReject.waitFor({ state: 'hidden' });
  expect(await missingCard.getByText('Needs review', { exact: true }).count()).toBe(1);
  await missingCard.getByRole('button', { name: 'Reject' }).click();
  await confirmReject.getByRole('button', { name: 'Reject' }).click();
  await confirmReject.waitFor({ state: 'hidden' });
  await missingCard.getByText('Rejected', { exact: true }).waitFor();
  await missingCard.getByText(/Rejected by a reviewer/).waitFor();
  expect(await missingCard.getByRole('button', { name: 'Retry' }).count()).toBe(0);

  // Release with hand-typed metadata: the tool is created without fetching.
  await challengeCard.getByRole('button', { name: 'Release' }).click();
  const dialog = page.getByRole('dialog', { name: 'Release tool' });
  await dialog.getByRole('button', { name: 'Release' }).click();
  await dialog.getByText('Name is required').waitFor();
  expect(await seriousA11yViolations(page), 'release dialog').toEqual([]);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Shielded Tool');
  await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill('Behind a bot check.');
  await dialog.getByRole('button', { name: 'Release' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await challengeCard.getByText('Added', { exact: true }).waitFor();
  await challengeCard.getByRole('link', { name: 'Open Shielded Tool' }).waitFor();

  // The completed one leads to its tool's page.
  const open = toolCard.getByRole('link', { name: /^Open / });
  await open.click();
  await page.waitForURL(new RegExp(`/${username}/intake/tools/[a-z0-9-]+$`));
  await page.getByText(tool, { exact: true }).first().waitFor();

  // The tools list shows both, with its Add button back to the page.
  await page.getByRole('link', { name: 'Tools', exact: true }).first().click();
  await page.getByRole('link', { name: /Shielded Tool/ }).waitFor();
  expect(await page.getByRole('link', { name: /Rocket/ }).count()).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Add a tool' }).click();
  await page.waitForURL(`**/${username}/intake/tool-ingestions`);
  await submissionCard(page, tool).waitFor();
}, 120_000);

test('a viewer follows submissions but sees neither the form nor the review actions', async ({
  page,
  browser,
  baseUrl,
}) => {
  const origin = inject('fixtureOrigin');
  const viewer = await signUpInNewContext(browser, baseUrl, 'watch', 'own');
  const owner = await signUpWithWorkspace(page, 'lead', 'crew');

  await page.goto(`/${owner}/crew/tool-ingestions`);
  const held = `${origin}/challenge/cloudflare-200`;
  await page.getByRole('textbox', { name: 'URLs' }).fill(held);
  await page.getByRole('button', { name: 'Submit tools' }).click();
  await submissionCard(page, held).getByText('Needs review', { exact: true }).waitFor({ timeout: 20_000 });

  await page.goto('/settings?tab=workspace');
  await page.getByRole('button', { name: 'Members of crew' }).click();
  await page.getByLabel('Add member by username', { exact: true }).fill(viewer.username);
  await page.getByRole('button', { name: 'Add member' }).click();
  await page.getByText(`Added ${viewer.username} as viewer`).waitFor();

  await viewer.page.goto(`/${owner}/crew/tool-ingestions`);
  const card = submissionCard(viewer.page, held);
  await card.getByText('Needs review', { exact: true }).waitFor();
  await card.getByText('(bot_challenge)').waitFor();
  expect(await viewer.page.getByRole('textbox', { name: 'URLs' }).count()).toBe(0);
  for (const action of ['Retry', 'Release', 'Reject']) {
    expect(await viewer.page.getByRole('button', { name: action }).count(), action).toBe(0);
  }
  await viewer.page.goto(`/${owner}/crew/tools`);
  await viewer.page.getByRole('heading', { name: 'No tools yet' }).waitFor();
  expect(await viewer.page.getByRole('link', { name: 'Add a tool' }).count()).toBe(0);
  await viewer.page.goto(`/${owner}/crew/resources`);
  await viewer.page.getByRole('heading', { name: 'No resources yet' }).waitFor();
  expect(await viewer.page.getByRole('link', { name: 'Add a resource' }).count()).toBe(0);
  expect(await viewer.page.getByRole('link', { name: 'Export bookmarks' }).count()).toBe(1);
  await viewer.context.close();
}, 120_000);

test('resources: the Add button picks resources; bookmarks import with a report, then export', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'links', 'library');

  await page.getByRole('link', { name: 'Resources', exact: true }).click();
  await page.getByRole('heading', { name: 'No resources yet' }).waitFor();
  await page.getByRole('link', { name: 'Add a resource' }).click();
  await page.waitForURL(`**/${username}/library/tool-ingestions?kind=resource`);
  expect(
    await page
      .getByRole('navigation', { name: 'Kind' })
      .getByRole('link', { name: 'Resources' })
      .getAttribute('aria-current'),
  ).toBe('page');
  await page.getByRole('heading', { name: 'Resource submissions' }).waitFor();
  expect(await seriousA11yViolations(page), 'resource ingestions').toEqual([]);

  const article = `${origin}/json-ld`;
  await page.getByRole('textbox', { name: 'URLs' }).fill(article);
  await page.getByRole('button', { name: 'Submit resources' }).click();
  const card = submissionCard(page, article);
  await card.getByText('Added', { exact: true }).waitFor({ timeout: 20_000 });
  await card.getByRole('link', { name: 'Open the resource' }).click();
  await page.waitForURL(new RegExp(`/${username}/library/resources/[0-9a-f-]{36}$`));
  await page.getByRole('link', { name: article }).waitFor();
  await page.goBack();
  await page.getByRole('heading', { name: 'Import bookmarks' }).waitFor();

  // A bookmarks file: two folders (tags), a bookmarklet (not a web address), a repeat (fragment only differs)
  // and a link the workspace already has.
  const bookmarks = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
  <DT><H3>Reading</H3>
  <DL><p>
    <DT><A HREF="${origin}/twitter" ADD_DATE="1700000000">Twitter card page</A>
    <DT><A HREF="javascript:alert(1)">Bookmarklet</A>
  </DL><p>
  <DT><H3>Docs</H3>
  <DL><p>
    <DT><A HREF="${origin}/plain/" ADD_DATE="1700000001">Plain docs</A>
    <DT><A HREF="${origin}/twitter#again">Twitter again</A>
  </DL><p>
  <DT><A HREF="${article}">Already here</A>
</DL><p>
`;
  const input = page.getByLabel('Bookmarks file', { exact: true });
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByText('Choose a bookmarks file.').waitFor();
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByText('Choose an HTML file: bookmark exports end in .html.').waitFor();
  await input.setInputFiles({
    name: 'bookmarks.html',
    mimeType: 'text/html',
    buffer: Buffer.from(bookmarks),
  });
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByText('Import: bookmarks.html').waitFor();
  await page.getByText('Imported 2 of 5 bookmarks. 2 were already here. 1 could not be imported.').waitFor({
    timeout: 20_000,
  });
  const skipped = page.getByRole('group', { name: 'Import: bookmarks.html' });
  await skipped.getByText('Skipped bookmarks (3)').waitFor();
  await skipped.getByText(/Bookmarklet.*not a web address/).waitFor();
  await skipped.getByText(/Twitter again.*already in this workspace, or earlier in the file/).waitFor();
  await skipped.getByText(/Already here.*already in this workspace/).waitFor();
  expect(await seriousA11yViolations(page), 'bookmarks import report').toEqual([]);

  // After a reload the last import's report is still there.
  await page.reload();
  await page.getByText('Last import: bookmarks.html').waitFor();

  // The resources list holds them, and exports them as a bookmarks file.
  await page.goto(`/${username}/library/resources`);
  await page.getByRole('link', { name: 'Export bookmarks' }).waitFor();
  expect(await page.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export bookmarks' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^stackyard-bookmarks-\d{4}-\d{2}-\d{2}\.html$/);
  const exported = readFileSync(await download.path(), 'utf8');
  expect(exported).toContain('NETSCAPE-Bookmark-file-1');
  for (const url of [`${origin}/twitter`, `${origin}/plain/`, article]) expect(exported).toContain(url);
}, 120_000);

/** A glossary saved from the browser: <dl> lists of links, and no bookmark. */
const glossaryPage = `<!DOCTYPE html><html lang="en"><head><title>Glossary - Wikipedia</title></head><body>
<dl><dt><a href="https://en.wikipedia.org/wiki/Algorithm">algorithm</a></dt><dd>A specification.</dd>
<dt><a href="https://en.wikipedia.org/wiki/Array">array</a></dt><dd>A data structure.</dd></dl></body></html>`;

test('bookmarks: an empty export imports as nothing to import; a web page is refused saying why', async ({
  page,
}) => {
  const username = await signUpWithWorkspace(page, 'shelf', 'empty-shelf');
  await page.goto(`/${username}/empty-shelf/resources`);
  await page.getByRole('heading', { name: 'No resources yet' }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export bookmarks' }).click(),
  ]);
  const exported = readFileSync(await download.path());

  await page.goto(`/${username}/empty-shelf/tool-ingestions?kind=resource`);
  await page.getByRole('heading', { name: 'Import bookmarks' }).waitFor();
  const input = page.getByLabel('Bookmarks file', { exact: true });
  await input.setInputFiles({ name: 'empty.html', mimeType: 'text/html', buffer: exported });
  await page.getByRole('button', { name: 'Import' }).click();
  const report = page.getByRole('group', { name: 'Import: empty.html' });
  await report.getByText('Nothing to import: the file holds no bookmarks.').waitFor();
  expect(await page.getByText('The import could not start').count()).toBe(0);

  await input.setInputFiles({
    name: 'glossary.html',
    mimeType: 'text/html',
    buffer: Buffer.from(glossaryPage),
  });
  await page.getByRole('button', { name: 'Import' }).click();
  await page
    .getByText(
      /^The import could not start: This file is not a bookmarks file\. A bookmarks file is the HTML file a browser's bookmark manager exports/,
    )
    .waitFor();
  expect(await seriousA11yViolations(page), 'bookmarks import refused').toEqual([]);
}, 120_000);

test('the submissions list says why it could not load', async ({ page }) => {
  const username = await signUpWithWorkspace(page, 'broken', 'shaky');
  await page.route('**/api/v1/ingestion/tools/workspace/**', (route) => route.fulfill(serverError));
  await page.goto(`/${username}/shaky/tool-ingestions`);
  await page.getByText('Error loading tool submissions: Database down').waitFor();
});
