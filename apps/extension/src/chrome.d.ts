// The parts of the WebExtension API (the `chrome` namespace, which Firefox also provides in Manifest V3,
// promise-based) that this extension calls; declared here rather than pulling in the whole of @types/chrome.
declare namespace chrome {
  interface Event<Listener> {
    addListener(listener: Listener): void;
  }

  namespace storage {
    const local: {
      get(keys: string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string[]): Promise<void>;
    };
  }

  namespace tabs {
    interface Tab {
      id?: number;
      url?: string;
      title?: string;
      active: boolean;
      lastAccessed?: number;
    }
    function query(query: { active?: boolean; lastFocusedWindow?: boolean }): Promise<Tab[]>;
    function get(tabId: number): Promise<Tab>;
    const onActivated: Event<(info: { tabId: number }) => void>;
    const onUpdated: Event<(tabId: number, change: { status?: string; url?: string }, tab: Tab) => void>;
  }

  namespace scripting {
    function executeScript<T>(injection: {
      target: { tabId: number };
      func: () => T;
    }): Promise<Array<{ result?: T }>>;
  }

  namespace action {
    function setBadgeText(details: { tabId?: number; text: string }): Promise<void>;
    function getBadgeText(details: { tabId?: number }): Promise<string>;
    function setBadgeBackgroundColor(details: { color: string }): Promise<void>;
    function setTitle(details: { tabId?: number; title: string }): Promise<void>;
  }

  namespace contextMenus {
    interface OnClickData {
      menuItemId: string | number;
      pageUrl?: string;
      linkUrl?: string;
      linkText?: string;
      selectionText?: string;
    }
    function create(properties: { id: string; title: string; contexts: string[] }): void;
    function removeAll(): Promise<void>;
    const onClicked: Event<(info: OnClickData, tab?: tabs.Tab) => void>;
  }

  namespace runtime {
    const onInstalled: Event<() => void>;
    const onMessage: Event<(message: unknown) => void>;
    function getURL(path: string): string;
    function openOptionsPage(): Promise<void>;
    function sendMessage(message: unknown): Promise<unknown>;
  }

  namespace identity {
    function getRedirectURL(): string;
    function launchWebAuthFlow(details: { url: string; interactive: boolean }): Promise<string | undefined>;
  }

  namespace windows {
    function create(data: { url: string; type: 'popup'; width: number; height: number }): Promise<unknown>;
  }
}
