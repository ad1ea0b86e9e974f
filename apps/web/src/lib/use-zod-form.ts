import type { TMessageKey } from '@portal/i18n';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/validators';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { isLoadedKey } from './dictionaries.ts';
import { useI18n } from './i18n.tsx';

/**
 * Form state validated by the same zod schema the server uses. Errors show for fields the person
 * has left (or after a submit attempt); `isValid` disables the submit button (spec §5). A null
 * schema is one still loading (lazy-schema.ts): no errors yet, and not valid.
 */
export function useZodForm<TValues extends Record<string, unknown>>(schema: z.ZodType | null, initial: TValues) {
  const { t, locale } = useI18n();
  const [values, setValues] = useState<TValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof TValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const result = useMemo(() => schema?.safeParse(values) ?? null, [schema, values]);
  const errors = useMemo(() => {
    const map: Partial<Record<keyof TValues, string>> = {};
    if (!result || result.success) return map;
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof TValues | undefined;
      if (field === undefined || map[field]) continue;
      const key = isLoadedKey(locale, issue.message) ? (issue.message as TMessageKey) : 'validation.invalid_input';
      map[field] = t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
    }
    return map;
  }, [result, t, locale]);

  return {
    values,
    isValid: result?.success === true,
    parsed: result?.success ? (result.data as TValues) : null,
    set: <K extends keyof TValues>(field: K, value: TValues[K]) =>
      setValues((current) => ({ ...current, [field]: value })),
    touch: (field: keyof TValues) => setTouched((current) => ({ ...current, [field]: true })),
    /** The message to show for a field, or undefined while it is untouched. */
    errorFor: (field: keyof TValues) => (submitted || touched[field] ? errors[field] : undefined),
    markSubmitted: () => setSubmitted(true),
  };
}
