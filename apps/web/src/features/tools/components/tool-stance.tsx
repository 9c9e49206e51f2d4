import {
  setToolStanceSchema,
  STANCE_CATEGORY_MAX,
  STANCE_NOTE_MAX,
  type ToolStance as Stance,
  type ToolStanceRecord,
} from '@stackyard/contracts/stack';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { checkedRequest, useCheckedForm } from '@/lib/use-checked-form';
import { useSetToolStance, useToolStance } from '../api/tool-stance';

export const STANCE_LABEL: Record<Stance, string> = {
  preferred: 'Preferred',
  accepted: 'Accepted',
  avoid: 'Avoid',
};

type ToolStanceProps = { workspaceId: string; toolId: string; canEdit: boolean };

/** The workspace's stance on the tool: shown to every member, set by editors and admins. */
export function ToolStance({ workspaceId, toolId, canEdit }: ToolStanceProps) {
  const stance = useToolStance(workspaceId, toolId);
  if (!stance.data) return null;
  return (
    <>
      {canEdit ? (
        <StanceForm key={stance.data.updated_at ?? 'unset'} workspaceId={workspaceId} record={stance.data} />
      ) : (
        <p data-testid="tool-stance" className="mt-4 text-sm text-zinc-700">
          Stance: <strong>{STANCE_LABEL[stance.data.stance]}</strong>
          {stance.data.category && ` · ${stance.data.category}`}
          {stance.data.note && ` · ${stance.data.note}`}
        </p>
      )}
      <StanceSetBy record={stance.data} />
    </>
  );
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** Who set the stance and when: what the AI-assistant export says about the tool is theirs. */
function StanceSetBy({ record }: { record: ToolStanceRecord }) {
  if (!record.updated_by || !record.updated_at) return null;
  return (
    <p data-testid="stance-set-by" className="mt-1 text-xs text-zinc-500">
      Stance set by {record.updated_by_username ?? 'someone'} on{' '}
      <time dateTime={record.updated_at}>{dateFormat.format(new Date(record.updated_at))}</time>
    </p>
  );
}

type StanceValues = { stance: Stance; category: string; note: string };

// The PUT body is the fields as typed.
const stanceChecks = checkedRequest(setToolStanceSchema, (values: StanceValues) => values);

function StanceForm({ workspaceId, record }: { workspaceId: string; record: ToolStanceRecord }) {
  const update = useSetToolStance(workspaceId);
  const form = useCheckedForm(stanceChecks, {
    stance: record.stance,
    category: record.category ?? '',
    note: record.note ?? '',
  });
  const submit = form.handleSubmit(async (stance) => {
    await update.mutateAsync({ toolId: record.workspace_tool_id, stance });
  });
  return (
    <form
      aria-label="Stance"
      onSubmit={submit}
      className="mt-4 grid gap-3 rounded-lg border border-zinc-200 p-4 sm:grid-cols-3"
    >
      <FormField label="Stance" error={form.errors.stance}>
        <select
          {...form.field('stance')}
          className="h-10 rounded-lg border border-zinc-300 bg-white px-2 text-sm"
        >
          {(Object.keys(STANCE_LABEL) as Stance[]).map((value) => (
            <option key={value} value={value}>
              {STANCE_LABEL[value]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Category" error={form.errors.category}>
        <Input maxLength={STANCE_CATEGORY_MAX} {...form.field('category')} />
      </FormField>
      <div className="sm:col-span-3">
        <FormField label="Note" error={form.errors.note}>
          <Input maxLength={STANCE_NOTE_MAX} {...form.field('note')} />
        </FormField>
      </div>
      <div className="flex items-center gap-3 sm:col-span-3">
        <Button type="submit" disabled={update.isPending}>
          Save stance
        </Button>
        {update.isSuccess && <span className="text-sm text-zinc-600">Saved</span>}
        {update.error && (
          <span role="alert" className="text-sm text-red-700">
            {update.error.message}
          </span>
        )}
      </div>
    </form>
  );
}
