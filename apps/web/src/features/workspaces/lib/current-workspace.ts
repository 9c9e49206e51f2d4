import { useCallback, useSyncExternalStore } from 'react';

// The selected workspace survives reloads in local storage, and every tab follows a switch.
export const CURRENT_WORKSPACE_KEY = 'stackyard.currentWorkspaceId';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(CURRENT_WORKSPACE_KEY);
  } catch {
    return null;
  }
}

export function setCurrentWorkspaceId(id: string | null): void {
  try {
    if (id) window.localStorage.setItem(CURRENT_WORKSPACE_KEY, id);
    else window.localStorage.removeItem(CURRENT_WORKSPACE_KEY);
  } catch {
    // Storage may be disabled; the choice then lasts until the page closes.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CURRENT_WORKSPACE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCurrentWorkspaceId(): [string | null, (id: string | null) => void] {
  const id = useSyncExternalStore(subscribe, read, () => null);
  const set = useCallback((next: string | null) => setCurrentWorkspaceId(next), []);
  return [id, set];
}
