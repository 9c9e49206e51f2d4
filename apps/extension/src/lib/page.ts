// What the popup saves: what a context-menu click handed it (in its query, as the web app's /save page
// takes it), else the tab the user is on and the text selected in it.

export interface PageToSave {
  url: string;
  title: string;
  selection: string;
  /** The tab showing it, whose icon shows the saved state; none for a link saved from the context menu. */
  tabId?: number;
}

const isWebPage = (tab: chrome.tabs.Tab) => /^https?:/.test(tab.url ?? '');

/**
 * The tab to save: the active one, or, when the popup was opened as a page of its own (a tab, a window),
 * the web page the user was on last.
 */
async function currentTab(): Promise<chrome.tabs.Tab | undefined> {
  const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (active && isWebPage(active)) return active;
  const pages = (await chrome.tabs.query({})).filter(isWebPage);
  return pages.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
}

async function selectionIn(tabId: number): Promise<string> {
  try {
    const [frame] = await chrome.scripting.executeScript({
      target: { tabId },
      func: () => window.getSelection()?.toString() ?? '',
    });
    return typeof frame?.result === 'string' ? frame.result : '';
  } catch {
    // A page the browser keeps scripts out of (its store, a PDF viewer): saved without a quote.
    return '';
  }
}

export async function pageToSave(params: URLSearchParams): Promise<PageToSave | null> {
  const url = params.get('url');
  if (url) {
    const tabId = Number(params.get('tab'));
    return {
      url,
      title: params.get('title') ?? '',
      selection: params.get('text') ?? '',
      ...(Number.isInteger(tabId) && tabId > 0 ? { tabId } : {}),
    };
  }
  const tab = await currentTab();
  if (!tab?.url || tab.id === undefined) return null;
  return { url: tab.url, title: tab.title ?? '', selection: await selectionIn(tab.id), tabId: tab.id };
}
