import { useId } from 'react';
import { cn } from '@/lib/cn';

type StarRatingInputProps = {
  value: number | null;
  onChange: (rating: number) => void;
  className?: string;
};

const starName = (star: number) => (star === 1 ? '1 star' : `${star} stars`);

/**
 * A rating set by clicking a star: native radios in a group, so the arrow keys move and set it and a screen
 * reader announces "3 stars, 3 of 5". The radios are invisible; the stars are their labels. Never disabled
 * while a rating is saved: a disabled radio drops the focus, and the next arrow key would go nowhere.
 */
export function StarRatingInput({ value, onChange, className }: StarRatingInputProps) {
  const name = useId();
  return (
    <div
      data-slot="star-rating-input"
      role="radiogroup"
      aria-label="Rating"
      className={cn('inline-flex', className)}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <label key={star} className="group relative cursor-pointer px-0.5">
          <input
            type="radio"
            name={name}
            value={star}
            checked={value === star}
            aria-label={starName(star)}
            onChange={() => onChange(star)}
            className="peer absolute inset-0 cursor-pointer opacity-0"
          />
          <span
            aria-hidden="true"
            className={cn(
              'rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-amber-600',
              value !== null && star <= value ? 'text-amber-500' : 'text-zinc-300 hover:text-amber-300',
            )}
          >
            ★
          </span>
        </label>
      ))}
    </div>
  );
}
