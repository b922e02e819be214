import { Alert, Badge, Box, Button, Code, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { homePathForRole } from '../../../shared/domain';
import {
  changePasswordInputSchema,
  confirmSecondFactorInputSchema,
  disableSecondFactorInputSchema,
  type UserDto,
} from '../../../shared/schemas/auth';
import { BrandLogo } from '../../components/brand-logo';
import { PasswordField } from '../../components/password-field';
import { QrCodeImage } from '../../components/qr-code-image';
import { RequireSignIn } from '../../components/require-sign-in';
import { ResendLinkButton } from '../../components/verify-email-banner';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { focusFirstInvalid, serverFieldError, validateForm, type FieldErrors } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SignedInDevices } from './signed-in-devices';

/** Account settings for every role (docs/decisions.md, "Passwords and the second factor"). */
export function AccountPage() {
  useDocumentTitle('Account settings');
  return (
    <RequireSignIn>
      <AccountSettings />
    </RequireSignIn>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Box
      as="section"
      id={id}
      aria-label={title}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      p={{ base: '5', md: '8' }}
    >
      <Heading as="h2" size="lg" color="accent.900" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function AccountSettings() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <Box as="header" borderBottomWidth="1px" borderColor="border" bg="bg">
        <Container maxW="3xl" py="4">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <BrandLogo />
            <Button asChild variant="ghost" colorPalette="accent" minH="11">
              <Link href={homePathForRole(user.role)}>
                <ArrowLeft aria-hidden="true" />
                Back
              </Link>
            </Button>
          </HStack>
        </Container>
      </Box>
      <Container as="main" maxW="3xl" py={{ base: '6', md: '10' }} px={{ base: '3', sm: '4', md: '6' }}>
        <Stack gap="6">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.950">
            Account settings
          </Heading>
          <Section title="Your account">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" fontSize="sm">
              <Text color="fg.muted">Name</Text>
              <Text fontWeight="medium">{user.full_name}</Text>
              <Text color="fg.muted">E-mail</Text>
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium" wordBreak="break-all">
                  {user.email}
                </Text>
                <Badge colorPalette={user.email_verified ? 'green' : 'orange'}>
                  {user.email_verified ? 'Confirmed' : 'Not confirmed'}
                </Badge>
              </HStack>
            </SimpleGrid>
            {!user.email_verified && (
              <Stack gap="3" mt="4" pt="4" borderTopWidth="1px" borderColor="border.muted">
                <Text fontSize="sm">
                  Open the link we sent to this address to confirm it: password resets and booking e-mails go there. If
                  it did not arrive, or has expired, we can send a new one.
                </Text>
                <Box>
                  <ResendLinkButton />
                </Box>
              </Stack>
            )}
          </Section>
          <Section title="Change password">
            <ChangePasswordForm user={user} />
          </Section>
          <SecondFactorSection />
          <Section title="Signed-in devices" id="devices">
            <SignedInDevices />
          </Section>
        </Stack>
      </Container>
    </Box>
  );
}

type PasswordFieldName = 'current_password' | 'new_password';
const REQUIRED: Record<PasswordFieldName, string> = {
  current_password: 'Current password is required',
  new_password: 'Password is required',
};

function ChangePasswordForm({ user }: { user: UserDto }) {
  const { signIn } = useSession();
  const utils = trpc.useUtils();
  const [values, setValues] = useState<Record<PasswordFieldName, string>>({ current_password: '', new_password: '' });
  const [errors, setErrors] = useState<FieldErrors<PasswordFieldName>>({});
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: (result) => {
      signIn(result);
      // Every other device was signed out: the list shows this one only.
      void utils.sessions.list.invalidate();
      setValues({ current_password: '', new_password: '' });
      toast.success('Your password is changed. Other devices have been signed out.');
    },
    onError: (error) => {
      const atField = serverFieldError(error, REQUIRED);
      if (atField) setErrors(atField);
      else toast.error(serverDetail(error) ?? 'The password could not be changed. Please try again.');
    },
  });
  const set = (field: PasswordFieldName) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validateForm(changePasswordInputSchema, values, REQUIRED);
    if (!checked.success) {
      setErrors(checked.errors);
      focusFirstInvalid(form, checked.errors);
      return;
    }
    change.mutate(checked.data);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Change password">
      <Stack gap="4" maxW="md">
        <PasswordField
          name="current_password"
          label="Current password"
          autoComplete="current-password"
          required
          value={values.current_password}
          onValueChange={set('current_password')}
          error={errors.current_password}
        />
        <PasswordField
          name="new_password"
          label="New password"
          autoComplete="new-password"
          required
          strengthInputs={[user.full_name, user.email]}
          value={values.new_password}
          onValueChange={set('new_password')}
          error={errors.new_password}
        />
        <Button type="submit" rounded="full" minH="11" alignSelf="flex-start" loading={change.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}

type SecondFactorFieldName = 'password' | 'code';
const SECOND_FACTOR_REQUIRED: Record<SecondFactorFieldName, string> = {
  password: 'Password is required',
  code: 'Code is required',
};

/**
 * Two-step sign-in for the admin: set up with the authenticator app's QR code and turned on with a code from it and
 * the account's password (so a taken session cannot put its own app on the account); recovery codes shown once.
 */
function SecondFactorSection() {
  const utils = trpc.useUtils();
  const status = trpc.auth.secondFactorStatus.useQuery();
  const start = trpc.auth.startSecondFactor.useMutation();
  const [values, setValues] = useState<Record<SecondFactorFieldName, string>>({ password: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors<SecondFactorFieldName>>({});
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const confirm = trpc.auth.confirmSecondFactor.useMutation({
    onSuccess: (result) => {
      setRecoveryCodes(result.recovery_codes);
      setValues({ password: '', code: '' });
      void utils.auth.secondFactorStatus.invalidate();
    },
    onError: (error) => {
      setErrors(
        serverFieldError(error, SECOND_FACTOR_REQUIRED) ?? {
          code: serverDetail(error) ?? 'The code could not be checked. Please try again.',
        },
      );
    },
  });
  const set = (field: SecondFactorFieldName) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const mustEnrol = status.data?.required === true && !status.data.enabled;
  useEffect(() => {
    // Sent here because the admin pages need it: show the section straight away.
    if (mustEnrol) document.getElementById('two-step')?.scrollIntoView?.({ block: 'start' });
  }, [mustEnrol]);
  if (!status.data?.available) return null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validateForm(confirmSecondFactorInputSchema, values, SECOND_FACTOR_REQUIRED);
    if (!checked.success) {
      setErrors(checked.errors);
      focusFirstInvalid(form, checked.errors);
      return;
    }
    confirm.mutate(checked.data);
  }

  return (
    <Section title="Two-step sign-in" id="two-step">
      <Stack gap="4">
        {status.data.required && !status.data.enabled && !recoveryCodes && (
          <Alert.Root status="warning" rounded="lg" data-testid="second-factor-required">
            <Alert.Indicator />
            <Alert.Description>
              An admin account needs two-step sign-in. Set it up here; the admin pages open once it is on.
            </Alert.Description>
          </Alert.Root>
        )}
        {recoveryCodes ? (
          <Stack gap="3">
            <Alert.Root status="success" rounded="lg">
              <Alert.Indicator />
              <Alert.Description>
                Two-step sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once if your
                phone is lost. They are shown only now.
              </Alert.Description>
            </Alert.Root>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" data-testid="recovery-codes">
              {recoveryCodes.map((recovery) => (
                <Code key={recovery} fontSize="md" px="3" py="2">
                  {recovery}
                </Code>
              ))}
            </SimpleGrid>
          </Stack>
        ) : status.data.enabled ? (
          <Stack gap="5">
            <HStack gap="3" align="flex-start">
              <Box color="green.600" aria-hidden="true">
                <ShieldCheck />
              </Box>
              <Text>
                On. Signing in asks for a code from your authenticator app after the password.{' '}
                {status.data.recovery_codes_left} recovery codes left.
              </Text>
            </HStack>
            {status.data.required ? (
              <Text fontSize="sm" color="fg.muted">
                Admin accounts keep it on. Lost your phone and your recovery codes? The operator can reset it from the
                server.
              </Text>
            ) : (
              <DisableSecondFactorForm />
            )}
          </Stack>
        ) : start.data ? (
          <Stack gap="4">
            <Text>
              Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then
              enter the 6-digit code it shows and your password.
            </Text>
            <QrCodeImage value={start.data.otpauth_url} alt="QR code for the authenticator app" size={200} />
            <Text fontSize="sm" color="fg.muted">
              Cannot scan? Enter this key in the app:{' '}
              <Code wordBreak="break-all" data-testid="totp-secret">
                {start.data.secret}
              </Code>
            </Text>
            <form noValidate onSubmit={submit} aria-label="Confirm two-step sign-in">
              <Stack gap="4" maxW="xs">
                <TextField
                  name="code"
                  label="Code from the app"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  value={values.code}
                  onValueChange={set('code')}
                  error={errors.code}
                />
                <PasswordField
                  name="password"
                  label="Your password"
                  autoComplete="current-password"
                  required
                  value={values.password}
                  onValueChange={set('password')}
                  error={errors.password}
                />
                <Button type="submit" rounded="full" minH="11" alignSelf="flex-start" loading={confirm.isPending}>
                  Turn on two-step sign-in
                </Button>
              </Stack>
            </form>
          </Stack>
        ) : (
          <Stack gap="3" align="flex-start">
            <Text>
              Off. With it on, signing in to this admin account needs your password and a code from your phone, so a
              stolen password alone opens nothing.
            </Text>
            <Button
              rounded="full"
              minH="11"
              loading={start.isPending}
              onClick={() =>
                start.mutate(undefined, {
                  onError: (error) => toast.error(serverDetail(error) ?? 'Could not start. Please try again.'),
                })
              }
            >
              Set up two-step sign-in
            </Button>
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

/**
 * Turning the second step off asks for the password and a current code (or an unused recovery code), as the server
 * does (docs/decisions.md, "Passwords and the second factor"); the owner is told by e-mail.
 */
function DisableSecondFactorForm() {
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<SecondFactorFieldName, string>>({ password: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors<SecondFactorFieldName>>({});
  const disable = trpc.auth.disableSecondFactor.useMutation({
    onSuccess: (result) => {
      setValues({ password: '', code: '' });
      setOpen(false);
      toast.success(result.message);
      void utils.auth.secondFactorStatus.invalidate();
    },
    onError: (error) => {
      const atField = serverFieldError(error, SECOND_FACTOR_REQUIRED);
      if (atField) setErrors(atField);
      else toast.error(serverDetail(error) ?? 'Two-step sign-in could not be turned off. Please try again.');
    },
  });
  const set = (field: SecondFactorFieldName) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  if (!open) {
    return (
      <Button
        variant="outline"
        colorPalette="red"
        rounded="full"
        minH="11"
        alignSelf="flex-start"
        onClick={() => setOpen(true)}
      >
        Turn off two-step sign-in
      </Button>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validateForm(disableSecondFactorInputSchema, values, SECOND_FACTOR_REQUIRED);
    if (!checked.success) {
      setErrors(checked.errors);
      focusFirstInvalid(form, checked.errors);
      return;
    }
    disable.mutate(checked.data);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Turn off two-step sign-in">
      <Stack gap="4" maxW="md">
        <Text fontSize="sm" color="fg.muted">
          To turn it off, confirm with your password and a current code from your authenticator app (or one of your
          recovery codes). Your recovery codes stop working.
        </Text>
        <PasswordField
          name="password"
          label="Password"
          autoComplete="current-password"
          required
          value={values.password}
          onValueChange={set('password')}
          error={errors.password}
        />
        <TextField
          name="code"
          label="Code from the app or a recovery code"
          autoComplete="one-time-code"
          required
          value={values.code}
          onValueChange={set('code')}
          error={errors.code}
        />
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="red" rounded="full" minH="11" loading={disable.isPending}>
            Turn off two-step sign-in
          </Button>
          <Button
            variant="ghost"
            rounded="full"
            minH="11"
            onClick={() => {
              setOpen(false);
              setValues({ password: '', code: '' });
              setErrors({});
            }}
          >
            Keep it on
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
