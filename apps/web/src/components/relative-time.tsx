import { absoluteTime, timeAgo } from '@/lib/relative-time';

/**
 * Every date the app shows: how long ago (or ahead) in words, with the full date and time on hover and in
 * the machine-readable dateTime.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={absoluteTime(iso)} className={className}>
      {timeAgo(iso)}
    </time>
  );
}
