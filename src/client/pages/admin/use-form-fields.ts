import { useState } from 'react';
import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field of a failed shared-schema check (style guide: forms use the server's schema). */
export function firstIssuePerField(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field !== undefined && !(String(field) in errors)) errors[String(field)] = issue.message;
  }
  return errors;
}

/** A dialog form's values and field errors; changing a field clears its error. */
export function useFormFields<Values extends Record<string, unknown>>(initial: Values | (() => Values)) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  function set<Key extends keyof Values & string>(field: Key, value: Values[Key]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }
  return { values, errors, setErrors, set };
}
