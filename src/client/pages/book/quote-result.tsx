import { Box, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Crown } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'wouter';
import { SUBSCRIBER_DISCOUNT_PERCENT } from '../../../shared/booking-rules';
import type { QuoteSubscriptionState } from '../../../shared/schemas/quote';
import { loginPathFor } from '../../lib/redirects';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { QuoteCard } from './quote-card';
import { SubscriptionOffer } from './subscription-offer';
import type { QuotedEvent } from './subscription';

type QuoteResultProps = {
  quoted: QuotedEvent;
  sectionRef: Ref<HTMLDivElement>;
  headingRef: Ref<HTMLHeadingElement>;
  onModify(): void;
};

const PERCENT = `${SUBSCRIBER_DISCOUNT_PERCENT}%`;

/**
 * What a subscriber reads instead of the offer (docs/product.md#subscriptions): the discount is in the quote, kept for
 * the quote it was bought from, or waiting for the owner of the address to sign in with it.
 */
function SubscriberNote({ state, email }: { state: Exclude<QuoteSubscriptionState, 'none'>; email: string }) {
  const { user } = useSession();
  const sameAddress = user?.role === 'customer' && user.email.toLowerCase() === email.trim().toLowerCase();
  let title = 'Subscriber price';
  let body: ReactNode;
  if (state === 'applied') {
    body = `Your ₹99 subscription's one-time ${PERCENT} discount is in this quote.`;
  } else if (state === 'kept') {
    body = `Your ₹99 subscription's ${PERCENT} is kept for the quote you subscribed from; My Bookings shows it.`;
  } else if (sameAddress && !user.email_verified) {
    title = 'Subscriber price applies once you confirm your e-mail address';
    body =
      `This address has a ₹99 subscription. Its ${PERCENT} goes to the owner of the address: ` +
      'open the confirmation link we sent you, then get your quote again.';
  } else {
    title = 'Subscriber price applies once you sign in with that address';
    body = (
      <>
        {email.trim()} has a ₹99 subscription. Its one-time {PERCENT} goes only to the owner of the address, signed in
        with it: sign in and the quote the ₹99 was paid from shows it in My Bookings; otherwise get your quote again
        while signed in.{' '}
        {!user && (
          <ChakraLink asChild color="accent.700" fontWeight="semibold">
            <Link href={loginPathFor('/bookings')}>Sign in</Link>
          </ChakraLink>
        )}
      </>
    );
  }
  return (
    <Box
      as="section"
      aria-labelledby="subscriber-note-heading"
      rounded="2xl"
      borderWidth="1px"
      borderColor="brand.200"
      bg="brand.50"
      px={{ base: '4', sm: '6', md: '10' }}
      py={{ base: '5', md: '6' }}
    >
      <HStack gap="2" color="accent.900" align="flex-start">
        <Box flexShrink={0} mt="1">
          <Crown size={18} aria-hidden="true" />
        </Box>
        <Heading id="subscriber-note-heading" as="h2" fontSize="lg" color="accent.950">
          {title}
        </Heading>
      </HStack>
      <Text mt="2" color="fg.muted" overflowWrap="anywhere">
        {body}
      </Text>
    </Box>
  );
}

/**
 * Where the quote is followed: every instant quote is a booking (docs/product.md#quotes). A signed-in customer who
 * quoted in their own address gets a link to it once My Bookings answers for it: an unconfirmed account sees only
 * what it made while signed in (docs/product.md#accounts). A visitor is asked to sign in, since an account in the
 * quote's address sees its bookings once that address is confirmed. Anyone else (another address, our team) gets
 * nothing: the quote is not theirs to follow.
 */
function FollowQuote({ quoteId, email }: { quoteId: string; email: string }) {
  const { user, status } = useSession();
  const sameAddress = user?.role === 'customer' && user.email.toLowerCase() === email.trim().toLowerCase();
  // The booking page's own query: it answers (the booking is in the account) or is a 404, and warms that page.
  const inAccount = trpc.bookings.mineDetail.useQuery({ id: quoteId }, { enabled: sameAddress });
  const link = { color: 'brand.200', fontWeight: 'semibold', textDecoration: 'underline' } as const;

  if (sameAddress && inAccount.isSuccess) {
    return (
      <ChakraLink asChild {...link} minH="11">
        <Link href={`/bookings/${quoteId}`}>See it in My Bookings</Link>
      </ChakraLink>
    );
  }
  if (status === 'ready' && !user) {
    return (
      <Text textStyle="sm" color="cream.200">
        <ChakraLink asChild {...link}>
          <Link href={loginPathFor('/bookings')}>Sign in to follow it</Link>
        </ChakraLink>{' '}
        in My Bookings with this e-mail address.
      </Text>
    );
  }
  return null;
}

/**
 * docs/product.md#screens "Result section" and "Subscription offer block": what replaces the form once the quote is
 * there. The offer is not made to a subscriber: the quote answer says when the address has one
 * (docs/product.md#subscriptions), and a note takes its place. Its own chunk: the page fetches it after its first
 * render and waits for it before showing a quote (book-page.tsx).
 */
export function QuoteResult({ quoted, sectionRef, headingRef, onModify }: QuoteResultProps) {
  const membership = quoted.quote.subscription ?? 'none';
  return (
    <Stack as="section" ref={sectionRef} aria-label="Your quote" gap={{ base: '6', md: '8' }} scrollMarginTop="4">
      <QuoteCard
        quote={quoted.quote}
        email={quoted.input.client_email}
        headingRef={headingRef}
        onModify={onModify}
        follow={<FollowQuote quoteId={quoted.quote.quote_id} email={quoted.input.client_email} />}
      />
      {/* On paper the quote stands alone: the offer's QR, copy and WhatsApp buttons are for the screen. */}
      <Box _print={{ display: 'none' }}>
        {membership === 'none' ? (
          <SubscriptionOffer quoted={quoted} />
        ) : (
          <SubscriberNote state={membership} email={quoted.input.client_email} />
        )}
      </Box>
    </Stack>
  );
}
