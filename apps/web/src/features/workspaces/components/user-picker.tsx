import type { UserSummary } from '@stackyard/contracts/profile';
import { SearchCombobox } from '@/components/search-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { USER_PREFIX, useUserSearch } from '../api/search-users';

type UserPickerProps = {
  label: string;
  /** The field's name in its form. */
  name?: string;
  value: string;
  onChange: (username: string) => void;
  error?: string | undefined;
  /** Users who need not be offered (e.g. already members). */
  excludeIds: ReadonlySet<string>;
};

const SEARCH_DEBOUNCE_MS = 200;

/** A username field that suggests existing users as one types; a whole username typed is submitted as it is. */
export function UserPicker({ label, name, value, onChange, error, excludeIds }: UserPickerProps) {
  const prefix = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(prefix);
  const suggestions: UserSummary[] = USER_PREFIX.test(value.trim())
    ? (search.data ?? []).filter((user) => !excludeIds.has(user.user_id))
    : [];

  return (
    <SearchCombobox
      label={label}
      listLabel="Matching users"
      text={value}
      onTextChange={(text) => onChange(text.toLowerCase())}
      options={suggestions}
      keyOf={(user) => user.user_id}
      onChoose={(user) => onChange(user.username)}
      error={error}
      inputProps={{ name, autoCapitalize: 'none' }}
      renderOption={(user) => (
        <>
          <span className="font-medium text-zinc-950">@{user.username}</span>
          {user.display_name && <span className="truncate text-zinc-600">{user.display_name}</span>}
        </>
      )}
    />
  );
}
