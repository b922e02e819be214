import { Button } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { TextField } from '../../components/text-field';
import { focusFirstInvalid, validateForm, type FieldErrors } from '../../lib/form-errors';

/**
 * The validation both sign-in forms share: the shared schema and the spec's "is required" messages (spec
 * section 5), each message under its field, the keyboard on the first field to fix, and an error cleared as soon
 * as its field is edited.
 */
export function useAuthFormErrors<Field extends string, Schema extends z.ZodType>(schema: Schema, required: Record<Field, string>) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function clearError(field: Field) {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  /** The parsed input, or null after showing what to fix. */
  function validate(event: FormEvent<HTMLFormElement>, values: Record<Field, string>): z.output<Schema> | null {
    const result = validateForm(schema, values, required);
    if (!result.success) {
      setErrors(result.errors);
      focusFirstInvalid(event.currentTarget, result.errors);
      return null;
    }
    setErrors({});
    return result.data;
  }

  return { errors, clearError, validate };
}

/** The e-mail field of both forms; its value is shared, so switching forms keeps what was typed. */
export function AuthEmailField({ value, onValueChange, error }: { value: string; onValueChange(value: string): void; error?: string }) {
  return (
    <TextField
      name="email"
      label="Email"
      type="email"
      inputMode="email"
      autoComplete="email"
      placeholder="you@example.com"
      required
      value={value}
      onValueChange={onValueChange}
      error={error}
    />
  );
}

export function AuthSubmitButton({ pending, loadingText, children }: { pending: boolean; loadingText: string; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" rounded="full" mt="2" loading={pending} loadingText={loadingText} disabled={pending}>
      {children}
    </Button>
  );
}
