import { Button } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { TextField } from '../../components/text-field';
import { focusFirstInvalid, serverFieldError, validateForm, type FieldErrors } from '../../lib/form-errors';
import { deferredModule } from '../../lib/deferred-module';
import { useWaiting } from '../../lib/use-waiting';
import { whenIdle } from '../../lib/when-idle';
import type * as AuthSchemas from './auth-schemas';

type AuthSchemasModule = typeof AuthSchemas;

const authSchemas = deferredModule(() => import('./auth-schemas'));

type AuthValidation<Output> = { ok: true; input: Output } | { ok: false; reason: 'invalid' | 'unavailable' };

/** The part of a tRPC mutation a sign-in form sends its input through. */
type AuthMutation<Input> = { isPending: boolean; mutate(input: Input): void };

/**
 * What both sign-in forms share: validation with the shared schema and the spec's "is required" messages (spec
 * section 5), each message under its field, the keyboard on the first field to fix, an error cleared as soon as its
 * field is edited, and the submit that sends the parsed input through the form's mutation. `failure` is the form's
 * own message, shown when the schemas' code cannot be fetched.
 */
export function useAuthForm<Field extends string, Schema extends z.ZodType>(
  pickSchema: (schemas: AuthSchemasModule) => Schema,
  required: Record<Field, string>,
  mutation: AuthMutation<z.output<Schema>>,
  failure: string,
) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  // A submit may wait for the schemas' code (only when the visitor is quicker than the connection).
  const { waiting: checking, isWaiting: isChecking, whileWaiting } = useWaiting();

  // The schemas are not needed to show the form: they are fetched once the page has rendered.
  useEffect(() => whenIdle(authSchemas.preload), []);

  function clearError(field: Field) {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  /**
   * The parsed input, or why there is none: 'invalid' after showing what to fix, 'unavailable' when the schemas'
   * code could not be fetched (the form says so). A second submit while the first waits for the code is ignored.
   */
  async function validate(
    form: HTMLFormElement,
    values: Record<Field, string>,
  ): Promise<AuthValidation<z.output<Schema>> | null> {
    if (isChecking()) return null;
    let schema: Schema;
    try {
      schema = pickSchema(await whileWaiting(authSchemas.load()));
    } catch {
      return { ok: false, reason: 'unavailable' };
    }
    const result = validateForm(schema, values, required);
    if (!result.success) {
      setErrors(result.errors);
      focusFirstInvalid(form, result.errors);
      return { ok: false, reason: 'invalid' };
    }
    setErrors({});
    return { ok: true, input: result.data };
  }

  /**
   * The server's refusal of one of this form's fields (a common password, docs/security.md "Passwords"), shown at
   * that field as the form's own check would, with the keyboard on it; false when it names no field of the form, for
   * the caller's own message.
   */
  function showServerFieldError(error: { data?: unknown }, form: HTMLFormElement | null): boolean {
    const atField = serverFieldError(error, required);
    if (!atField) return false;
    setErrors(atField);
    if (form) focusFirstInvalid(form, atField);
    return true;
  }

  /** The form's submit handler, for the values it holds now. */
  function onSubmit(values: Record<Field, string>) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (mutation.isPending) return;
      void validate(event.currentTarget, values).then((checked) => {
        if (checked?.ok) mutation.mutate(checked.input);
        else if (checked?.reason === 'unavailable') toast.error(failure);
      });
    };
  }

  return { errors, clearError, showServerFieldError, onSubmit, pending: mutation.isPending || checking };
}

/** The e-mail field of both forms; its value is shared, so switching forms keeps what was typed. */
export function AuthEmailField({
  value,
  onValueChange,
  error,
}: {
  value: string;
  onValueChange(value: string): void;
  error?: string;
}) {
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

export function AuthSubmitButton({
  pending,
  loadingText,
  children,
}: {
  pending: boolean;
  loadingText: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      size="lg"
      rounded="full"
      mt="2"
      loading={pending}
      loadingText={loadingText}
      disabled={pending}
    >
      {children}
    </Button>
  );
}
