import { Alert, Box, Button, Heading, Link as ChakraLink, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { BriefcaseBusiness, KeyRound, Store } from 'lucide-react';
import { WhatsappOptIn } from '../../components/whatsapp-opt-in';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'wouter';
import { PASSWORD_MIN_LENGTH } from '../../../shared/auth-limits';
import {
  BUSINESS_ADDRESS_MAX_LENGTH,
  BUSINESS_NAME_MAX_LENGTH,
  EXPERIENCE_YEARS_MAX,
  EXPERIENCE_YEARS_MIN,
  PORTFOLIO_LINK_MAX_LENGTH,
  SERVICES_OFFERED_MAX_LENGTH,
} from '../../../shared/vendor-limits';
import { FormSection } from '../../components/form-section';
import { PasswordField } from '../../components/password-field';
import { PrefixedField } from '../../components/prefixed-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { serverDetail } from '../../lib/errors';
import { focusFirstInvalid, serverFieldError, type FieldErrors } from '../../lib/form-errors';
import { deferredModule } from '../../lib/deferred-module';
import { trpc } from '../../lib/trpc';
import { useWaiting } from '../../lib/use-waiting';
import { whenIdle } from '../../lib/when-idle';
import {
  EMPTY_VENDOR_FORM,
  firstVendorProblem,
  VENDOR_MESSAGES,
  type VendorField,
  type VendorFormCheck,
  type VendorFormValues,
} from './vendor-form';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration';

/** The schema check (zod), fetched after the first render. */
const vendorCheck = deferredModule(() => import('./vendor-check'));

/** docs/product.md#booking-statuses: the redirect to /login two seconds after a successful registration. */
export const REDIRECT_DELAY_MS = 2000;

/**
 * docs/product.md#screens "Vendor registration", with the rules of sections 4, 5, 8 and 9: every field of the payload,
 * the checks in the spec's order (one error toast at a time, and the field marked), then the server's message, a
 * cleared form and sign-in two seconds later. The account stays inactive until an admin approves it.
 */
export function VendorRegisterForm() {
  const [, navigate] = useLocation();
  const [values, setValues] = useState<VendorFormValues>(EMPTY_VENDOR_FORM);
  const [errors, setErrors] = useState<FieldErrors<VendorField>>({});
  // Updates on WhatsApp at the phone number (docs/product.md#whatsapp): unticked until the vendor ticks it.
  const [whatsappOptIn, setWhatsappOptIn] = useState(false);
  const [submittedMessage, setSubmittedMessage] = useState<string | null>(null);
  const register = trpc.vendor.register.useMutation();
  const successRef = useRef<HTMLDivElement>(null);
  // One validation message at a time (docs/product.md#accounts): a new one replaces the last instead of stacking up.
  const lastError = useRef<string | undefined>(undefined);
  // A submit may wait for the schema check's code (only when the vendor is quicker than the connection).
  const { waiting: checking, isWaiting: isChecking, whileWaiting } = useWaiting();

  // The shared schema (zod) is not needed to show the form: it is fetched once the page has rendered.
  useEffect(() => whenIdle(vendorCheck.preload), []);

  function showError(message: string) {
    if (lastError.current) toast.dismiss(lastError.current);
    lastError.current = toast.error(message);
  }

  useEffect(() => {
    if (submittedMessage === null) return undefined;
    successRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    successRef.current?.focus({ preventScroll: true });
    const timer = window.setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [submittedMessage, navigate]);

  function setField(field: VendorField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field] && !(field === 'password' && current.confirm_password)) return current;
      // A new password can settle a mismatch reported on the confirmation field.
      return { ...current, [field]: undefined, ...(field === 'password' ? { confirm_password: undefined } : {}) };
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending || submittedMessage !== null || isChecking()) return;
    const form = event.currentTarget;
    // The spec's checks answer at once; the shared schema's code may still be on its way on a slow connection.
    let check: VendorFormCheck | null = firstVendorProblem(values);
    if (!check) {
      try {
        check = (await whileWaiting(vendorCheck.load())).checkVendorForm(values);
      } catch {
        showError(VENDOR_MESSAGES.failure);
        return;
      }
    }
    if (!check.ok) {
      setErrors(check.errors);
      showError(check.message);
      focusFirstInvalid(form, check.errors);
      return;
    }
    setErrors({});
    register.mutate(
      { ...check.input, whatsapp_opt_in: whatsappOptIn },
      {
        onSuccess(result) {
          const message = result.message?.trim() || VENDOR_MESSAGES.success;
          if (lastError.current) toast.dismiss(lastError.current);
          toast.success(message);
          setValues(EMPTY_VENDOR_FORM);
          setWhatsappOptIn(false);
          setSubmittedMessage(message);
        },
        onError(failure) {
          // A refused field (a common password) is marked as the form's own checks mark theirs, so the strength
          // meter under it does not repeat the toast's message.
          const atField = serverFieldError(failure, values);
          if (atField) {
            setErrors(atField);
            focusFirstInvalid(form, atField);
          }
          showError(serverDetail(failure) ?? VENDOR_MESSAGES.failure);
        },
      },
    );
  }

  const field = (name: VendorField) => ({
    name,
    value: values[name],
    onValueChange: (value: string) => setField(name, value),
    error: errors[name],
  });
  const locked = register.isPending || checking || submittedMessage !== null;

  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef);

  return (
    <Box
      asChild
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      shadow="sm"
      px={{ base: '4', sm: '6', md: '10' }}
      py={{ base: '6', md: '9' }}
    >
      <form
        ref={formRef}
        method="post"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="vendor-form-heading"
      >
        <Heading id="vendor-form-heading" as="h2" fontSize={{ base: '2xl', md: '3xl' }} color="accent.950" mb="1">
          Partner application
        </Heading>
        <Text color="fg.muted" mb={{ base: '6', md: '8' }}>
          Fields marked{' '}
          <Text as="span" color="fg.error">
            *
          </Text>{' '}
          are required. It takes about five minutes.
        </Text>

        {submittedMessage !== null && (
          <Alert.Root
            ref={successRef}
            tabIndex={-1}
            status="success"
            variant="subtle"
            rounded="xl"
            mb="8"
            outline="none"
            role="status"
            aria-live="polite"
          >
            <Alert.Indicator />
            <Alert.Content gap="1">
              <Alert.Title>{submittedMessage}</Alert.Title>
              <Alert.Description display="flex" alignItems="center" gap="2">
                <Spinner size="xs" aria-hidden="true" />
                Redirecting to sign in…
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        <Stack gap={{ base: '8', md: '10' }}>
          <FormSection icon={KeyRound} title="Your sign-in">
            <Stack gap="5">
              <TextField
                {...field('email')}
                label="Email"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="you@yourbusiness.in"
                required
                maxLength={254}
              />
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                <PasswordField
                  {...field('password')}
                  label="Password"
                  autoComplete="new-password"
                  required
                  helperText={`At least ${PASSWORD_MIN_LENGTH} characters.`}
                  strengthInputs={[]}
                  maxLength={128}
                />
                <PasswordField
                  {...field('confirm_password')}
                  label="Confirm Password"
                  autoComplete="new-password"
                  required
                  maxLength={128}
                />
              </SimpleGrid>
            </Stack>
          </FormSection>

          <FormSection icon={Store} title="Your business">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <TextField
                {...field('contact_person')}
                label="Contact Person"
                autoComplete="name"
                required
                maxLength={100}
              />
              <TextField
                {...field('business_name')}
                label="Business Name"
                autoComplete="organization"
                required
                maxLength={BUSINESS_NAME_MAX_LENGTH}
              />
              <Stack gap="1">
                <PrefixedField
                  {...field('phone')}
                  prefix="+91"
                  label="Phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder="98XXX XXXXX"
                  required
                  maxLength={20}
                />
                <WhatsappOptIn checked={whatsappOptIn} onCheckedChange={setWhatsappOptIn} />
              </Stack>
              <TextField
                {...field('location')}
                label="Location"
                autoComplete="address-level2"
                placeholder="City, e.g. Indore"
                required
                maxLength={100}
              />
              <Box gridColumn={{ md: 'span 2' }}>
                <TextareaField
                  {...field('business_address')}
                  label="Business Address"
                  autoComplete="street-address"
                  placeholder="Shop or office address, area, PIN code"
                  required
                  rows={2}
                  maxLength={BUSINESS_ADDRESS_MAX_LENGTH}
                />
              </Box>
            </SimpleGrid>
          </FormSection>

          <FormSection icon={BriefcaseBusiness} title="Services and experience">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <Box gridColumn={{ md: 'span 2' }}>
                <TextareaField
                  {...field('services_offered')}
                  label="Services Offered"
                  placeholder="North Indian and Malwa buffets, live chaat counters, wedding décor, service staff…"
                  helperText={
                    'Separate services with commas or new lines; they become the tags admins match projects with.'
                  }
                  required
                  rows={4}
                  maxLength={SERVICES_OFFERED_MAX_LENGTH}
                />
              </Box>
              <TextField
                {...field('experience_years')}
                label="Experience (Years)"
                type="number"
                inputMode="numeric"
                min={EXPERIENCE_YEARS_MIN}
                max={EXPERIENCE_YEARS_MAX}
                step={1}
                helperText={`Whole years in business, ${EXPERIENCE_YEARS_MIN} to ${EXPERIENCE_YEARS_MAX}.`}
              />
              <TextField
                {...field('gst_number')}
                onValueChange={(value) => setField('gst_number', value.toUpperCase())}
                label="GST Number"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="e.g. 27AAPFU0939F1ZV"
                helperText="Optional. Your 15-character GSTIN."
                maxLength={30}
              />
              <Box gridColumn={{ md: 'span 2' }}>
                <TextField
                  {...field('portfolio_link')}
                  label="Portfolio Link"
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://www.yourbusiness.in"
                  helperText="Optional. Your website, Instagram or Google Photos album."
                  maxLength={PORTFOLIO_LINK_MAX_LENGTH}
                />
              </Box>
            </SimpleGrid>
          </FormSection>

          <Stack gap="3">
            <Button
              type="submit"
              size="lg"
              rounded="full"
              w={{ base: 'full', md: 'auto' }}
              alignSelf={{ md: 'flex-start' }}
              px="10"
              loading={register.isPending || checking}
              loadingText="Submitting…"
              disabled={locked}
            >
              Submit Registration
            </Button>
            <Text fontSize="sm" color="fg.muted">
              By applying you agree to our{' '}
              <ChakraLink asChild color="accent.700" textDecoration="underline">
                <Link href="/terms">Terms and Conditions</Link>
              </ChakraLink>
              . Your account becomes active once our team approves it.
            </Text>
          </Stack>
        </Stack>
      </form>
    </Box>
  );
}
