import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps;

// Defaults to type="button": a button inside a form should submit only when it says so.
export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      data-slot="button"
      type={type}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
