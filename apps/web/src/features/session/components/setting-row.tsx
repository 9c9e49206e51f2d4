import type { ReactNode } from 'react';

/** One line of a settings card: what it is about, and its button. */
export function SettingRow({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-zinc-600">{text}</p>
      {children}
    </div>
  );
}
