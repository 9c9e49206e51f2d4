/**
 * An integer with commas between groups of three digits, as `toLocaleString('en-US')` writes it. Messages and
 * route descriptions built when the server starts use this: the first `toLocaleString` loads ICU's number
 * formatting, tens of milliseconds of start-up.
 */
export function groupThousands(value: number): string {
  const digits = String(Math.abs(Math.trunc(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 && digits !== '0' ? `-${grouped}` : grouped;
}
