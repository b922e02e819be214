import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { PASSWORD_MIN_LENGTH, registerInputSchema, type AuthResult } from '../../../shared/schemas/auth';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { focusFirstInvalid, validateForm, type FieldErrors } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';

type AccountField = 'full_name' | 'email' | 'phone' | 'password';

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

/** Spec sections 2, 5 and 8: full name, email, phone and password are all required. */
export function CreateAccountForm({ email, onEmailChange, onRegistered }: CreateAccountFormProps) {
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<AccountField>>({});
  const register = trpc.auth.register.useMutation({
    onSuccess: onRegistered,
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'Registration failed');
    },
  });

  function clearError(field: AccountField) {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending) return;
    const values = { full_name: fullName, email, phone, password };
    const result = validateForm(registerInputSchema, values, REQUIRED);
    if (!result.success) {
      setErrors(result.errors);
      focusFirstInvalid(event.currentTarget, result.errors);
      return;
    }
    setErrors({});
    register.mutate(result.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create account">
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
          loading={register.isPending}
          loadingText="Creating account…"
          disabled={register.isPending}
        >
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
