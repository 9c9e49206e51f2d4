// The item page's tag picker, as a member uses it once "Edit tags" is open.
import type { Page } from 'playwright-core';

/** Types a name no tag has and takes the offer to create it: the new tag goes onto the item. */
export async function createTagInPicker(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Add a tag', exact: true }).fill(name);
  await page.getByRole('option', { name: `Create tag “${name}”`, exact: true }).click();
  await page.getByRole('list', { name: 'Tags', exact: true }).getByText(name, { exact: true }).waitFor();
}
