import { Button, Link as ChakraLink, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import type { AuthResult, LoginResult, SecondStepRequired } from '../../../shared/schemas/auth';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration';
import { touchTarget } from '../../touch-targets';
import { AuthEmailField, AuthSubmitButton, useAuthForm } from './auth-form-parts';

type SignInField = 'email' | 'password';

const LOGIN_FAILED = 'Login failed';

const REQUIRED: Record<SignInField, string> = { email: 'Email is required', password: 'Password is required' };

type SignInFormProps = {
  email: string;
  onEmailChange(value: string): void;
  onSignedIn(result: AuthResult): void;
};

/**
 * docs/product.md#accounts: email and password are required; a failure shows the server's detail. An admin with
 * two-step sign-in then gives a code from the authenticator app (or a recovery code) before the session starts.
 */
export function SignInForm({ email, onEmailChange, onSignedIn }: SignInFormProps) {
  const [password, setPassword] = useState('');
  const [secondStep, setSecondStep] = useState<SecondStepRequired | null>(null);
  const login = trpc.auth.login.useMutation({
    onSuccess: (result: LoginResult) => {
      if ('second_step_required' in result) setSecondStep(result);
      else onSignedIn(result);
    },
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
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef);

  if (secondStep) {
    return (
      <SecondStepForm
        challenge={secondStep}
        onSignedIn={onSignedIn}
        onRestart={() => {
          setSecondStep(null);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form ref={formRef} method="post" onSubmit={onSubmit({ email, password })} noValidate aria-label="Sign in">
      <Stack gap="5">
        <AuthEmailField
          value={email}
          onValueChange={(value) => {
            onEmailChange(value);
            clearError('email');
          }}
          error={errors.email}
        />
        <Stack gap="1.5">
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
          <HStack justify="flex-end">
            <ChakraLink asChild fontSize="sm" color="brand.fg" fontWeight="medium" css={touchTarget}>
              <Link href="/reset-password">Forgot password?</Link>
            </ChakraLink>
          </HStack>
        </Stack>
        <AuthSubmitButton pending={pending} loadingText="Signing in…">
          Sign In
        </AuthSubmitButton>
      </Stack>
    </form>
  );
}

/** The second sign-in step: a 6-digit code from the authenticator app, or one of the recovery codes. */
function SecondStepForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: SecondStepRequired;
  onSignedIn(result: AuthResult): void;
  onRestart(): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const finish = trpc.auth.loginSecondStep.useMutation({
    onSuccess: onSignedIn,
    onError: (failure) => {
      const detail = serverDetail(failure) ?? LOGIN_FAILED;
      if (failure.data?.httpStatus === 401) {
        toast.error(detail);
        onRestart();
      } else setError(detail);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (finish.isPending) return;
    if (!code.trim()) {
      setError('Code is required');
      return;
    }
    finish.mutate({ second_step_token: challenge.second_step_token, code });
  }

  return (
    <form method="post" onSubmit={submit} noValidate aria-label="Two-step sign-in">
      <Stack gap="5">
        <Text color="fg.muted">
          Open your authenticator app and enter the 6-digit code for this account. Lost your phone? Enter one of your
          recovery codes instead.
        </Text>
        <TextField
          name="code"
          label="Code"
          inputMode="text"
          autoComplete="one-time-code"
          autoFocus
          required
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          error={error}
        />
        <AuthSubmitButton pending={finish.isPending} loadingText="Checking…">
          Verify and sign in
        </AuthSubmitButton>
        <Button variant="plain" size="sm" color="fg.muted" onClick={onRestart} css={touchTarget}>
          Start again
        </Button>
      </Stack>
    </form>
  );
}
