import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type AlertProps = ComponentProps<'div'> & { tone?: 'error' | 'success' | 'info' };

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-zinc-200 bg-zinc-50 text-zinc-800',
} as const;

export function Alert({ tone = 'error', className, ...props }: AlertProps) {
  return (
    <div
      data-slot="alert"
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border px-4 py-3 text-sm', tones[tone], className)}
      {...props}
    />
  );
}
