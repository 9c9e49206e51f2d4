import { useState } from 'react';
import { cn } from '@/lib/cn';

// A tool's or resource's icon: the copy the app stores (/api/v1/media/…), or its initials on a coloured
// tile. The tiles pair a pale background with the darkest text of one hue; dark mode swaps the ends of
// every hue (index.css), so they keep their contrast there too.
const TILES = [
  'bg-red-100 text-red-900',
  'bg-orange-100 text-orange-900',
  'bg-amber-100 text-amber-900',
  'bg-lime-100 text-lime-900',
  'bg-emerald-100 text-emerald-900',
  'bg-teal-100 text-teal-900',
  'bg-sky-100 text-sky-900',
  'bg-indigo-100 text-indigo-900',
  'bg-violet-100 text-violet-900',
  'bg-fuchsia-100 text-fuchsia-900',
  'bg-rose-100 text-rose-900',
  'bg-slate-200 text-slate-900',
];

const SIZES = {
  sm: 'size-5 rounded text-[0.6rem]',
  md: 'size-8 rounded-md text-xs',
  lg: 'size-12 rounded-lg text-base',
} as const;

/** One or two letters: the first of the first two words ("TanStack Query" → "TQ"), else of the one word. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^https?:\/\/(www\.)?/i, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const [first = '', second] = words;
  const letters = second ? [...first].slice(0, 1).concat([...second].slice(0, 1)) : [...first].slice(0, 2);
  return letters.join('').toUpperCase() || '?';
}

/** The same name always gets the same tile. */
export function tileOf(name: string): string {
  let hash = 0;
  for (const char of name.toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return TILES[hash % TILES.length] ?? 'bg-slate-200 text-slate-900';
}

// Site icons are drawn for light pages: dark marks on a transparent background. Their tile stays light in dark
// mode too, an arbitrary colour the dark theme does not re-map as it does bg-white.
const ICON_BACKGROUND = 'bg-[oklch(96.7%_0.001_286.4)]';

export function ItemIcon({
  name,
  src,
  size = 'md',
  className,
}: {
  name: string;
  src: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
        className={cn(ICON_BACKGROUND, 'shrink-0 object-contain', SIZES[size], className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-fallback-icon=""
      className={cn(
        'inline-flex shrink-0 items-center justify-center font-semibold select-none',
        SIZES[size],
        tileOf(name),
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
