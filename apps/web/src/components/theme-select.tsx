import { themes, type Theme } from '@stackyard/contracts/theme';
import { cn } from '@/lib/cn';
import { setTheme, useTheme } from '@/lib/theme';

const labels: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Light, dark or the system's scheme; the label can be visually hidden where space is short (headers). */
export function ThemeSelect({
  hideLabel = false,
  className,
  onChange,
}: {
  hideLabel?: boolean;
  className?: string;
  /** Called after the choice is applied and kept in this browser (e.g. to save it to the profile). */
  onChange?: (theme: Theme) => void;
}) {
  const theme = useTheme();
  return (
    <label
      data-slot="theme-select"
      className={cn('flex items-center gap-2 text-sm font-medium text-zinc-700', className)}
    >
      <span className={cn(hideLabel && 'sr-only')}>Theme</span>
      <select
        value={theme}
        onChange={(event) => {
          const chosen = themes.find((option) => option === event.target.value) ?? 'system';
          setTheme(chosen);
          onChange?.(chosen);
        }}
        className="h-8 rounded-lg border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
      >
        {themes.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
