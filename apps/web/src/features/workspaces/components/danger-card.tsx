import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type DangerCardProps = {
  title: string;
  /** What the action does, or why it cannot be taken. */
  children: ReactNode;
  /** The buttons before Cancel. */
  actions: ReactNode;
  onCancel: () => void;
};

/** A workspace action that cannot be undone (delete, leave): what it does, its button, and Cancel. */
export function DangerCard({ title, children, actions, onCancel }: DangerCardProps) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-red-200 p-5">
      <h3 className="font-semibold text-zinc-950">{title}</h3>
      {children}
      <div className="flex flex-wrap gap-2">
        {actions}
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
