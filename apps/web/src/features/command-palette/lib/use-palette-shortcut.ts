import { useEffect } from 'react';

/** Ctrl+K (⌘K on a Mac) anywhere on the page toggles the palette, even from inside a text field. */
export function usePaletteShortcut(toggle: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      // The browser's own Ctrl+K (focus the address bar's search) gives way on our pages.
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
}
