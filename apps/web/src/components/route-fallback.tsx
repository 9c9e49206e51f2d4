import { Spinner } from '@/components/ui/spinner';

// Shown while a lazily loaded screen is fetched. It fades in after a short delay so a fast load does not
// flash a spinner.
export function RouteFallback() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex animate-fade-in-late items-center justify-center gap-3 py-24 text-sm text-zinc-600"
    >
      <Spinner />
      <span>Loading page…</span>
    </div>
  );
}
