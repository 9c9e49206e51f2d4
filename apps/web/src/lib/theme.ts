import { useSyncExternalStore } from 'react';
import { themes, type Theme } from '@stackyard/contracts/theme';

// The same key and rule as public/theme.js, which applies the stored choice before the first paint.
const STORAGE_KEY = 'stackyard-theme';
const CHANGED = 'stackyard-theme-change';

export function storedTheme(): Theme {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be disabled: the system's choice then.
  }
  return themes.find((theme) => theme === stored) ?? 'system';
}

function applyTheme(theme: Theme): void {
  const dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Not kept, but this page still switches.
  }
  applyTheme(theme);
  window.dispatchEvent(new Event(CHANGED));
}

// public/theme.js applies a change of the system's scheme or of the choice in another tab (its listeners come
// first); the components only re-read the choice.
function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** The chosen theme, kept current across components and tabs. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, storedTheme, () => 'system');
}
