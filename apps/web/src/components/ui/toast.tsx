import { useCallback, useEffect, useRef, useState } from 'react';

const TOAST_MS = 3000;

/**
 * A short confirmation in the page's corner, announced to screen readers (a polite live region that is always
 * in the page, so the announcement is not lost when the text appears). Returns the element and `show(text)`.
 */
export function useToast() {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback((message: string) => {
    clearTimeout(timer.current);
    setText(message);
    timer.current = setTimeout(() => setText(null), TOAST_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const toast = (
    <div
      role="status"
      aria-live="polite"
      className="fixed right-4 bottom-4 left-4 z-50 flex justify-center sm:left-auto"
    >
      {text && (
        <p
          data-slot="toast"
          className="rounded-lg border border-zinc-800 bg-zinc-900 px-4 py-3 text-sm text-white shadow-lg"
        >
          {text}
        </p>
      )}
    </div>
  );
  return { toast, show };
}
