import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A drop-down styled as Input is; `choices` lists one option per entry after any children. */
export function Select({
  className,
  choices = [],
  children,
  ...props
}: ComponentProps<'select'> & { choices?: ReadonlyArray<{ id: string; name: string }> }) {
  return (
    <select
      data-slot="select"
      className={cn(
        'h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-950 shadow-xs',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600',
        'disabled:cursor-not-allowed disabled:opacity-70',
        className,
      )}
      {...props}
    >
      {children}
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.name}
        </option>
      ))}
    </select>
  );
}
