import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// Decorative only: whoever shows it also renders the text that screen readers announce.
export function Spinner({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <svg
      data-slot="spinner"
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      className={cn('size-5 animate-spin text-zinc-500 motion-reduce:animate-none', className)}
      {...props}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
