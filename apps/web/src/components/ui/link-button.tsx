import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

export type LinkButtonProps = LinkProps & ButtonVariantProps;

export function LinkButton({ className, variant, size, ...props }: LinkButtonProps) {
  return (
    <Link data-slot="link-button" className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
