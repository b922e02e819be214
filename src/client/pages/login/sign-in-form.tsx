import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AuthResult } from '../../../shared/schemas/auth';
import { PasswordField } from '../../components/password-field';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AuthEmailField, AuthSubmitButton, useAuthForm } from './auth-form-parts';

type SignInField = 'email' | 'password';

const LOGIN_FAILED = 'Login failed';

const REQUIRED: Record<SignInField, string> = { email: 'Email is required', password: 'Password is required' };

type SignInFormProps = {
  email: string;
  onEmailChange(value: string): void;
  onSignedIn(result: AuthResult): void;
};

/** docs/product.md#accounts: email and password are required; a failure shows the server's detail. */
export function SignInForm({ email, onEmailChange, onSignedIn }: SignInFormProps) {
  const [password, setPassword] = useState('');
  const login = trpc.auth.login.useMutation({
    onSuccess: onSignedIn,
    onError: (error) => {
      toast.error(serverDetail(error) ?? LOGIN_FAILED);
    },
  });
  const { errors, clearError, onSubmit, pending } = useAuthForm(
    (schemas) => schemas.loginInputSchema,
    REQUIRED,
    login,
    LOGIN_FAILED,
  );

  return (
    <form onSubmit={onSubmit({ email, password })} noValidate aria-label="Sign in">
      <Stack gap="5">
        <AuthEmailField
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
        <AuthSubmitButton pending={pending} loadingText="Signing in…">
          Sign In
        </AuthSubmitButton>
      </Stack>
    </form>
  );
}
