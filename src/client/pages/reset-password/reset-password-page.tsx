import { Alert, Box, Button, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { forgotPasswordInputSchema, resetPasswordInputSchema } from '../../../shared/schemas/auth';
import { CenteredPanelPage } from '../../components/centered-panel-page';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { focusFirstInvalid, validateForm } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLinkSecret } from '../../lib/link-secret';

/**
 * "Forgot password?" (docs/decisions.md, "Passwords and the second factor"): without a token the page asks for the
 * address and always says the same thing; opened from the e-mailed link it asks for the new password.
 */
export function ResetPasswordPage() {
  // The reset link's token (`/reset-password#token=…`).
  const token = useLinkSecret('token');
  useDocumentTitle(token ? 'Choose a new password' : 'Forgot password');
  return (
    <CenteredPanelPage>
      <Box color="brand.fg" aria-hidden="true">
        <KeyRound size={40} />
      </Box>
      {token ? <NewPasswordForm token={token} /> : <RequestLinkForm />}
      <ChakraLink asChild color="brand.fg" fontWeight="medium" minH="11" display="inline-flex" alignItems="center">
        <Link href="/login">Back to sign in</Link>
      </ChakraLink>
    </CenteredPanelPage>
  );
}

function RequestLinkForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const forgot = trpc.auth.forgotPassword.useMutation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validateForm(forgotPasswordInputSchema, { email }, { email: 'Email is required' });
    if (!checked.success) {
      setError(checked.errors.email);
      focusFirstInvalid(form, checked.errors);
      return;
    }
    forgot.mutate(checked.data);
  }

  return (
    <>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
        Forgot your password?
      </Heading>
      {forgot.isSuccess ? (
        <Alert.Root status="success" rounded="lg" textAlign="start" role="status">
          <Alert.Indicator />
          <Alert.Description>{forgot.data.message}</Alert.Description>
        </Alert.Root>
      ) : (
        <>
          <Text color="fg.muted" textWrap="pretty">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </Text>
          <form noValidate onSubmit={submit} style={{ width: '100%' }} aria-label="Send a reset link">
            <Stack gap="4" w="full" textAlign="start">
              <TextField
                name="email"
                label="Email"
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                value={email}
                onValueChange={(value) => {
                  setEmail(value);
                  setError(undefined);
                }}
                error={error}
              />
              {forgot.isError && (
                <Alert.Root status="error" rounded="lg">
                  <Alert.Indicator />
                  <Alert.Description>
                    {serverDetail(forgot.error) ?? 'The link could not be sent. Please try again.'}
                  </Alert.Description>
                </Alert.Root>
              )}
              <Button type="submit" rounded="full" minH="11" loading={forgot.isPending}>
                Send the reset link
              </Button>
            </Stack>
          </form>
        </>
      )}
    </>
  );
}

const REQUIRED_PASSWORD = { password: 'Password is required' };

function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reset = trpc.auth.resetPassword.useMutation({
    onError: (failure) => {
      // The link itself failed (used, expired, replaced): shown in place of the form below.
      if (isLinkFailure(failure)) return;
      // A refused password (too common) is the field's: the link stays usable, so the form stays.
      setError(serverDetail(failure) ?? 'The password could not be changed. Please try again.');
    },
  });
  const linkFailed = reset.isError && isLinkFailure(reset.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validateForm(resetPasswordInputSchema.omit({ token: true }), { password }, REQUIRED_PASSWORD);
    if (!checked.success) {
      setError(checked.errors.password);
      focusFirstInvalid(form, checked.errors);
      return;
    }
    reset.mutate({ token, password: checked.data.password });
  }

  return (
    <>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
        Choose a new password
      </Heading>
      {reset.isSuccess ? (
        <Stack gap="4" w="full">
          <Alert.Root status="success" rounded="lg" textAlign="start" role="status">
            <Alert.Indicator />
            <Alert.Description>{reset.data.message}</Alert.Description>
          </Alert.Root>
          <Button asChild rounded="full" minH="11">
            <Link href="/login">Sign in</Link>
          </Button>
        </Stack>
      ) : linkFailed ? (
        <Stack gap="4" w="full">
          <Alert.Root status="error" rounded="lg" textAlign="start" role="alert">
            <Alert.Indicator />
            <Alert.Description>{reset.error.message}</Alert.Description>
          </Alert.Root>
          <Button asChild variant="outline" rounded="full" minH="11">
            <Link href="/reset-password">Ask for a new link</Link>
          </Button>
        </Stack>
      ) : (
        <>
          <Text color="fg.muted" textWrap="pretty">
            Choose a password you do not use anywhere else. Once it is changed, every device signed in to your account
            is signed out.
          </Text>
          <form noValidate onSubmit={submit} style={{ width: '100%' }} aria-label="Choose a new password">
            <Stack gap="4" w="full" textAlign="start">
              <PasswordField
                name="password"
                label="New password"
                autoComplete="new-password"
                required
                strengthInputs={[]}
                value={password}
                onValueChange={(value) => {
                  setPassword(value);
                  setError(undefined);
                }}
                error={error}
              />
              <Button type="submit" rounded="full" minH="11" loading={reset.isPending}>
                Change my password
              </Button>
            </Stack>
          </form>
        </>
      )}
    </>
  );
}

/** A 400 without field issues is the link's (used, expired, replaced); a refused password names its field. */
function isLinkFailure(failure: { data?: { httpStatus: number; issues?: unknown } | null }): boolean {
  return failure.data?.httpStatus === 400 && failure.data.issues === undefined;
}
