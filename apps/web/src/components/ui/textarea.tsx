import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A multi-line field styled as Input is. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-950 shadow-xs',
        'placeholder:text-zinc-500 focus-visible:border-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600',
        'aria-invalid:border-red-600',
        className,
      )}
      {...props}
    />
  );
}
