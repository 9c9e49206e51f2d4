// The sign-in pages' field checks, without a validation library. /login is the page a visitor loads first and
// must stay within bench/web's 150 kB budget: even zod/mini cost it ~15 kB gzip, because its core chunk is
// shared with (and sized by) the full zod the signed-in pages use. The interface mirrors zod's safeParse, so
// the forms and tests read the same either way.

export type FormIssue = { path: [string]; message: string };

export type FormResult<T> =
  | { success: true; data: T; error?: undefined }
  | { success: false; data?: undefined; error: { issues: FormIssue[] } };

export interface FormSchema<T extends Record<string, string>> {
  safeParse(values: unknown): FormResult<T>;
  parse(values: unknown): T;
}

export type InferForm<S> = S extends FormSchema<infer T> ? T : never;

/** One step of a field's checks: a new value (e.g. trimmed), or the message of the first failure. */
type Check = (value: string) => { value: string } | { message: string };

export const trim = (): Check => (value) => ({ value: value.trim() });

export const minLength =
  (length: number, message: string): Check =>
  (value) =>
    value.length >= length ? { value } : { message };

// zod 4's z.email() pattern, so the message shows for exactly the addresses it showed for before.
const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const email =
  (message: string): Check =>
  (value) =>
    EMAIL.test(value) ? { value } : { message };

/** A form schema over string fields: each field's checks run in order, stopping at its first failure. */
export function formSchema<K extends string>(fields: Record<K, Check[]>): FormSchema<Record<K, string>> {
  const names = Object.keys(fields) as K[];
  const safeParse = (values: unknown): FormResult<Record<K, string>> => {
    const input = (values && typeof values === 'object' ? values : {}) as Partial<Record<K, unknown>>;
    const data = {} as Record<K, string>;
    const issues: FormIssue[] = [];
    for (const name of names) {
      const raw = input[name];
      let value = typeof raw === 'string' ? raw : '';
      for (const check of fields[name]) {
        const outcome = check(value);
        if ('message' in outcome) {
          issues.push({ path: [name], message: outcome.message });
          break;
        }
        value = outcome.value;
      }
      data[name] = value;
    }
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data };
  };
  return {
    safeParse,
    parse: (values) => {
      const result = safeParse(values);
      if (!result.success) throw new Error(result.error.issues.map((issue) => issue.message).join('; '));
      return result.data;
    },
  };
}
