import { Spinner } from '@/components/ui/spinner';

/** A whole-area wait state with its exact text ('Loading...', 'Loading authentication...'). */
export function StatusScreen({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center justify-center gap-3 py-24 text-sm text-zinc-600"
    >
      <Spinner />
      <span>{text}</span>
    </div>
  );
}
