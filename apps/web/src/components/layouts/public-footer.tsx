import { ThemeSelect } from '@/components/theme-select';
import { Button } from '@/components/ui/button';
import { Wordmark } from '@/components/wordmark';

// The three links lead nowhere yet, hence plain buttons.
const footerButtons = ['Privacy Policy', 'Terms of Service', 'Contact Us'] as const;

export function PublicFooter() {
  return (
    <footer className="border-t border-zinc-200 bg-zinc-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-2">
          <Wordmark className="text-base text-zinc-900" />
          <p className="text-sm text-zinc-600">© 2025 stackyard. All rights reserved.</p>
        </div>
        <ul className="-mx-3 flex flex-wrap gap-1">
          {footerButtons.map((label) => (
            <li key={label}>
              <Button variant="ghost" size="sm" className="text-zinc-600">
                {label}
              </Button>
            </li>
          ))}
        </ul>
        <ThemeSelect className="sm:hidden" />
      </div>
    </footer>
  );
}
