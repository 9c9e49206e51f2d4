import { cva, type VariantProps } from 'class-variance-authority';

// Shared by <Button> and <LinkButton> so a link can look like a button without nesting interactive elements.
export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap',
    'transition-colors select-none disabled:pointer-events-none disabled:opacity-50',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600',
  ],
  {
    variants: {
      variant: {
        primary: 'bg-zinc-900 text-white shadow-sm hover:bg-zinc-700',
        outline:
          'border border-zinc-300 bg-white text-zinc-900 shadow-xs hover:border-zinc-400 hover:bg-zinc-50',
        ghost: 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-950',
        link: 'text-zinc-900 underline decoration-zinc-300 underline-offset-4 hover:decoration-zinc-900',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
      },
    },
    defaultVariants: {
      variant: 'primary',
      size: 'md',
    },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
