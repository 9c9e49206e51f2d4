import { useState } from 'react';
import { cn } from '@/lib/cn';

// Pale tiles with dark text in hues the dark theme re-maps (index.css), so the contrast holds there too.
const tileColors = [
  'bg-amber-100 text-amber-900',
  'bg-emerald-100 text-emerald-900',
  'bg-sky-100 text-sky-900',
  'bg-purple-100 text-purple-900',
  'bg-red-100 text-red-900',
  'bg-blue-100 text-blue-900',
];

function initials(name: string): string {
  const words = name.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase();
}

function colorOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return tileColors[hash % tileColors.length] ?? '';
}

/** The tool's icon, else its initials on a tile coloured by its name. Decorative: the name is beside it. */
export function ToolTile({
  name,
  iconUrl,
  className,
}: {
  name: string;
  iconUrl: string | null;
  className?: string;
}) {
  // An icon that does not load (gone, refused) gives way to the tile.
  const [failed, setFailed] = useState(false);
  if (iconUrl && !failed) {
    return (
      <img
        src={iconUrl}
        alt=""
        onError={() => setFailed(true)}
        className={cn('size-8 shrink-0 rounded-md object-contain', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-xs font-semibold',
        colorOf(name),
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
