import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

type Validation<Field extends string, Output> =
  { success: true; data: Output } | { success: false; errors: FieldErrors<Field> };

// Passwords are checked exactly as typed, as the server does; other fields are trimmed.
function isBlank(field: string, value: string): boolean {
  return field === 'password' ? value === '' : value.trim() === '';
}

/**
 * Validates a form with the shared schema the server uses (style guide: "client forms validate with the same
 * schema"). An empty required field reports its own "is required" message first (docs/product.md#privacy), before any
 * format rule such as the minimum password length; otherwise the schema's first message per field is shown.
 */
export function validateForm<Field extends string, Schema extends z.ZodType>(
  schema: Schema,
  values: Record<Field, string>,
  requiredMessages: Record<Field, string>,
): Validation<Field, z.output<Schema>> {
  const parsed = schema.safeParse(values);
  const errors: FieldErrors<Field> = {};
  for (const field of Object.keys(requiredMessages) as Field[]) {
    if (isBlank(field, values[field])) errors[field] = requiredMessages[field];
  }
  if (parsed.success && Object.keys(errors).length === 0) return { success: true, data: parsed.data };
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !(field in errors)) errors[field as Field] = issue.message;
  }
  return { success: false, errors };
}

/** Puts the keyboard on the first field that needs fixing, in the form's own order. */
export function focusFirstInvalid(form: HTMLFormElement, errors: Partial<Record<string, string>>): void {
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]) {
      (element as HTMLElement).focus();
      return;
    }
  }
}

/**
 * The server's refusal of one of this form's fields (the first issue of a 422, `loc: ['body', field]`) as that
 * field's error; null when it names no field of the form, for the caller's own message.
 */
export function serverFieldError<Field extends string>(
  error: { data?: unknown },
  fields: Record<Field, unknown>,
): FieldErrors<Field> | null {
  const issue = (error.data as { issues?: { loc: string[]; msg: string }[] } | undefined)?.issues?.[0];
  const field = issue?.loc[1];
  return field !== undefined && field in fields ? ({ [field]: issue!.msg } as FieldErrors<Field>) : null;
}
