import type { ComponentProps } from 'react';
import { Input } from './ui/input';

type UsernameInputProps = Omit<ComponentProps<typeof Input>, 'onChange'> & {
  /** The text as typed, lower-cased: usernames are lowercase. */
  onValue: (username: string) => void;
};

/** A username box: no autocorrection or capitals, and lower-cased as it is typed. */
export function UsernameInput({ onValue, ...props }: UsernameInputProps) {
  return (
    <Input
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
      onChange={(event) => onValue(event.target.value.toLowerCase())}
    />
  );
}
