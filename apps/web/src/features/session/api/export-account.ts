import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '@/lib/api-client';

export const ACCOUNT_EXPORT_PATH = '/me/export';

/** Downloads the account's data export as the JSON file the API names, without opening a page for it. */
export async function downloadAccountExport(fallbackName: string): Promise<void> {
  const blob = await apiBlob(ACCOUNT_EXPORT_PATH);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fallbackName;
  link.click();
  // The click has handed the data to the download; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useAccountExport() {
  return useMutation({ mutationFn: downloadAccountExport });
}
