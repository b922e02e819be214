import { Badge, Box, Button, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, Circle, CircleCheck, UtensilsCrossed } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { INSTALMENT_LABELS, quoteExpired, STATUS_RULES } from '../../../shared/booking-rules';
import { formatLongDate, todayInIndia } from '../../../shared/dates';
import { PAYMENT_METHOD_LABELS } from '../../../shared/domain';
import { MENU_EDIT_STATUSES } from '../../../shared/menu';
import { formatInr, formatSignedInr } from '../../../shared/money';
import { DATE_CHANGE_MIN_DAYS_AHEAD } from '../../../shared/refund-policy';
import type { CustomerBookingDetailDto, InstalmentDto } from '../../../shared/schemas/account';
import type { QuoteLine } from '../../../shared/schemas/quote';
import { BookingStatusBadge } from '../../components/booking-status-badge';
import { EventTypeBadge } from '../../components/event-type-badge';
import { indiaDateTimeText } from '../../lib/datetime';
import { httpStatusOf, serverDetail } from '../../lib/errors';
import { eventTypeLabel } from '../../lib/event-types';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookingActions } from './booking-actions';
import { BookingGstCard } from './booking-gst-card';
import { eventDateLabel, guestsLabel, nextStepText, packageLabel } from './bookings-format';

export function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      px={{ base: '4', md: '6' }}
      py="5"
    >
      <Heading id={id} as="h2" size="md" color="accent.900" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Item({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <HStack
      justify="space-between"
      align="flex-start"
      gap="4"
      py="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _last={{ borderBottomWidth: 0 }}
    >
      <Text as="dt" color={strong ? 'fg' : 'fg.muted'} fontWeight={strong ? 'semibold' : 'normal'} flexShrink={0}>
        {label}
      </Text>
      <Text
        as="dd"
        fontWeight="semibold"
        textAlign="end"
        minW="0"
        overflowWrap="anywhere"
        fontSize={strong ? 'lg' : undefined}
        color={strong ? 'accent.900' : undefined}
      >
        {children}
      </Text>
    </HStack>
  );
}

function EventCard({ booking }: { booking: CustomerBookingDetailDto }) {
  return (
    <Card title="Event" id="booking-event">
      <Box as="dl">
        <Item label="Event type">{eventTypeLabel(booking.event_type)}</Item>
        <Item label="Date">
          {eventDateLabel(booking.event_date)}
          {booking.event_time ? `, ${booking.event_time}` : ''}
        </Item>
        {booking.original_event_date && <Item label="Originally">{formatLongDate(booking.original_event_date)}</Item>}
        <Item label="Guests">{guestsLabel(booking.guest_count)}</Item>
        <Item label="Package">{packageLabel(booking.package)}</Item>
        {booking.venue_name && <Item label="Venue">{booking.venue_name}</Item>}
        {booking.venue_address && <Item label="Address">{booking.venue_address}</Item>}
        {booking.city && <Item label="City">{booking.city}</Item>}
      </Box>
    </Card>
  );
}

/** One line of the bill: what it is, its price × how many when more than one, and its amount. */
function PriceLine({
  label,
  each,
  amount,
}: {
  label: string;
  each: { price: number; count: number } | null;
  amount: number;
}) {
  return (
    <HStack
      justify="space-between"
      align="flex-start"
      gap="4"
      py="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Text as="dt" color="fg.muted" minW="0" overflowWrap="anywhere">
        {label}
        {each && ` (${formatInr(each.price)} × ${each.count.toLocaleString('en-IN')})`}
      </Text>
      <Text as="dd" fontWeight="semibold" textAlign="end" flexShrink={0}>
        {formatInr(amount)}
      </Text>
    </HStack>
  );
}

/**
 * A package booking's quote: the lines the server lists, the quote e-mail's and the quote PDF's (package, add-ons,
 * volume discount, peak surcharge, subscriber discount, base amount, GST, total; docs/product.md#pricing), as they are.
 */
function QuoteLines({ lines }: { lines: QuoteLine[] }) {
  return (
    <>
      {lines.map((line, index) => {
        const strong = line.key === 'total';
        return (
          <HStack
            key={`${line.key}-${index}`}
            justify="space-between"
            align="flex-start"
            gap="4"
            py="2"
            borderBottomWidth="1px"
            borderColor="border.muted"
          >
            <Text
              as="dt"
              color={strong ? 'fg' : 'fg.muted'}
              fontWeight={strong ? 'semibold' : 'normal'}
              minW="0"
              overflowWrap="anywhere"
            >
              {line.label}
            </Text>
            <Text
              as="dd"
              fontWeight="semibold"
              textAlign="end"
              flexShrink={0}
              fontSize={strong ? 'lg' : undefined}
              color={strong ? 'accent.900' : undefined}
            >
              {formatSignedInr(line.amount)}
            </Text>
          </HStack>
        );
      })}
    </>
  );
}

/** A custom quote's lines and the menu's add-ons beside them, or a price set by hand: the booking's amounts. */
function PricedAmounts({ booking, total }: { booking: CustomerBookingDetailDto; total: number }) {
  return (
    <>
      {booking.quotation?.items.map((item, index) => (
        <PriceLine
          key={`line-${index}`}
          label={item.description}
          each={item.quantity > 1 ? { price: item.unit_price, count: item.quantity } : null}
          amount={item.amount}
        />
      ))}
      {/* The menu's add-ons are on the bill beside the quote's lines (docs/product.md#menus). */}
      {booking.add_ons.map((addOn, index) => (
        <PriceLine
          key={`add-on-${index}`}
          label={`${addOn.description} (add-on)`}
          each={{ price: addOn.per_guest, count: addOn.guests }}
          amount={addOn.amount}
        />
      ))}
      {booking.quotation && booking.quotation.discount > 0 && (
        <Item label={`Discount (${booking.quotation.discount_reason ?? ''})`}>
          {formatSignedInr(-booking.quotation.discount)}
        </Item>
      )}
      {booking.subscriber_discount !== null && booking.subscriber_discount > 0 && (
        <Item label="Subscriber discount">{formatSignedInr(-booking.subscriber_discount)}</Item>
      )}
      {booking.subtotal !== null && <Item label="Subtotal">{formatInr(booking.subtotal)}</Item>}
      {booking.gst_amount !== null && <Item label="GST">{formatInr(booking.gst_amount)}</Item>}
      <Item label="Total (incl. GST)" strong>
        {formatInr(total)}
      </Item>
    </>
  );
}

function QuoteCard({ booking }: { booking: CustomerBookingDetailDto }) {
  if (booking.total === null) {
    return (
      <Card title="Quote" id="booking-quote">
        <Text color="fg.muted">Our team prices this inquiry and sends you the quote by e-mail and phone.</Text>
      </Card>
    );
  }
  return (
    <Card title="Quote" id="booking-quote">
      <Box as="dl">
        {booking.quote_lines ? (
          <QuoteLines lines={booking.quote_lines} />
        ) : (
          <PricedAmounts booking={booking} total={booking.total} />
        )}
        {/* A credit note the team issued (a discount agreed, a service that fell short) lowers what it costs. */}
        {booking.credit_notes && (
          <>
            <Item label="Credit notes">{formatSignedInr(-booking.credit_notes.credited)}</Item>
            <Item label="Total after credit notes" strong>
              {formatInr(booking.credit_notes.total_after)}
            </Item>
          </>
        )}
        {/* A quote's validity matters until it is accepted; a confirmed booking's price is agreed. */}
        {booking.valid_until && booking.status === 'quoted' && (
          <Item label="Valid until">{formatLongDate(booking.valid_until)}</Item>
        )}
      </Box>
    </Card>
  );
}

/** Paid, due or overdue: an instalment's state in a word, with its colour. */
function instalmentState(row: InstalmentDto): { text: string; palette: string } {
  if (row.outstanding === 0 && row.paid === row.amount) return { text: 'Paid', palette: 'green' };
  if (row.days_overdue > 0) {
    const days = `${row.days_overdue} ${row.days_overdue === 1 ? 'day' : 'days'} overdue`;
    // Part of it paid (or the total went up since): the badge names what is left, not the whole instalment.
    return { text: row.paid > 0 ? `${formatInr(row.outstanding)} left, ${days}` : days, palette: 'red' };
  }
  if (row.paid > 0) return { text: `${formatInr(row.paid)} paid`, palette: 'orange' };
  return { text: 'Due', palette: 'orange' };
}

function ScheduleList({ booking }: { booking: CustomerBookingDetailDto }) {
  return (
    <Stack as="ol" gap="0" listStyleType="none" ps="0" aria-label="Payment schedule" mb="3">
      {booking.schedule.instalments.map((row) => {
        const state = instalmentState(row);
        return (
          <HStack
            as="li"
            key={`${row.kind} ${row.due_date}`}
            justify="space-between"
            align="flex-start"
            gap="3"
            py="2"
            borderBottomWidth="1px"
            borderColor="border.muted"
            flexWrap="wrap"
          >
            <Box minW="0">
              <Text fontWeight="medium">{row.label}</Text>
              <Text color="fg.muted" fontSize="sm">
                {row.kind === 'booking_amount' ? 'Confirms your date' : `Due by ${formatLongDate(row.due_date)}`}
              </Text>
            </Box>
            <HStack gap="2" flexShrink={0} ms="auto" flexWrap="wrap" justify="flex-end">
              <Text fontWeight="semibold">{formatInr(row.amount)}</Text>
              <Badge colorPalette={state.palette} variant="subtle" rounded="full">
                {state.text}
              </Badge>
            </HStack>
          </HStack>
        );
      })}
    </Stack>
  );
}

function PaymentsCard({ booking }: { booking: CustomerBookingDetailDto }) {
  const hasSchedule = booking.schedule.instalments.length > 0 && booking.status !== 'inquiry';
  const cancelled = booking.status === 'cancelled';
  // What the booking holds: received less what is owed back, as the receipts and the team's screens count it
  // (docs/product.md#money). A cancelled booking shows all it received, split into what the terms keep and the refund.
  const held = booking.payment.amount_paid - booking.payment.refunded;
  const refund = booking.refund;
  return (
    <Card title="Payments" id="booking-payments">
      {hasSchedule && <ScheduleList booking={booking} />}
      <Box as="dl" mb={booking.payments.length + booking.recorded_payments.length > 0 ? '3' : '0'}>
        <Item label="Paid so far">{formatInr(cancelled ? booking.payment.amount_paid : held)}</Item>
        {hasSchedule && <Item label="Still to pay">{formatInr(booking.schedule.outstanding)}</Item>}
        {/* A cancelled booking has no schedule: what was paid splits into what the terms keep and the refund. */}
        {cancelled && held > 0 && <Item label="Kept under the cancellation terms">{formatInr(held)}</Item>}
        {refund && refund.amount > 0 && (
          <Item label="Refund">
            {[refund.due > 0 && `${formatInr(refund.due)} (due)`, refund.paid > 0 && `${formatInr(refund.paid)} (paid)`]
              .filter(Boolean)
              .join(', ')}
          </Item>
        )}
      </Box>
      {booking.payments.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" ps="0">
          {booking.payments.map((payment) => (
            <HStack as="li" key={payment.order_id} justify="space-between" gap="3" fontSize="sm" flexWrap="wrap">
              <Box minW="0">
                <Text fontWeight="medium">{paymentLabel(payment)}</Text>
                <Text color="fg.muted" fontFamily="mono" fontSize="xs" wordBreak="break-all">
                  {payment.order_id}
                </Text>
              </Box>
              <HStack gap="2">
                <Text fontWeight="semibold">{formatInr(payment.amount)}</Text>
                <Badge
                  colorPalette={payment.status === 'paid' ? 'green' : payment.status === 'failed' ? 'red' : 'orange'}
                  variant="subtle"
                  rounded="full"
                >
                  {PAYMENT_STATUS_WORDS[payment.status]}
                </Badge>
                {(payment.status === 'created' || payment.status === 'pending') && (
                  <Button asChild size="xs" variant="outline" colorPalette="accent">
                    <Link href={`/payment/success?order_id=${encodeURIComponent(payment.order_id)}`}>Check status</Link>
                  </Button>
                )}
              </HStack>
            </HStack>
          ))}
        </Stack>
      )}
      {booking.recorded_payments.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" ps="0" mt="2" aria-label="Payments our team recorded">
          {booking.recorded_payments.map((payment, index) => (
            <HStack as="li" key={index} justify="space-between" gap="3" fontSize="sm" flexWrap="wrap">
              <Box minW="0">
                <Text fontWeight="medium">{payment.method ? PAYMENT_METHOD_LABELS[payment.method] : 'Payment'}</Text>
                <Text color="fg.muted" fontSize="xs" overflowWrap="anywhere">
                  {indiaDateTimeText(payment.received_at)}
                  {payment.reference ? ` · ${payment.reference}` : ''}
                </Text>
              </Box>
              <HStack gap="2">
                <Text fontWeight="semibold">{formatInr(payment.amount)}</Text>
                <Badge colorPalette="green" variant="subtle" rounded="full">
                  Received
                </Badge>
              </HStack>
            </HStack>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** An order's state in the customer's words: an order made but not paid yet is not "created" to them. */
const PAYMENT_STATUS_WORDS: Record<CustomerBookingDetailDto['payments'][number]['status'], string> = {
  created: 'Not paid',
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
};

function paymentLabel(payment: CustomerBookingDetailDto['payments'][number]): string {
  if (payment.purpose === 'token') return 'Booking token';
  if (payment.purpose === 'subscription') return 'Subscription';
  return INSTALMENT_LABELS[payment.instalment ?? 'balance'];
}

function Timeline({ booking }: { booking: CustomerBookingDetailDto }) {
  const entries = [...booking.timeline].reverse();
  return (
    <Card title="Timeline" id="booking-timeline">
      {entries.length === 0 ? (
        <Text color="fg.muted">No updates yet.</Text>
      ) : (
        <Stack as="ol" gap="0" listStyleType="none" ps="0">
          {entries.map((entry, index) => (
            <HStack
              as="li"
              key={`${entry.at}-${entry.action}-${index}`}
              align="flex-start"
              gap="3"
              pb={index === entries.length - 1 ? '0' : '4'}
              position="relative"
            >
              <Box
                color={index === 0 ? 'brand.solid' : 'fg.subtle'}
                mt="0.5"
                aria-hidden="true"
                position="relative"
                zIndex="1"
                bg="bg.panel"
              >
                {index === 0 ? <CircleCheck size={18} /> : <Circle size={18} />}
              </Box>
              {index < entries.length - 1 && (
                <Box
                  position="absolute"
                  left="8.5px"
                  top="5"
                  bottom="0"
                  borderStartWidth="1px"
                  borderColor="border"
                  aria-hidden="true"
                />
              )}
              <Box minW="0">
                <Text fontWeight={index === 0 ? 'semibold' : 'medium'}>{withNumbersKeptWhole(entry.label)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  <time dateTime={entry.at}>{indiaDateTimeText(entry.at)}</time>
                </Text>
              </Box>
            </HStack>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * A timeline line with each document number in it ("RV/26-27/00007") kept on one line: a phone would otherwise break
 * it at its hyphen.
 */
function withNumbersKeptWhole(label: string): ReactNode {
  return label.split(/(\S+\/\S+)/).map((part, index) =>
    index % 2 === 1 ? (
      <Box as="span" key={index} whiteSpace="nowrap">
        {part}
      </Box>
    ) : (
      part
    ),
  );
}

function BackLink() {
  return (
    <Button asChild variant="ghost" colorPalette="accent" size="sm" alignSelf="flex-start" ms="-2" minH="11">
      <Link href="/bookings">
        <ArrowLeft aria-hidden="true" /> All bookings
      </Link>
    </Button>
  );
}

/** One booking: event, quote, payments, what can be done now, and its status timeline from the audit log. */
export function BookingDetail({ id }: { id: string }) {
  const detail = trpc.bookings.mineDetail.useQuery(
    { id },
    { retry: (count, error) => httpStatusOf(error) !== 404 && count < 2 },
  );
  useDocumentTitle(detail.data ? detail.data.event_name : 'Booking');

  if (detail.isPending) {
    return (
      <Stack gap="4" role="status" aria-label="Loading the booking">
        <BackLink />
        <Skeleton h="16" rounded="xl" />
        <Skeleton h="64" rounded="2xl" />
      </Stack>
    );
  }
  if (detail.isError) {
    const missing = httpStatusOf(detail.error) === 404;
    return (
      <Stack gap="4">
        <BackLink />
        <Stack
          align="center"
          gap="3"
          py="10"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="2xl"
          px="6"
          textAlign="center"
        >
          <Heading as="h1" size="xl" color="accent.900">
            {missing ? 'Booking not found' : 'The booking could not be loaded'}
          </Heading>
          <Text color="fg.muted" role="alert">
            {missing
              ? 'This booking is not in your account. It may belong to another e-mail address.'
              : (serverDetail(detail.error) ?? 'Please try again.')}
          </Text>
          {!missing && (
            <Button variant="outline" colorPalette="accent" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      </Stack>
    );
  }

  const booking = detail.data;
  return (
    <Stack gap="5">
      <BackLink />
      <Stack gap="2">
        <HStack gap="2" flexWrap="wrap">
          <BookingStatusBadge status={booking.status} />
          <EventTypeBadge type={booking.event_type} />
          <Text fontSize="sm" color="fg.muted" fontFamily="mono">
            {booking.reference}
          </Text>
        </HStack>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900" overflowWrap="anywhere">
          {booking.event_name}
        </Heading>
        <Text color="fg.muted">{nextStepText(booking)}</Text>
      </Stack>
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 22rem' }}
        templateAreas={{ base: '"actions" "main" "timeline"', lg: '"main actions" "main timeline"' }}
        templateRows={{ lg: 'auto 1fr' }}
        gap="5"
        alignItems="start"
      >
        <Stack gap="5" minW="0" gridArea="main">
          <EventCard booking={booking} />
          <QuoteCard booking={booking} />
          <PaymentsCard booking={booking} />
          {booking.total !== null && <BookingGstCard bookingId={booking.id} />}
        </Stack>
        <Box gridArea="actions" minW="0" _print={{ display: 'none' }}>
          <Card title="Actions" id="booking-actions">
            <BookingActions booking={booking} />
            {MENU_EDIT_STATUSES.includes(booking.status) && (
              <Button asChild w="full" mt="3" minH="11" rounded="full" variant="outline" colorPalette="accent">
                <Link href={`/bookings/${booking.id}/menu`}>
                  <UtensilsCrossed aria-hidden="true" /> Choose your menu
                </Link>
              </Button>
            )}
            {!booking.can_pay_token &&
              !booking.can_pay_instalment &&
              !booking.can_cancel &&
              !booking.can_change_date &&
              booking.total === null && (
                <Text color="fg.muted" fontSize="sm">
                  Nothing to do right now.
                </Text>
              )}
            {STATUS_RULES[booking.status].dateChange && booking.event_date && !booking.can_change_date && (
              <Text color="fg.muted" fontSize="sm" mt="3">
                {booking.date_changed
                  ? 'The event date has already been changed once.'
                  : quoteExpired({ status: booking.status, validUntil: booking.valid_until }, todayInIndia())
                    ? 'This quote has expired: request a fresh quote for another date.'
                    : `The date can be changed up to ${DATE_CHANGE_MIN_DAYS_AHEAD} days before the event.`}
              </Text>
            )}
          </Card>
        </Box>
        <Box gridArea="timeline" minW="0">
          <Timeline booking={booking} />
        </Box>
      </Grid>
    </Stack>
  );
}
