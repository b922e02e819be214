import { businessHoursText } from '../../../shared/brand';
import {
  Badge,
  Box,
  Button,
  Container,
  Heading,
  HStack,
  Link as ChakraLink,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { CheckCircle2, Clock3, Mail, MessageCircle, Phone, XCircle } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearch } from 'wouter';
import { formatInr } from '../../../shared/money';
import { paymentTerms, type PaymentTerms } from '../../../shared/payment-terms';
import {
  SUBSCRIBER_DISCOUNT_PERCENT,
  SUBSCRIPTION_REFUND_PAISE,
  TOKEN_AMOUNT_PAISE,
} from '../../../shared/booking-rules';
import type { OrderSettlement, PaymentStatusDto } from '../../../shared/schemas/payments';
import { BrandLogo } from '../../components/brand-logo';
import { useBrand } from '../../lib/brand';
import { serverDetail } from '../../lib/errors';
import { usePaymentRules } from '../../lib/payment-rules';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { touchTarget } from '../../touch-targets';

/**
 * docs/product.md#subscriptions: the booking token is shown as ₹999 whatever the order says (a subscription shows its
 * own ₹99).
 */
const TOKEN_AMOUNT = TOKEN_AMOUNT_PAISE / 100;
/** How often a pending payment is checked again. */
export const PAYMENT_POLL_INTERVAL_MS = 10_000;

/** docs/product.md#payments: PAID (or is_paid) is success; anything else is pending. */
export function isPaymentComplete(status: Pick<PaymentStatusDto, 'is_paid' | 'payment_status'>): boolean {
  return status.is_paid || status.payment_status === 'PAID';
}

/**
 * An unpaid order whose booking needs nothing more from it (docs/product.md#payments): the team recorded the money,
 * which expired the order, it was paid another way, or the booking was cancelled. Nothing is left to wait for, so it
 * is not checked again.
 */
export function isSettledOtherwise(status: Pick<PaymentStatusDto, 'is_paid' | 'payment_status' | 'settled'>): boolean {
  return !isPaymentComplete(status) && Boolean(status.settled);
}

/** How a booking's order was settled another way while the booking stands. */
type PaidAnotherWay = Exclude<OrderSettlement, 'booking_cancelled' | 'subscription_refunded'>;

/** What the page says of an order settled another way: its title, why nothing is left to pay, and its status. */
const SETTLED_TEXTS: Record<PaidAnotherWay, { title: string; reason: string; status: string }> = {
  recorded_by_team: {
    title: 'Payment Received',
    reason: 'Our team has recorded this payment on your booking, so nothing is left to pay on this order.',
    status: 'Recorded by our team',
  },
  paid_otherwise: {
    title: 'Already Paid',
    reason: 'This payment has already been made on your booking, so nothing is left to pay on this order.',
    status: 'Paid another way',
  },
};

const SUCCESS_STEPS = [
  `We have received your token amount of ${formatInr(TOKEN_AMOUNT)}.`,
  'Our team will contact you within 2 hours to confirm your event details.',
  'A confirmation email is on its way to you shortly.',
  'Your event coordinator will call you to plan the menu, setup and timings.',
  'The token amount will be adjusted against your final bill.',
];

/**
 * The ₹99 subscription's own texts (docs/product.md#subscriptions); the amount is the order's, never the token's ₹999.
 */
function subscriptionSteps(amount: number): string[] {
  return [
    `We have received your subscription fee of ${formatInr(amount)}.`,
    `Your member benefits are active, including a one-time ${SUBSCRIBER_DISCOUNT_PERCENT}% ` +
      'instant discount on the final bill of the quote you subscribed from: My Bookings ' +
      `shows its new total while you are signed in with that quote's email address, confirmed.`,
    'A receipt is on its way to your email.',
    'If we cannot provide services for your event, 50% of the subscription ' +
      `(${formatInr(SUBSCRIPTION_REFUND_PAISE / 100)}) is refunded within 3 working days.`,
  ];
}

/** An advance or balance paid from My Bookings: its own amount, and where the rest of the booking stands. */
function instalmentSteps(amount: number, terms: PaymentTerms): string[] {
  return [
    `We have received your payment of ${formatInr(amount)}.`,
    'A receipt with what is still to pay, and when, is on its way to your email.',
    terms.payTheRest,
    terms.reminders,
  ];
}

/**
 * The booking's schedule after its booking amount, in the published terms' sentences (`paymentTerms`, with the
 * schedule's published numbers): the advance, the balance, reminders, paying the rest and cancelling.
 */
function scheduleSteps(terms: PaymentTerms): string[] {
  return [
    ...(terms.advance ? [terms.advance] : []),
    ...(terms.balance ? [terms.balance] : []),
    terms.payTheRest,
    terms.reminders,
    `${terms.cancel} ${terms.refunds}`,
  ];
}

/**
 * What the result page says for each kind of order: the token keeps the spec's fixed ₹999 texts and adds the
 * schedule that follows it; an instalment and the ₹99 subscription show their own amounts.
 */
function orderTexts(status: PaymentStatusDto, terms: PaymentTerms) {
  if (status.purpose === 'instalment') {
    return {
      purpose: 'Booking payment',
      amount: status.amount,
      pendingAmountLabel: 'Amount',
      confirmation: 'Thank you! Your payment is received.',
      steps: instalmentSteps(status.amount, terms),
      schedule: [],
    };
  }
  if (status.purpose === 'subscription') {
    return {
      purpose: 'Subscription',
      amount: status.amount,
      pendingAmountLabel: 'Subscription Fee',
      confirmation: 'Thank you! Your subscription is active.',
      steps: subscriptionSteps(status.amount),
      schedule: [],
    };
  }
  return {
    purpose: 'Booking token',
    amount: TOKEN_AMOUNT,
    pendingAmountLabel: 'Token Amount',
    confirmation: 'Thank you! Your event booking is confirmed.',
    steps: SUCCESS_STEPS,
    schedule: scheduleSteps(terms),
  };
}

function StepList({ id, title, steps }: { id: string; title: string; steps: string[] }) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Heading id={id} as="h2" size="md" color="accent.900" mb="3">
        {title}
      </Heading>
      <Stack as="ul" gap="2.5" listStyleType="none">
        {steps.map((step) => (
          <HStack as="li" key={step} align="flex-start" gap="2.5">
            <Box color="green.600" mt="0.5" flexShrink={0} aria-hidden="true">
              <CheckCircle2 size={18} />
            </Box>
            <Text>{step}</Text>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

function PageShell({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" bg="bg.subtle" display="flex" flexDirection="column">
      <Box as="header" borderBottomWidth="1px" borderColor="border" bg="bg">
        <Container maxW="6xl" py="4">
          <BrandLogo />
        </Container>
      </Box>
      <Container as="main" maxW="2xl" flex="1" py={{ base: '8', md: '14' }}>
        <Stack
          gap="6"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="2xl"
          shadow="sm"
          px={{ base: '5', md: '10' }}
          py={{ base: '8', md: '10' }}
        >
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

function StatusHeader({
  tone,
  icon,
  title,
  children,
}: {
  tone: 'green' | 'orange' | 'red';
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" textAlign="center" gap="3">
      <Box
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        boxSize="16"
        rounded="full"
        bg={`${tone}.100`}
        color={`${tone}.700`}
        aria-hidden="true"
      >
        {icon}
      </Box>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack
      justify="space-between"
      gap="4"
      py="2.5"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _last={{ borderBottomWidth: 0 }}
    >
      <Text as="dt" color="fg.muted" whiteSpace="nowrap" flexShrink={0}>
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" textAlign="end" minW="0" overflowWrap="anywhere">
        {children}
      </Text>
    </HStack>
  );
}

function HelpBlock() {
  const brand = useBrand();
  return (
    <Box as="section" aria-labelledby="payment-help" bg="bg.subtle" rounded="xl" px="5" py="4">
      <Heading id="payment-help" as="h2" size="md" color="accent.900" mb="1">
        Need help?
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Our team is available {businessHoursText()}.
      </Text>
      <Stack gap="2" fontSize="sm">
        <HStack gap="2">
          <Phone size={16} aria-hidden="true" />
          <ChakraLink href={`tel:${brand.phone.replace(/\s/g, '')}`} color="accent.800" css={touchTarget}>
            {brand.phone}
          </ChakraLink>
        </HStack>
        <HStack gap="2">
          <Mail size={16} aria-hidden="true" />
          <ChakraLink href={`mailto:${brand.email}`} color="accent.800" wordBreak="break-all" css={touchTarget}>
            {brand.email}
          </ChakraLink>
        </HStack>
        <HStack gap="2">
          <MessageCircle size={16} aria-hidden="true" />
          <ChakraLink
            href={`https://wa.me/${brand.whatsappNumber}`}
            target="_blank"
            rel="noreferrer"
            color="accent.800"
            css={touchTarget}
          >
            Chat with us on WhatsApp
          </ChakraLink>
        </HStack>
      </Stack>
    </Box>
  );
}

function Actions({ secondary }: { secondary: { href: string; label: string } }) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
      <Button asChild variant="outline" colorPalette="accent" rounded="full" px="6">
        <Link href="/">Go to Home</Link>
      </Button>
      <Button asChild rounded="full" px="6">
        <Link href={secondary.href}>{secondary.label}</Link>
      </Button>
    </Stack>
  );
}

function FailureState({ message }: { message: string }) {
  return (
    <>
      <StatusHeader tone="red" icon={<XCircle size={34} />} title="Payment Verification Failed">
        <Text color="fg.muted" role="alert">
          {message}
        </Text>
      </StatusHeader>
      <HelpBlock />
      <Actions secondary={{ href: '/book', label: 'Try Again' }} />
    </>
  );
}

/**
 * An order the booking needs nothing more from: says so plainly, with no "pending" and no "try again", and links to
 * the booking, where what is paid and what is due next are shown.
 */
/** The order's facts in every state: its id, what it pays for, its state in a word and its amount. */
function OrderFacts({
  status,
  texts,
  badge,
  paid,
  children,
}: {
  status: PaymentStatusDto;
  texts: ReturnType<typeof orderTexts>;
  badge: { palette: string; text: string };
  paid: boolean;
  children?: ReactNode;
}) {
  return (
    <Box as="dl" borderWidth="1px" borderColor="border" rounded="xl" px="5" py="2">
      <Detail label="Order ID">{status.order_id}</Detail>
      <Detail label="Payment For">{texts.purpose}</Detail>
      <Detail label="Status">
        <Badge colorPalette={badge.palette} variant="subtle" size="md">
          {badge.text}
        </Badge>
      </Detail>
      <Detail label={paid ? 'Amount Paid' : texts.pendingAmountLabel}>{formatInr(texts.amount)}</Detail>
      {children}
    </Box>
  );
}

function SettledState({
  status,
  settled,
  texts,
}: {
  status: PaymentStatusDto;
  settled: PaidAnotherWay;
  texts: ReturnType<typeof orderTexts>;
}) {
  const words = SETTLED_TEXTS[settled];
  return (
    <>
      <StatusHeader tone="green" icon={<CheckCircle2 size={34} />} title={words.title}>
        <Text color="fg.muted" role="status">
          {words.reason}
        </Text>
        <Text fontSize="sm" color="fg.muted" textWrap="balance">
          There is no need to pay this order again: your booking shows what is paid and what is due next.
        </Text>
      </StatusHeader>
      <OrderFacts status={status} texts={texts} badge={{ palette: 'green', text: words.status }} paid={false} />
      <HelpBlock />
      <Actions secondary={bookingLink(status)} />
    </>
  );
}

/** The booking the order pays towards, where what is paid, what is due and any refund are shown. */
function bookingLink(status: PaymentStatusDto): { href: string; label: string } {
  return status.booking_id
    ? { href: `/bookings/${encodeURIComponent(status.booking_id)}`, label: 'View Your Booking' }
    : { href: '/bookings', label: 'My Bookings' };
}

/**
 * An order of a cancelled booking (docs/product.md#refunds: its open orders expired at the cancellation and nothing
 * is due on it). Unpaid, it is not pending: nothing is to be paid on it. Paid, the money was received but the
 * booking is no longer confirmed, so the token's "booking is confirmed" and the schedule are not shown; what is
 * refunded is on the booking.
 */
function CancelledBookingState({ status, texts }: { status: PaymentStatusDto; texts: ReturnType<typeof orderTexts> }) {
  const paid = isPaymentComplete(status);
  return (
    <>
      <StatusHeader
        tone={paid ? 'green' : 'red'}
        icon={paid ? <CheckCircle2 size={34} /> : <XCircle size={34} />}
        title={paid ? 'Payment Received' : 'Booking Cancelled'}
      >
        <Text color="fg.muted" role="status">
          {paid
            ? 'We have received this payment, and the booking has since been cancelled.'
            : 'This booking has been cancelled, so nothing is to be paid on this order.'}
        </Text>
        <Text fontSize="sm" color="fg.muted" textWrap="balance">
          {paid
            ? 'Your booking shows what was paid and the refund due under the cancellation terms.'
            : 'Please do not pay this order: your booking shows what was paid and any refund.'}
        </Text>
      </StatusHeader>
      <OrderFacts
        status={status}
        texts={texts}
        badge={{ palette: paid ? 'green' : 'red', text: paid ? 'Paid, booking cancelled' : 'Booking cancelled' }}
        paid={paid}
      />
      <HelpBlock />
      <Actions secondary={bookingLink(status)} />
    </>
  );
}

/**
 * A paid ₹99 order whose subscription an admin has since refunded (docs/product.md#subscriptions): the benefits are
 * no longer active, so the page says what was paid and what comes back, not that the subscription is active.
 */
function RefundedSubscriptionState({
  status,
  texts,
}: {
  status: PaymentStatusDto;
  texts: ReturnType<typeof orderTexts>;
}) {
  return (
    <>
      <StatusHeader tone="orange" icon={<Clock3 size={34} />} title="Subscription Refunded">
        <Text color="fg.muted" role="status">
          We could not provide services for your event, so your subscription has been refunded.
        </Text>
        <Text fontSize="sm" color="fg.muted" textWrap="balance">
          {formatInr(SUBSCRIPTION_REFUND_PAISE / 100)} (50% of the subscription) comes back to you within 3 working
          days; a confirmation is on its way to your email.
        </Text>
      </StatusHeader>
      <OrderFacts status={status} texts={texts} badge={{ palette: 'orange', text: 'Refunded' }} paid />
      <HelpBlock />
      <Actions secondary={{ href: '/book', label: 'Book Another Event' }} />
    </>
  );
}

function ResultState({ status }: { status: PaymentStatusDto }) {
  const paid = isPaymentComplete(status);
  const texts = orderTexts(status, paymentTerms(usePaymentRules()));
  if (status.settled === 'booking_cancelled') return <CancelledBookingState status={status} texts={texts} />;
  if (status.settled === 'subscription_refunded') return <RefundedSubscriptionState status={status} texts={texts} />;
  if (!paid && status.settled) return <SettledState status={status} settled={status.settled} texts={texts} />;
  return (
    <>
      {paid ? (
        <StatusHeader tone="green" icon={<CheckCircle2 size={34} />} title="Payment Successful!">
          <Text color="fg.muted">{texts.confirmation}</Text>
        </StatusHeader>
      ) : (
        <StatusHeader tone="orange" icon={<Clock3 size={34} />} title="Payment Pending">
          <Text color="fg.muted" role="status">
            Payment is being processed
          </Text>
          <Text fontSize="sm" color="fg.muted" textWrap="balance">
            We check again every {PAYMENT_POLL_INTERVAL_MS / 1000} seconds; you can keep this page open.
          </Text>
        </StatusHeader>
      )}
      <OrderFacts
        status={status}
        texts={texts}
        badge={{ palette: paid ? 'green' : 'orange', text: status.payment_status }}
        paid={paid}
      >
        <Detail label="Payment Method">Online</Detail>
      </OrderFacts>
      {paid && <StepList id="payment-next" title="What happens next" steps={texts.steps} />}
      {paid && texts.schedule.length > 0 && (
        <StepList id="payment-schedule" title="Paying the rest" steps={texts.schedule} />
      )}
      <HelpBlock />
      <Actions secondary={{ href: '/book', label: 'Book Another Event' }} />
    </>
  );
}

type PaymentSuccessPageProps = {
  /** How often a pending payment is checked again; tests pass a short interval. */
  pollIntervalMs?: number;
};

/**
 * docs/product.md#screens "Payment result" (/payment/success?order_id=): verifying, then failure, success, pending,
 * nothing left to pay when the booking was paid another way, or the booking cancelled. A pending payment is checked
 * again every 10 seconds until it is paid.
 */
export function PaymentSuccessPage({ pollIntervalMs = PAYMENT_POLL_INTERVAL_MS }: PaymentSuccessPageProps) {
  useDocumentTitle('Payment Status');
  const orderId = new URLSearchParams(useSearch()).get('order_id')?.trim() ?? '';
  const status = trpc.payments.status.useQuery(
    { order_id: orderId },
    {
      enabled: orderId !== '',
      refetchInterval: (query) => {
        const data = query.state.data;
        return data && !isPaymentComplete(data) && !isSettledOtherwise(data) ? pollIntervalMs : false;
      },
      refetchIntervalInBackground: true,
    },
  );
  const failed = status.isError && !status.data;

  useEffect(() => {
    if (failed) toast.error('Failed to verify payment status', { id: 'payment-verification' });
  }, [failed]);

  if (orderId === '') {
    return (
      <PageShell>
        <FailureState message="No order ID found" />
      </PageShell>
    );
  }
  if (status.data) {
    return (
      <PageShell>
        <ResultState status={status.data} />
      </PageShell>
    );
  }
  if (failed) {
    return (
      <PageShell>
        <FailureState message={serverDetail(status.error) ?? 'Unable to verify payment status'} />
      </PageShell>
    );
  }
  return (
    <PageShell>
      <Stack align="center" gap="4" py="10" role="status">
        <Spinner size="xl" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" fontSize="lg">
          Verifying your payment...
        </Text>
      </Stack>
    </PageShell>
  );
}
