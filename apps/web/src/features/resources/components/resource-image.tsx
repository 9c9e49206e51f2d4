import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The extracted image is hidden when it fails to load. */
export function ResourceImage({ src, className }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return null;
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={cn('rounded-lg border border-zinc-200 object-cover', className)}
    />
  );
}
