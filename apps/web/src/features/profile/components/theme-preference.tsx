import { useEffect } from 'react';
import { ThemeSelect } from '@/components/theme-select';
import { setTheme, storedTheme } from '@/lib/theme';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

/**
 * The Theme switch of a signed-in user (render it only in signed-in screens): the choice is also saved
 * to the profile, and a choice saved on another device replaces this browser's when the profile loads.
 */
export function ThemePreference({ className }: { className?: string }) {
  const saved = useProfile({ enabled: true }).data?.theme;
  const { mutate } = useUpdateProfile();
  useEffect(() => {
    if (saved && saved !== storedTheme()) setTheme(saved);
  }, [saved]);
  return <ThemeSelect className={className} onChange={(theme) => mutate({ theme })} />;
}
