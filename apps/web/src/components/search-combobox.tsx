import { useId, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

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
  /** The field's message, shown under it and announced with it. */
  error?: string | undefined;
  className?: string;
  inputProps?: Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'id' | 'role'>;
};

/**
 * A text field that offers matching options as one types (ARIA combobox with a listbox): arrows move through
 * the options and wrap, Enter or a click takes one, Escape closes them. Enter with no option active is left
 * to the form, so a typed value can be submitted as it is.
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
  error,
  className,
  inputProps,
}: SearchComboboxProps<T>) {
  const inputId = useId();
  const listId = useId();
  const errorId = `${inputId}-error`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
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
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const option = options[active];
      if (!option) return;
      // Takes the option instead of submitting the form.
      event.preventDefault();
      choose(option);
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
          setActive(-1);
        }}
        onFocus={openOnFocus ? () => setOpen(true) : undefined}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-30 mt-1 max-h-64 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 shadow-lg"
      >
        {expanded && options.length === 0 && (
          <li role="presentation" className="px-2 py-1.5 text-sm text-zinc-600">
            {empty}
          </li>
        )}
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
