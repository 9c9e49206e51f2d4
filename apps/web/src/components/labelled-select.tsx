import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type LabelledSelectProps = ComponentProps<'select'> & { id: string; label: string };

/** A native drop-down under its label: the pages' pickers of a scope or a repository. */
export function LabelledSelect({ id, label, className, children, ...props }: LabelledSelectProps) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-900">
        {label}
      </label>
      <select id={id} className="h-10 rounded-lg border border-zinc-300 bg-white px-3 text-sm" {...props}>
        {children}
      </select>
    </div>
  );
}

/** The options of a workspace-or-project scope: the whole workspace first, then "Project: name" each. */
export function ScopeOptions({
  whole,
  projects,
}: {
  whole: string;
  projects: ReadonlyArray<{ id: string; name: string }>;
}) {
  return (
    <>
      <option value="">{whole}</option>
      {projects.map((project) => (
        <option key={project.id} value={project.id}>
          Project: {project.name}
        </option>
      ))}
    </>
  );
}
