import { Box, Button, Code, HStack, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { Copy, ExternalLink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'wouter';
import { formatLongDate, todayInIndia } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import { paymentTerms } from '../../../shared/payment-terms';
import { checkDateChange } from '../../../shared/refund-policy';
import type { CustomerBookingDto, PaymentOrderDto } from '../../../shared/schemas/account';
import { AppDialog } from '../../components/app-dialog';
import { QrCodeImage } from '../../components/qr-code-image';
import { NextFreeDates } from '../../components/next-free-dates';
import { useBrand } from '../../lib/brand';
import { errorReason, nextFreeDates, serverDetail } from '../../lib/errors';
import { GST_DETAILS_REQUIRED } from '../../../shared/schemas/gst';
import { openExternalPage } from '../../lib/external-navigation';
import { usePaymentRules } from '../../lib/payment-rules';
import { scrollToSection } from '../../lib/scroll-to-section';
import { trpc } from '../../lib/trpc';
import { copyText } from '../book/copy-text';
import { touchTarget } from '../../touch-targets';
import { refreshBooking } from './refresh-booking';

type PayDialogProps = {
  booking: CustomerBookingDto & { original_event_date?: string | null };
  /** The booking amount (token) of a quoted booking, or the next instalment of a confirmed one. */
  kind: 'token' | 'instalment';
  open: boolean;
  onClose(): void;
  /** The customer picked one of a full day's next free dates: move the event there (the date-change dialog). */
  onChooseDate?(date: string): void;
};

const listed = (dates: readonly string[]) => {
  const words = dates.map((date) => formatLongDate(date));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
};

/**
 * The event's day filled up (or closed) before this booking was confirmed (docs/product.md#calendar): the server's
 * next free dates, as choices that lead to the one date change the booking allows; where the rule allows none of
 * them online, the customer is told to call, with the dates to ask for.
 */
function DayFullChoices({
  booking,
  dates,
  onChooseDate,
}: {
  booking: PayDialogProps['booking'];
  dates: readonly string[];
  onChooseDate?(date: string): void;
}) {
  const brand = useBrand();
  const today = todayInIndia();
  const movable = onChooseDate
    ? dates.filter(
        (date) =>
          checkDateChange({
            eventDate: booking.event_date,
            originalEventDate: booking.original_event_date ?? null,
            alreadyChanged: booking.date_changed,
            newDate: date,
            today,
          }).ok,
      )
    : [];
  if (movable.length > 0 && onChooseDate) {
    return (
      <Stack gap="1">
        <Text fontSize="sm">
          Choose one of the next free dates to move your event there; then pay the token to confirm the new date.
        </Text>
        <NextFreeDates dates={movable} onChoose={onChooseDate} />
      </Stack>
    );
  }
  const phone = brand.phone.replace(/\s/g, '');
  return (
    <Text fontSize="sm">
      The date of this booking cannot be changed online any more. Call us on{' '}
      <ChakraLink href={`tel:${phone}`} color="accent.800" fontWeight="semibold">
        {brand.phone}
      </ChakraLink>{' '}
      to move your event{dates.length > 0 ? ` to ${listed(dates)}, the next free dates` : ''}.
    </Text>
  );
}

/** The heading of the booking page's GST details card (`BookingGstCard`). */
const GST_DETAILS_ID = 'booking-gst';
/** How long the GST card is waited for: the booking page may still be loading after the move from My Bookings. */
const GST_DETAILS_WAIT_MS = 5_000;

/**
 * Brings the GST details card into view and focus once it is on the page and the dialog has gone (the closing
 * dialog hands focus back to its button, which would take it from the card).
 */
function showGstDetailsWhenReady(startedAt = Date.now()): void {
  const ready = document.getElementById(GST_DETAILS_ID) && !document.querySelector('[role="dialog"]');
  if (ready) {
    requestAnimationFrame(() => scrollToSection(GST_DETAILS_ID));
    return;
  }
  if (Date.now() - startedAt < GST_DETAILS_WAIT_MS) setTimeout(() => showGstDetailsWhenReady(startedAt), 100);
}

/**
 * The booking's schedule as the server computed it (`bookingMoney`), and the terms that go with it in the shared
 * sentences (`paymentTerms`): reminders, paying the rest and cancelling in My Bookings, and the refund bands.
 */
function PaymentTermsNote({ booking }: { booking: CustomerBookingDto }) {
  const terms = paymentTerms(usePaymentRules());
  const rows = booking.schedule.instalments;
  return (
    <Box as="section" aria-label="Your payment schedule" bg="bg.subtle" rounded="lg" px="4" py="3" fontSize="sm">
      <Text fontWeight="semibold" color="accent.900" mb="1.5">
        Your payment schedule
      </Text>
      {rows.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" ps="0" mb="2">
          {rows.map((row) => (
            <HStack as="li" key={row.kind} justify="space-between" gap="3" flexWrap="wrap">
              <Text>{row.label}</Text>
              <Text fontWeight="medium">
                {formatInr(row.amount)}
                {row.outstanding === 0
                  ? ', paid'
                  : row.kind === 'booking_amount' && booking.status === 'quoted'
                    ? ', confirms your booking'
                    : ` by ${formatLongDate(row.due_date)}`}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
      <Stack gap="1.5" color="fg.muted">
        <Text>
          {terms.payTheRest} {terms.reminders}
        </Text>
        <Text>
          {terms.cancel} {terms.refunds} See the{' '}
          <ChakraLink asChild color="accent.800" textDecoration="underline">
            <Link href="/refund-policy">Return and Refund Policy</Link>
          </ChakraLink>
          .
        </Text>
      </Stack>
    </Box>
  );
}

/**
 * Paying a booking (docs/product.md#payments): opening the dialog creates (or reopens) the order for the booking
 * amount (the ₹999 token) or for the next instalment (advance or balance). With a payment gateway configured the
 * customer is sent to its page; with UPI the dialog shows a QR for the exact amount that carries the order id, and
 * "I have paid" leads to /payment/success, which follows the order until our team records the payment. Below the
 * payment, the booking's schedule and the terms for the rest of it.
 */
const PAYMENT_PAGE_REFUSED = 'The payment page could not be opened. Please try again, or pay by UPI.';

export function PayDialog({ booking, kind, open, onClose, onChooseDate }: PayDialogProps) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const handlers = {
    onSuccess: (created: PaymentOrderDto) => {
      refreshBooking(utils, booking.id);
      // Only an https address is followed (the server already checked it is the gateway's).
      if (created.redirect_url && !openExternalPage(created.redirect_url)) {
        toast.error(PAYMENT_PAGE_REFUSED);
        onClose();
      }
    },
  };
  const tokenOrder = trpc.payments.createTokenOrder.useMutation(handlers);
  const instalmentOrder = trpc.payments.createInstalmentOrder.useMutation(handlers);
  const order = kind === 'token' ? tokenOrder : instalmentOrder;
  const started = useRef(false);
  const { mutate } = order;

  useEffect(() => {
    if (open && !started.current) {
      started.current = true;
      mutate({ booking_id: booking.id });
    }
    if (!open) started.current = false;
  }, [open, booking.id, mutate]);

  async function copyUpiId(upiId: string) {
    if (await copyText(upiId)) toast.success('UPI ID copied to clipboard!');
    else toast.error('Could not copy automatically. Please select the UPI ID and copy it.');
  }

  const data = order.data;
  const failure = order.isError
    ? (serverDetail(order.error) ?? 'The payment could not be started. Please try again.')
    : null;
  // A 409 for a full or closed day carries the next free dates (docs/api.md).
  const freeDates = order.isError ? nextFreeDates(order.error) : [];
  const needsVenueState = order.isError && errorReason(order.error) === GST_DETAILS_REQUIRED;

  /** Closes the dialog and takes the customer to the booking page's GST details, where the state is filled in. */
  function openGstDetails() {
    onClose();
    if (!document.getElementById(GST_DETAILS_ID)) navigate(`/bookings/${encodeURIComponent(booking.id)}`);
    showGstDetailsWhenReady();
  }

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={
        kind === 'token' || !booking.schedule.pay_now
          ? `Pay the ${formatInr(booking.payment.token_left || booking.payment.token_amount)} booking token`
          : `Pay the ${formatInr(booking.schedule.pay_now.amount)} ${booking.schedule.pay_now.label.toLowerCase()}`
      }
      description={`${booking.event_name} · ${booking.reference}`}
      size="md"
      footer={
        data && !data.redirect_url ? (
          <>
            <Button variant="ghost" colorPalette="accent" onClick={onClose}>
              Pay later
            </Button>
            <Button rounded="full" px="5" onClick={() => navigate(data.result_path)}>
              I have paid
            </Button>
          </>
        ) : undefined
      }
    >
      {failure ? (
        <Stack gap="4" align="flex-start">
          <Text color="fg.error" role="alert">
            {failure}
          </Text>
          {freeDates.length > 0 && <DayFullChoices booking={booking} dates={freeDates} onChooseDate={onChooseDate} />}
          {needsVenueState ? (
            <>
              <Text fontSize="sm">
                Choose the state the event is held in under the booking’s GST details and save them, then pay again.
              </Text>
              <Button rounded="full" px="5" onClick={openGstDetails}>
                Fill in the GST details
              </Button>
            </>
          ) : (
            <Button variant="outline" colorPalette="accent" onClick={() => mutate({ booking_id: booking.id })}>
              Try again
            </Button>
          )}
        </Stack>
      ) : !data || data.redirect_url ? (
        <Stack align="center" gap="3" py="8" role="status">
          <Spinner size="lg" color="brand.solid" borderWidth="3px" />
          <Text color="fg.muted">
            {data?.redirect_url ? 'Taking you to the secure payment page…' : 'Preparing your payment…'}
          </Text>
        </Stack>
      ) : (
        <Stack gap="5">
          <Stack direction={{ base: 'column', sm: 'row' }} gap="5" align={{ base: 'center', sm: 'flex-start' }}>
            <Box flexShrink={0} borderWidth="1px" borderColor="border" rounded="lg" p="2" bg="white">
              <QrCodeImage
                value={data.upi_uri}
                alt={`UPI QR code to pay ${formatInr(data.amount)} for order ${data.order_id}`}
                size={184}
              />
            </Box>
            <Stack gap="3" minW="0" w="full">
              <Box>
                <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
                  Amount
                </Text>
                <Text fontSize="2xl" fontWeight="bold" color="accent.900">
                  {formatInr(data.amount)}
                </Text>
              </Box>
              <Box>
                <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
                  Pay to
                </Text>
                <Text fontWeight="semibold">{data.payee.name}</Text>
                <HStack gap="2" flexWrap="wrap">
                  <Code fontSize="sm" wordBreak="break-all">
                    {data.payee.upi_id}
                  </Code>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="accent"
                    onClick={() => void copyUpiId(data.payee.upi_id)}
                  >
                    <Copy aria-hidden="true" /> Copy UPI ID
                  </Button>
                </HStack>
              </Box>
              <Box>
                <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
                  Order ID
                </Text>
                <Code fontSize="sm" wordBreak="break-all">
                  {data.order_id}
                </Code>
              </Box>
            </Stack>
          </Stack>
          <Stack as="ol" gap="1.5" ps="5" listStyleType="decimal" fontSize="sm" color="fg.muted">
            <li>Scan the QR code with any UPI app, or open it on this phone.</li>
            <li>
              Pay exactly {formatInr(data.amount)}; the note carries your order ID ({data.note}).
            </li>
            <li>
              Tap “I have paid”. We match your payment’s UTR with this order and{' '}
              {kind === 'token' ? 'confirm your booking.' : 'count it in your payment schedule.'}
            </li>
          </Stack>
          <ChakraLink
            href={data.upi_uri}
            hideFrom="md"
            color="accent.800"
            fontWeight="semibold"
            alignSelf="flex-start"
            css={touchTarget}
          >
            Open in a UPI app <ExternalLink size={14} aria-hidden="true" />
          </ChakraLink>
          <PaymentTermsNote booking={booking} />
        </Stack>
      )}
    </AppDialog>
  );
}
