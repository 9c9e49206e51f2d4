import { cn } from '@/lib/cn';

type StarRatingProps = { rating: number | null; className?: string };

/** A rating out of 5 as stars; the text alternative names the number ('Rated 4 out of 5' or 'Not rated'). */
export function StarRating({ rating, className }: StarRatingProps) {
  const label = rating === null ? 'Not rated' : `Rated ${rating} out of 5`;
  return (
    <span
      data-slot="star-rating"
      role="img"
      aria-label={label}
      className={cn('inline-flex gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <span
          key={star}
          aria-hidden="true"
          className={rating !== null && star <= rating ? 'text-amber-500' : 'text-zinc-300'}
        >
          ★
        </span>
      ))}
    </span>
  );
}
