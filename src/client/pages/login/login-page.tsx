import {
  Box,
  Button,
  Center,
  Flex,
  Grid,
  Heading,
  HStack,
  Link as ChakraLink,
  Separator,
  Spinner,
  Text,
} from '@chakra-ui/react';
import { ArrowLeft, Store } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, useTransition, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import type { AuthResult } from '../../../shared/schemas/auth';
import { BrandLogo } from '../../components/brand-logo';
import { useHydrated } from '../../lib/hydration';
import { lazyNamed } from '../../lib/lazy-named';
import { destinationAfterSignIn, NEXT_PARAM, safeNextPath } from '../../lib/redirects';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoginBrandPanel } from './login-brand-panel';
import { touchTarget } from '../../touch-targets';

/*
 * The page is part of the entry bundle, so its heading and lead paint with the first render; only the forms (their
 * fields, the password field, the auth mutations) load afterwards, in the space kept for them.
 */
const SignInForm = lazyNamed(() => import('./sign-in-form'), 'SignInForm');
const CreateAccountForm = lazyNamed(() => import('./create-account-form'), 'CreateAccountForm');

/** The sign-in form's code, which the pre-rendered page fetches before it hydrates (src/client/app.tsx). */
export const preloadLoginForm = SignInForm.preload;

/**
 * The sign-in form's height (two fields, the "Forgot password?" link, 44 px tall on phones, and the button), kept free
 * while its code loads so nothing under or around it moves when it arrives. tests/e2e/layout-shift.test.ts fails if the
 * two part ways.
 */
const SIGN_IN_FORM_HEIGHT = { base: '282px', md: '259px' };

function FormLoader() {
  return (
    <Center minH={SIGN_IN_FORM_HEIGHT} role="status" aria-label="Loading the form">
      <Spinner size="md" color="brand.solid" />
    </Center>
  );
}

type Mode = 'sign-in' | 'create-account';

/** `/login?create` opens the create-account form. */
const CREATE_PARAM = 'create';

function hasCreateParam(search: string): boolean {
  return new URLSearchParams(search).has(CREATE_PARAM);
}

const COPY: Record<Mode, { title: string; heading: string; lead: string; switchPrompt: string; switchLabel: string }> =
  {
    'sign-in': {
      title: 'Sign in',
      heading: 'Welcome back',
      lead: 'Sign in to follow your bookings and quotes.',
      switchPrompt: 'New here?',
      switchLabel: 'Create an account',
    },
    'create-account': {
      title: 'Create account',
      heading: 'Create your account',
      lead: 'It takes a minute, and your quotes and bookings stay in one place.',
      switchPrompt: 'Already have an account?',
      switchLabel: 'Sign in instead',
    },
  };

/** docs/product.md#screens "Sign-in (/login)", with the session rules of section 4 and the messages of section 8. */
export function LoginPage() {
  const { user, signIn } = useSession();
  const [, navigate] = useLocation();
  const search = useSearch();
  const next = safeNextPath(new URLSearchParams(search).get(NEXT_PARAM));
  // The mode a link or a press before the page's code started asked for (`?create`), once hydrated: the build drew
  // the sign-in form, so that is hydrated first and the switch made after, in a transition.
  const hydrated = useHydrated();
  const asked: Mode = hasCreateParam(search) ? 'create-account' : 'sign-in';
  const [chosen, setChosen] = useState<Mode | null>(null);
  const mode = chosen ?? (hydrated ? asked : 'sign-in');
  const [email, setEmail] = useState('');
  // Set when this page signs the user in, so the "already signed in" redirect below does not race the handler's own.
  const [completed, setCompleted] = useState(false);
  const [switching, startSwitch] = useTransition();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const modeChanged = useRef(false);
  const copy = COPY[mode];
  useDocumentTitle(copy.title);

  useEffect(() => {
    // After a toggle the form under the keyboard is gone; the new heading tells screen readers what replaced it.
    if (modeChanged.current) headingRef.current?.focus();
  }, [mode]);

  if (user && !completed) return <Redirect to={destinationAfterSignIn(user.role, next)} replace />;

  function finish(result: AuthResult, message: string, destination: string) {
    setCompleted(true);
    toast.success(message);
    navigate(destination, { replace: true });
    signIn(result);
  }

  function toggleMode(event: FormEvent) {
    // Live, the switch is made here; the form's own GET (below) is for a press before the page's code started.
    event.preventDefault();
    modeChanged.current = true;
    // A transition: the current form stays until the other one's code is in, instead of a loader in between.
    startSwitch(() => setChosen(mode === 'sign-in' ? 'create-account' : 'sign-in'));
  }

  return (
    <Grid minH="100dvh" templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }}>
      <Box as="aside" aria-label="About us" hideBelow="lg" display="flex">
        <LoginBrandPanel />
      </Box>
      <Flex
        as="main"
        direction="column"
        px={{ base: '5', sm: '8', md: '12' }}
        py={{ base: '6', md: '10' }}
        bg="bg"
        css={{
          backgroundImage: 'radial-gradient(circle at 100% 0%, var(--chakra-colors-brand-50) 0, transparent 40%)',
        }}
      >
        <Box hideFrom="lg" mb="8">
          <BrandLogo />
        </Box>
        <Flex flex="1" align="center" justify="center">
          <Box w="full" maxW="md">
            <Heading
              ref={headingRef}
              tabIndex={-1}
              as="h1"
              fontSize={{ base: '3xl', md: '4xl' }}
              color="accent.950"
              mb="2"
              outline="none"
            >
              {copy.heading}
            </Heading>
            <Text color="fg.muted" mb="8">
              {copy.lead}
            </Text>

            <Suspense fallback={<FormLoader />}>
              {mode === 'sign-in' ? (
                <SignInForm
                  email={email}
                  onEmailChange={setEmail}
                  onSignedIn={(result) =>
                    finish(result, 'Login successful!', destinationAfterSignIn(result.user.role, next))
                  }
                />
              ) : (
                <CreateAccountForm
                  email={email}
                  onEmailChange={setEmail}
                  onRegistered={(result) => finish(result, 'Registration successful!', '/')}
                />
              )}
            </Suspense>

            {/* A form, so a press before the page's code has started still switches: the browser opens /login?create,
                which switches once live. Live, the submit is the switch itself. */}
            <HStack asChild justify="center" gap="1.5" mt="6" fontSize="sm" flexWrap="wrap">
              <form method="get" action="/login" onSubmit={toggleMode}>
                <Text color="fg.muted">{copy.switchPrompt}</Text>
                {mode === 'sign-in' && <input type="hidden" name={CREATE_PARAM} value="1" />}
                <Button
                  type="submit"
                  variant="plain"
                  size="sm"
                  h="auto"
                  p="0"
                  color="brand.fg"
                  fontWeight="semibold"
                  loading={switching}
                  loadingText={copy.switchLabel}
                  spinnerPlacement="end"
                >
                  {copy.switchLabel}
                </Button>
              </form>
            </HStack>

            <Separator my="8" borderColor="border" />

            <Flex justify="space-between" gap="4" wrap="wrap" fontSize="sm">
              <ChakraLink asChild color="accent.700" fontWeight="medium" css={touchTarget}>
                <Link href="/vendor-register">
                  <Store size={16} aria-hidden="true" />
                  Become a vendor partner
                </Link>
              </ChakraLink>
              <ChakraLink asChild color="fg.muted" fontWeight="medium" css={touchTarget}>
                <Link href="/">
                  <ArrowLeft size={16} aria-hidden="true" />
                  Back to Home
                </Link>
              </ChakraLink>
            </Flex>
          </Box>
        </Flex>
      </Flex>
    </Grid>
  );
}
