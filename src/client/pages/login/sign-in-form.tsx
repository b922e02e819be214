import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { loginInputSchema, type AuthResult } from '../../../shared/schemas/auth';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { focusFirstInvalid, validateForm, type FieldErrors } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';

type SignInField = 'email' | 'password';

const REQUIRED: Record<SignInField, string> = { email: 'Email is required', password: 'Password is required' };

type SignInFormProps = {
  email: string;
  onEmailChange(value: string): void;
  onSignedIn(result: AuthResult): void;
};

/** Spec sections 2, 5 and 8: email and password are required; a failure shows the server's detail. */
export function SignInForm({ email, onEmailChange, onSignedIn }: SignInFormProps) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<SignInField>>({});
  const login = trpc.auth.login.useMutation({
    onSuccess: onSignedIn,
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'Login failed');
    },
  });

  function clearError(field: SignInField) {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    const result = validateForm(loginInputSchema, { email, password }, REQUIRED);
    if (!result.success) {
      setErrors(result.errors);
      focusFirstInvalid(event.currentTarget, result.errors);
      return;
    }
    setErrors({});
    login.mutate(result.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="5">
        <TextField
          name="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={email}
          onValueChange={(value) => {
            onEmailChange(value);
            clearError('email');
          }}
          error={errors.email}
        />
        <PasswordField
          name="password"
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            clearError('password');
          }}
          error={errors.password}
        />
        <Button
          type="submit"
          size="lg"
          rounded="full"
          mt="2"
          loading={login.isPending}
          loadingText="Signing in…"
          disabled={login.isPending}
        >
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
