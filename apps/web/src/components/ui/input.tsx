import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      className={cn(
        'h-10 w-full min-w-0 rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-950 shadow-xs',
        'placeholder:text-zinc-500 focus-visible:border-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600',
        'disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:opacity-70',
        'aria-invalid:border-red-600',
        className,
      )}
      {...props}
    />
  );
}
