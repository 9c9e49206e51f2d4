const bar = 'rounded bg-zinc-100 motion-safe:animate-pulse';

/** Card-shaped placeholders while the ideas load; screen readers hear the status text once. */
export function SuggestionsSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading ideas...</span>
      <ul aria-hidden="true" className="grid gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <li key={index} className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-5">
            <div className={`h-5 w-2/3 ${bar}`} />
            <div className="flex gap-2">
              <div className={`h-5 w-20 ${bar}`} />
              <div className={`h-5 w-20 ${bar}`} />
            </div>
            <div className={`h-4 w-full ${bar}`} />
            <div className={`h-4 w-5/6 ${bar}`} />
            <div className="flex gap-2">
              <div className={`h-6 w-16 ${bar}`} />
              <div className={`h-6 w-24 ${bar}`} />
              <div className={`h-6 w-14 ${bar}`} />
            </div>
            <div className={`h-4 w-3/4 ${bar}`} />
            <div className={`h-4 w-2/3 ${bar}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}
