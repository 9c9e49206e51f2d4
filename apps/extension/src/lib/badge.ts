// The toolbar icon of a tab says whether its page is already in one of the user's workspaces: a check
// mark on the icon, and the workspaces in its tooltip.
import { lookUp, type SavedItem } from './api.ts';
import { loadConnection } from './settings.ts';

export const SAVED_MARK = '✓';
const DEFAULT_TITLE = 'Save to stackyard';

export function savedIn(saved: SavedItem[]): string {
  const names = [...new Set(saved.map((item) => item.workspace_name))];
  return `Already saved in ${names.join(', ')}`;
}

/** Marks the tab's icon when its page is saved somewhere; quietly leaves it plain when that is unknown. */
export async function showSavedState(tabId: number, url: string | undefined): Promise<void> {
  const connection = await loadConnection();
  let saved: SavedItem[] = [];
  if (connection && url && /^https?:/.test(url)) {
    try {
      saved = await lookUp(connection, url);
    } catch {
      // Signed out, offline, or a page address the server refuses: the icon shows nothing rather than an error.
    }
  }
  await chrome.action.setBadgeText({ tabId, text: saved.length ? SAVED_MARK : '' });
  await chrome.action.setTitle({ tabId, title: saved.length ? savedIn(saved) : DEFAULT_TITLE });
}
