import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ownerSetupInputSchema } from '../../../shared/schemas/auth';
import { CenteredPanelPage } from '../../components/centered-panel-page';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { focusFirstInvalid, serverFieldError, validateForm, type FieldErrors } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLinkSecret } from '../../lib/link-secret';

type Field = 'full_name' | 'email' | 'password';

const REQUIRED: Record<Field, string> = {
  full_name: 'Full name is required',
  email: 'Email is required',
  password: 'Password is required',
};

/**
 * First run (docs/decisions.md, "First run and demo data"): with no admin in the database the server prints a link
 * to this page; it creates the owner's admin account and signs it in.
 */
export function SetupPage() {
  useDocumentTitle('Create the owner account');
  // The one-time code from the link the server printed (`/setup#code=…`).
  const code = useLinkSecret('code');
  const [values, setValues] = useState<Record<Field, string>>({ full_name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const createOwner = trpc.auth.createOwner.useMutation();
  const { signIn } = useSession();
  const [, navigate] = useLocation();

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validateForm(ownerSetupInputSchema.omit({ code: true }), values, REQUIRED);
    if (!checked.success) {
      setErrors(checked.errors);
      focusFirstInvalid(form, checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    createOwner.mutate(
      { ...values, code },
      {
        onSuccess: (result) => {
          signIn(result);
          navigate('/admin', { replace: true });
        },
        onError: (error) => {
          // A refused password (a common one, docs/security.md "Passwords") is the field's and is said there once,
          // not again in the alert below; the link stays usable, so the form stays.
          const atField = serverFieldError(error, REQUIRED);
          if (atField) {
            setErrors(atField);
            focusFirstInvalid(form, atField);
          } else setFailure(serverDetail(error) ?? 'The owner account could not be created. Please try again.');
        },
      },
    );
  }

  return (
    <CenteredPanelPage>
      <Box color="brand.fg" aria-hidden="true">
        <KeyRound size={40} />
      </Box>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
        Create the owner account
      </Heading>
      {code ? (
        <>
          <Text color="fg.muted" textWrap="pretty">
            This account runs the business: it approves vendors, manages bookings and sees every report. This link works
            once and for one hour.
          </Text>
          <form noValidate onSubmit={submit} style={{ width: '100%' }}>
            <Stack gap="4" w="full" textAlign="start">
              <TextField
                name="full_name"
                label="Full Name"
                autoComplete="name"
                value={values.full_name}
                onValueChange={set('full_name')}
                error={errors.full_name}
                required
              />
              <TextField
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                value={values.email}
                onValueChange={set('email')}
                error={errors.email}
                required
              />
              <PasswordField
                name="password"
                label="Password"
                autoComplete="new-password"
                strengthInputs={[values.full_name, values.email]}
                value={values.password}
                onValueChange={set('password')}
                error={errors.password}
                required
              />
              {failure && (
                <Alert.Root status="error" rounded="lg">
                  <Alert.Indicator />
                  <Alert.Description>{failure}</Alert.Description>
                </Alert.Root>
              )}
              <Button type="submit" rounded="full" minH="11" loading={createOwner.isPending}>
                Create the owner account
              </Button>
            </Stack>
          </form>
        </>
      ) : (
        <Text color="fg.muted" textWrap="pretty" role="alert">
          Open this page with the setup link the server printed on its terminal when it started without an admin
          account. A restart prints a new link.
        </Text>
      )}
    </CenteredPanelPage>
  );
}
