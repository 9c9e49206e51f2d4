import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/cn';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The visible way into the palette, with its shortcut. */
export function PaletteButton({ onClick, className }: { onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
      className={cn(
        buttonVariants({ variant: 'outline', size: 'md' }),
        'w-[200px] justify-between font-normal text-zinc-700',
        className,
      )}
    >
      <span>Search...</span>
      <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 font-sans text-xs text-zinc-600">
        {isMac ? '⌘K' : 'Ctrl K'}
      </kbd>
    </button>
  );
}
