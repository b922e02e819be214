import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { serverDetail } from '../../lib/errors';
import { focusFirstInvalid } from '../../lib/form-errors';
import { useReloadDashboard } from './admin-queries';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The first message per field of a failed shared-schema check (style guide: forms use the server's schema), keyed
 * by the top-level field, or with `fullPaths` by the whole path (`rates.0.sac`) for forms with nested values.
 */
export function firstIssuePerField(error: z.ZodError, fullPaths = false): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = fullPaths ? issue.path.join('.') : issue.path[0];
    if (field !== undefined && field !== '' && !(String(field) in errors)) errors[String(field)] = issue.message;
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

/**
 * Checks a form's values (or an edit's changed fields) with the shared schema: true when they can be sent;
 * otherwise the messages go under their fields and the keyboard to the first one. A form with nested values keys
 * its errors by `fullPaths` and says which input holds a path (`inputName`, by default the path itself).
 */
export function passesSchema(
  event: FormEvent<HTMLFormElement>,
  schema: z.ZodType,
  values: object,
  setErrors: (errors: FieldErrors) => void,
  nested?: { fullPaths: true; inputName?: (path: string) => string },
): boolean {
  const parsed = schema.safeParse(values);
  if (parsed.success) return true;
  const found = firstIssuePerField(parsed.error, Boolean(nested));
  setErrors(found);
  const inputName = nested?.inputName;
  focusFirstInvalid(
    event.currentTarget,
    inputName ? Object.fromEntries(Object.entries(found).map(([path, message]) => [inputName(path), message])) : found,
  );
  return false;
}

/**
 * What an admin change does with its answer: the server's message as a toast, then `onDone` (closing its dialog)
 * and a reload of the dashboard; a failure toasts the server's detail, or `failure` without one.
 */
export function useAdminChange(failure: string, onDone: () => void) {
  const reload = useReloadDashboard();
  return {
    onSuccess(result: { message: string }) {
      toast.success(result.message);
      onDone();
      void reload();
    },
    onError(error: unknown) {
      toast.error(serverDetail(error) ?? failure);
    },
  };
}
