// The service worker: the context-menu entries, and the toolbar icon's saved state as tabs load and change.
import { showSavedState } from './lib/badge.ts';

const MENUS = [
  { id: 'save-page', title: 'Save page to stackyard', contexts: ['page'] },
  { id: 'save-link', title: 'Save link to stackyard', contexts: ['link'] },
  { id: 'save-selection', title: 'Save selection to stackyard', contexts: ['selection'] },
];

chrome.runtime.onInstalled.addListener(() => {
  void chrome.action.setBadgeBackgroundColor({ color: '#047857' });
  void chrome.contextMenus.removeAll().then(() => {
    for (const menu of MENUS) chrome.contextMenus.create(menu);
  });
});

// A context menu cannot open the toolbar popup in every browser, so the popup opens in a small window with
// what was clicked in its query.
chrome.contextMenus.onClicked.addListener((info, tab) => {
  const link = info.menuItemId === 'save-link' && info.linkUrl;
  const params = new URLSearchParams({
    url: link || info.pageUrl || tab?.url || '',
    title: link ? (info.linkText ?? '') : (tab?.title ?? ''),
    text: info.menuItemId === 'save-selection' ? (info.selectionText ?? '') : '',
    ...(!link && tab?.id !== undefined ? { tab: String(tab.id) } : {}),
  });
  void chrome.windows.create({
    url: chrome.runtime.getURL(`popup.html?${params}`),
    type: 'popup',
    width: 440,
    height: 680,
  });
});

chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  if (change.status === 'complete' || change.url) void showSavedState(tabId, tab.url);
});

chrome.tabs.onActivated.addListener(({ tabId }) => {
  void chrome.tabs.get(tabId).then((tab) => showSavedState(tabId, tab.url));
});
