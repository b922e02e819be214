import { Box, Button, Heading, Spinner, Text } from '@chakra-ui/react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { CenteredPanelPage } from '../../components/centered-panel-page';
import { serverDetail } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';

type State = { kind: 'checking' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

const NO_TOKEN =
  'This page needs the link from your confirmation e-mail. ' +
  'Open the link in the e-mail again, or sign in and ask for a new one.';

/**
 * The page a confirmation link opens (`/verify-email#token=…`). The token is read from the fragment, which no
 * server ever receives, removed from the address bar, and sent once.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Confirm your e-mail address');
  const { user, refreshUser } = useSession();
  const utils = trpc.useUtils();
  const { client } = utils;
  const [state, setState] = useState<State>(() =>
    tokenFromHash() ? { kind: 'checking' } : { kind: 'failed', message: NO_TOKEN },
  );

  useEffect(() => {
    const token = takeToken();
    // No "still mounted" guard: React's development double effect unmounts the first run, which alone holds the token.
    if (!token) return;
    client.auth.verifyEmail
      .mutate({ token })
      .then(async (result) => {
        await refreshUser().catch(() => {});
        await utils.bookings.mine.invalidate();
        setState({ kind: 'done', email: result.email });
      })
      .catch((error: unknown) => {
        setState({
          kind: 'failed',
          message: serverDetail(error) ?? 'The link could not be checked. Please try again.',
        });
      });
  }, [client, refreshUser, utils]);

  return (
    <CenteredPanelPage>
      {state.kind === 'checking' ? (
        <>
          <Spinner size="lg" color="brand.fg" aria-hidden="true" />
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} color="accent.900">
            Confirming your e-mail address…
          </Heading>
        </>
      ) : state.kind === 'done' ? (
        <>
          <Box color="green.600" aria-hidden="true">
            <CheckCircle2 size={44} />
          </Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} color="accent.900">
            E-mail address confirmed
          </Heading>
          <Text color="fg.muted" textWrap="pretty">
            Thank you:{' '}
            <Text as="strong" wordBreak="break-all">
              {state.email}
            </Text>{' '}
            is confirmed. The quotes and bookings made in this address now appear in My Bookings.
          </Text>
          <Button asChild rounded="full" px="6" minH="11">
            <Link href={user?.role === 'customer' ? '/bookings' : user ? '/' : '/login?next=/bookings'}>
              {user?.role === 'customer' ? 'Go to My Bookings' : user ? 'Go to Home' : 'Sign in'}
            </Link>
          </Button>
        </>
      ) : (
        <>
          <Box color="red.600" aria-hidden="true">
            <XCircle size={44} />
          </Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} color="accent.900">
            This link does not work
          </Heading>
          <Text color="fg.muted" textWrap="pretty" role="alert">
            {state.message}
          </Text>
          <Button asChild rounded="full" px="6" minH="11">
            <Link href={user?.role === 'customer' ? '/bookings' : '/login?next=/bookings'}>
              {user?.role === 'customer' ? 'Go to My Bookings' : 'Sign in'}
            </Link>
          </Button>
        </>
      )}
    </CenteredPanelPage>
  );
}

function tokenFromHash(): string | null {
  return /^#token=([A-Za-z0-9_-]+)$/.exec(window.location.hash)?.[1] ?? null;
}

/** The token, once: the fragment is cleared, so a re-render (or React's development double effect) sends nothing. */
function takeToken(): string | null {
  const token = tokenFromHash();
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return token;
}
