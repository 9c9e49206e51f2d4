import { screen } from '@testing-library/react';

/**
 * The error a labelled field announces: the text of the error message its aria-describedby names, when the
 * field is marked invalid; null when it is not. Asserting through it checks the message is tied to the field
 * for screen readers, not only somewhere on the page.
 */
export function fieldError(label: string): string | null {
  const control = screen.getByLabelText(label);
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const errors = ids
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent);
  return errors.join(' ') || null;
}
