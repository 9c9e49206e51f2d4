import { useId, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

const POPUP =
  'absolute top-full right-0 left-0 z-30 mt-1 rounded-lg border border-zinc-200 bg-white shadow-lg';

type SearchComboboxProps<T> = {
  label: string;
  /** The list's accessible name. */
  listLabel: string;
  text: string;
  onTextChange: (text: string) => void;
  options: readonly T[];
  keyOf: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onChoose: (option: T) => void;
  /** Shown in the open list when nothing matches; without it an empty list stays closed. */
  empty?: ReactNode;
  /** Opens the list as the field gets focus, not only as one types. */
  openOnFocus?: boolean;
  /** Keeps the list open after a choice, for picking several in a row. */
  stayOpen?: boolean;
  /**
   * For a field that only picks: typing makes the first option the active one, so Enter takes it, and Enter
   * never submits the form around the field.
   */
  pickOnly?: boolean;
  /** The field's message, shown under it and announced with it. */
  error?: string | undefined;
  className?: string;
  inputProps?: Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'id' | 'role'>;
};

/**
 * A text field that offers matching options as one types (ARIA combobox with a listbox): arrows move through
 * the options and wrap, Enter or a click takes one, Escape closes them. Enter with no option active is left
 * to the form, so a typed value can be submitted as it is (unless the field only picks).
 */
export function SearchCombobox<T>({
  label,
  listLabel,
  text,
  onTextChange,
  options,
  keyOf,
  renderOption,
  onChoose,
  empty,
  openOnFocus = false,
  stayOpen = false,
  pickOnly = false,
  error,
  className,
  inputProps,
}: SearchComboboxProps<T>) {
  const inputId = useId();
  const listId = useId();
  const errorId = `${inputId}-error`;
  const [open, setOpen] = useState(false);
  const [chosenActive, setActive] = useState(-1);
  // The options may shrink under the active one (a search answered): the last one stays active.
  const active = Math.min(chosenActive, options.length - 1);
  const expanded = open && !inputProps?.disabled && (options.length > 0 || empty !== undefined);
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (option: T) => {
    onChoose(option);
    setActive(-1);
    if (!stayOpen) setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0 && empty === undefined) return;
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (!expanded || current < 0) return step === 1 ? 0 : options.length - 1;
        return (current + step + options.length) % options.length;
      });
    } else if (event.key === 'Enter') {
      const option = expanded ? options[active] : undefined;
      // Takes the option instead of submitting the form.
      if (option || pickOnly) event.preventDefault();
      if (option) choose(option);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className={cn('relative flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-zinc-900">
        {label}
      </label>
      <Input
        autoComplete="off"
        spellCheck={false}
        {...inputProps}
        id={inputId}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          setOpen(true);
          setActive(pickOnly && event.target.value.trim() ? 0 : -1);
        }}
        onFocus={openOnFocus ? () => setOpen(true) : undefined}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {/* A listbox holds options only: the empty state is a status beside it, announced as it changes. */}
      {expanded && options.length === 0 && (
        <p role="status" className={cn(POPUP, 'px-3 py-2 text-sm text-zinc-600')}>
          {empty}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded || options.length === 0}
        className={cn(POPUP, 'max-h-64 overflow-y-auto p-1')}
      >
        {expanded &&
          options.map((option, index) => (
            <li
              key={keyOf(option)}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-baseline gap-2 rounded-md px-2 py-1.5 text-sm',
                index === active && 'bg-zinc-100',
              )}
            >
              {renderOption(option)}
            </li>
          ))}
      </ul>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
