import { cn } from '@/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-7', className)}>
      <rect width="32" height="32" rx="7" fill="#18181b" />
      <path d="M16 6 26 11 16 16 6 11Z" fill="#fbbf24" />
      <path
        d="M6 15.5 16 20.5 26 15.5"
        fill="none"
        stroke="#fafafa"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M6 20.5 16 25.5 26 20.5"
        fill="none"
        stroke="#a1a1aa"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

// The brand is always written as the lowercase wordmark.
export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <LogoMark />
      <span>stackyard</span>
    </span>
  );
}
