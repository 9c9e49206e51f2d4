import { useId, useState, type KeyboardEvent } from 'react';
import type { UserSummary } from '@stackyard/contracts/profile';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { USER_PREFIX, useUserSearch } from '../api/search-users';

type UserPickerProps = {
  label: string;
  value: string;
  onChange: (username: string) => void;
  /** Users who need not be offered (e.g. already members). */
  excludeIds: ReadonlySet<string>;
};

const SEARCH_DEBOUNCE_MS = 200;

/**
 * A username field that suggests existing users as one types (ARIA combobox with a listbox): arrows move
 * through the suggestions, Enter or a click takes one, Escape closes them. Typing a whole username and
 * submitting the form works without ever opening the list.
 */
export function UserPicker({ label, value, onChange, excludeIds }: UserPickerProps) {
  const inputId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const prefix = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(prefix);
  const suggestions: UserSummary[] = USER_PREFIX.test(value.trim())
    ? (search.data ?? []).filter((user) => !excludeIds.has(user.user_id))
    : [];
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (user: UserSummary) => {
    onChange(user.username);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (!expanded) return step === 1 ? 0 : suggestions.length - 1;
        return (current + step + suggestions.length) % suggestions.length;
      });
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const user = suggestions[active];
      if (!user) return;
      // Takes the suggestion instead of submitting the form.
      event.preventDefault();
      choose(user);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-zinc-900">
        {label}
      </label>
      <Input
        id={inputId}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(event) => {
          onChange(event.target.value.toLowerCase());
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching users"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 shadow-lg"
      >
        {expanded &&
          suggestions.map((user, index) => (
            <li
              key={user.user_id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(user);
              }}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                index === active && 'bg-zinc-100',
              )}
            >
              <span className="font-medium text-zinc-950">@{user.username}</span>
              {user.display_name && <span className="truncate text-zinc-600">{user.display_name}</span>}
            </li>
          ))}
      </ul>
    </div>
  );
}
