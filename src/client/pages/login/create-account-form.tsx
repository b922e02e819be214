import { Stack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { PASSWORD_MIN_LENGTH } from '../../../shared/auth-limits';
import type { AuthResult } from '../../../shared/schemas/auth';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AuthEmailField, AuthSubmitButton, useAuthForm } from './auth-form-parts';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration';

type AccountField = 'full_name' | 'email' | 'phone' | 'password';

const REGISTRATION_FAILED = 'Registration failed';

const REQUIRED: Record<AccountField, string> = {
  full_name: 'Full name is required',
  email: 'Email is required',
  phone: 'Phone number is required',
  password: 'Password is required',
};

type CreateAccountFormProps = {
  email: string;
  onEmailChange(value: string): void;
  onRegistered(result: AuthResult): void;
};

/** docs/product.md#accounts: full name, email, phone and password are all required. */
export function CreateAccountForm({ email, onEmailChange, onRegistered }: CreateAccountFormProps) {
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const register = trpc.auth.register.useMutation({
    onSuccess: onRegistered,
    onError: (error) => {
      // A refused password is the field's, said there once rather than again in a toast.
      if (!showServerFieldError(error, formRef.current)) toast.error(serverDetail(error) ?? REGISTRATION_FAILED);
    },
  });
  const { errors, clearError, showServerFieldError, onSubmit, pending } = useAuthForm(
    (schemas) => schemas.registerInputSchema,
    REQUIRED,
    register,
    REGISTRATION_FAILED,
  );

  useTypedBeforeHydration(formRef);

  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={onSubmit({ full_name: fullName, email, phone, password })}
      noValidate
      aria-label="Create account"
    >
      <Stack gap="5">
        <TextField
          name="full_name"
          label="Full Name"
          autoComplete="name"
          required
          value={fullName}
          onValueChange={(value) => {
            setFullName(value);
            clearError('full_name');
          }}
          error={errors.full_name}
        />
        <AuthEmailField
          value={email}
          onValueChange={(value) => {
            onEmailChange(value);
            clearError('email');
          }}
          error={errors.email}
        />
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+91-XXXXXXXXXX"
          required
          value={phone}
          onValueChange={(value) => {
            setPhone(value);
            clearError('phone');
          }}
          error={errors.phone}
        />
        <PasswordField
          name="password"
          label="Password"
          autoComplete="new-password"
          required
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          strengthInputs={[fullName, email]}
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            clearError('password');
          }}
          error={errors.password}
        />
        <AuthSubmitButton pending={pending} loadingText="Creating account…">
          Create Account
        </AuthSubmitButton>
      </Stack>
    </form>
  );
}
