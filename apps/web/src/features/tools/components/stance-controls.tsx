import { toolStanceSchema, type ToolStance } from '@stackyard/contracts/stack';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSetToolStances } from '../api/tool-stance';
import { STANCE_LABEL } from './tool-stance';

// The tools list's stance filter, its badge on each card, and the bar that sets one stance on the selected tools.

const STANCES = toolStanceSchema.options;

export function StanceFilter({
  value,
  onChange,
}: {
  value: ToolStance | null;
  onChange: (stance: ToolStance | null) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-zinc-900">
      Stance
      <select
        value={value ?? ''}
        onChange={(event) => onChange(toolStanceSchema.safeParse(event.target.value).data ?? null)}
        className="h-10 rounded-lg border border-zinc-300 bg-white px-2 text-sm"
      >
        <option value="">All stances</option>
        {STANCES.map((stance) => (
          <option key={stance} value={stance}>
            {STANCE_LABEL[stance]}
          </option>
        ))}
      </select>
    </label>
  );
}

const badgeClass: Record<ToolStance, string> = {
  preferred: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  accepted: 'border-zinc-200 bg-zinc-50 text-zinc-600',
  avoid: 'border-red-300 bg-red-50 text-red-800',
};

export function StanceBadge({ stance }: { stance: ToolStance }) {
  return (
    <span
      data-testid="tool-stance-badge"
      className={cn('rounded-full border px-2 py-0.5 text-xs font-medium', badgeClass[stance])}
    >
      {STANCE_LABEL[stance]}
    </span>
  );
}

/** Editors' and admins' bulk action: one stance for every selected tool, then the selection clears. */
export function BulkStanceBar({
  workspaceId,
  selected,
  onDone,
}: {
  workspaceId: string;
  selected: string[];
  onDone: () => void;
}) {
  const update = useSetToolStances(workspaceId);
  const mark = (stance: ToolStance) =>
    update.mutate({ workspace_tool_ids: selected, stance }, { onSuccess: onDone });
  return (
    <div
      role="region"
      aria-label="Selected tools"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-3"
    >
      <span className="text-sm text-zinc-700">{selected.length} selected</span>
      {STANCES.map((stance) => (
        <Button
          key={stance}
          variant="outline"
          disabled={selected.length === 0 || update.isPending}
          onClick={() => mark(stance)}
        >
          Mark {stance}
        </Button>
      ))}
      {update.isError && <Alert>Could not set the stance: {update.error.message}</Alert>}
    </div>
  );
}
