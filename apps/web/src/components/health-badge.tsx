import type { ItemHealth, LinkHealthStatus } from '@stackyard/contracts/health';

// A saved item's link health in a list card: shown only when the link needs a look, so a list of working
// links stays quiet. The Needs attention page explains each status and offers the fixes.

const LABELS: Record<Exclude<LinkHealthStatus, 'ok'>, string> = {
  moved: 'Link moved',
  gone: 'Link gone',
  failing: 'Link failing',
  archived: 'Archived',
  deprecated: 'Deprecated',
};

/** Nothing for a link that works, was never checked, or whose status a member marked as kept. */
export function HealthBadge({ health }: { health: ItemHealth | null | undefined }) {
  if (!health || health.status === 'ok' || health.kept) return null;
  return (
    <span
      data-slot="health-badge"
      className="shrink-0 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
    >
      {LABELS[health.status]}
    </span>
  );
}
