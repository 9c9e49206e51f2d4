type RatingSelectProps = {
  value: number | null;
  onChange: (rating: number | null) => void;
  disabled?: boolean;
  error?: string | undefined;
};

/** Sets a rating of 1 to 5, or clears it ('Not rated'). */
export function RatingSelect({ value, onChange, disabled, error }: RatingSelectProps) {
  return (
    <label data-slot="rating-select" className="flex items-center gap-2 text-sm text-zinc-700">
      Rating
      <select
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        className="h-8 rounded-lg border border-zinc-300 bg-white px-2 text-sm"
      >
        <option value="">Not rated</option>
        {[1, 2, 3, 4, 5].map((rating) => (
          <option key={rating} value={rating}>
            {rating}
          </option>
        ))}
      </select>
      {error && <span role="alert">{error}</span>}
    </label>
  );
}
