import {
  Badge,
  Box,
  Button,
  Code,
  Flex,
  Grid,
  Heading,
  HStack,
  Link as ChakraLink,
  List,
  Stack,
  Text,
} from '@chakra-ui/react';
import { CircleCheck, Copy, Crown, MessageCircle, Phone, ReceiptText, ShieldCheck, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { SUBSCRIBER_DISCOUNT_PERCENT } from '../../../shared/booking-rules';
import { formatInr } from '../../../shared/money';
import type { PaymentOrderDto } from '../../../shared/schemas/account';
import { QrCodeImage } from '../../components/qr-code-image';
import { useBrand } from '../../lib/brand';
import { serverDetail } from '../../lib/errors';
import { openExternalPage } from '../../lib/external-navigation';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { copyText } from './copy-text';
import {
  SUBSCRIPTION_BENEFITS,
  SUBSCRIPTION_FEE_RUPEES,
  SUBSCRIPTION_REFUND_RUPEES,
  subscriptionOrderInput,
  subscriptionUpiUri,
  subscriptionWhatsappMessage,
  whatsappLink,
  type QuotedEvent,
} from './subscription';

const QR_SIZE = 200;

export const SUBSCRIPTION_ORDER_FAILED = 'Could not start the payment. Please try again, or pay to the UPI ID below.';

/**
 * The ₹99 payment order: created on request, it answers with a UPI link for the exact amount that
 * carries the order id, or with a gateway checkout to go to.
 */
function useSubscriptionOrder(quoted: QuotedEvent) {
  const { user } = useSession();
  const signedInCustomer = user?.role === 'customer';
  const create = trpc.payments.createSubscriptionOrder.useMutation();
  const [order, setOrder] = useState<PaymentOrderDto | null>(null);
  const [leaving, setLeaving] = useState(false);

  function start() {
    if (create.isPending || leaving) return;
    create.mutate(subscriptionOrderInput(quoted, signedInCustomer), {
      onSuccess(created) {
        if (created.redirect_url && openExternalPage(created.redirect_url)) {
          setLeaving(true);
          return;
        }
        setOrder(created);
      },
      onError(error) {
        toast.error(serverDetail(error) ?? SUBSCRIPTION_ORDER_FAILED);
      },
    });
  }

  return {
    order,
    start,
    busy: create.isPending || leaving,
    leaving,
    /** A signed-in customer subscribes in the account's e-mail, a visitor in the quote's. */
    email: signedInCustomer && user ? user.email : quoted.input.client_email.trim(),
  };
}

/** The order's id, where it goes, and how to follow it; focused when it appears, as the button it replaces is gone. */
function OrderSummary({ order, email }: { order: PaymentOrderDto; email: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <Box
      ref={box}
      tabIndex={-1}
      w="full"
      rounded="lg"
      borderWidth="1px"
      borderColor="green.200"
      bg="green.50"
      px="3"
      py="2.5"
      role="status"
      outline="none"
      _focusVisible={{ outline: '2px solid', outlineColor: 'accent.600' }}
    >
      <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
        Order ID
      </Text>
      <Code
        variant="plain"
        bg="transparent"
        fontSize="sm"
        fontWeight="semibold"
        color="accent.950"
        wordBreak="break-all"
        userSelect="all"
      >
        {order.order_id}
      </Code>
      <Text textStyle="sm" color="fg.muted" mt="1">
        Pay exactly {formatInr(order.amount)} with the QR code below; the payment note carries this order ID.
        Subscription for{' '}
        <Text as="span" fontWeight="semibold" color="fg" wordBreak="break-all">
          {email}
        </Text>
        .
      </Text>
    </Box>
  );
}

/**
 * docs/product.md#screens "Subscription offer block" and section 9: ₹99 for eight benefits, paid by scanning a real UPI
 * QR (or to the UPI ID), then the payment screenshot is sent on WhatsApp with a message naming the quote. "Pay ₹99 now"
 * makes a payment order first: its QR carries the order id (the team records the UTR against it, or the gateway
 * confirms it), and "I have paid — check status" follows it on the payment result page.
 */
export function SubscriptionOffer({ quoted }: { quoted: QuotedEvent }) {
  const brand = useBrand();
  const [copyFailed, setCopyFailed] = useState(false);
  const payment = useSubscriptionOrder(quoted);
  const { order } = payment;
  const upiUri = order?.upi_uri ?? subscriptionUpiUri(brand, quoted.quote.quote_id);
  const whatsappHref = whatsappLink(brand.whatsappNumber, subscriptionWhatsappMessage(brand, quoted, order?.order_id));
  const fee = formatInr(SUBSCRIPTION_FEE_RUPEES);

  async function copyUpiId() {
    if (await copyText(brand.upiId)) {
      setCopyFailed(false);
      toast.success('UPI ID copied to clipboard!');
    } else {
      setCopyFailed(true);
      toast.error('Could not copy automatically. Please select the UPI ID and copy it.');
    }
  }

  const steps = [
    `Tap "Pay ${fee} now" for a QR code made for your order, then scan it with ` +
      'any UPI app (Google Pay, PhonePe, Paytm, BHIM), or pay to the UPI ID below.',
    `Pay ${fee} to ${brand.legalName}.`,
    'Take a screenshot of the successful payment.',
    'Tap "Send Payment Screenshot on WhatsApp" and attach the screenshot to the message we prefill with your quote.',
    'Our team confirms your subscription, and the benefits apply to this event: ' +
      `the ${SUBSCRIBER_DISCOUNT_PERCENT}% comes off this quote, shown in My Bookings once you are signed ` +
      `in with ${payment.email}, confirmed. "I have paid — check status" shows when it is confirmed.`,
  ];

  return (
    <Box
      as="section"
      aria-labelledby="subscription-heading"
      rounded="2xl"
      borderWidth="1px"
      borderColor="brand.200"
      overflow="hidden"
      css={{
        backgroundColor: 'var(--chakra-colors-brand-50)',
        backgroundImage: 'radial-gradient(circle at 100% 0%, var(--chakra-colors-brand-100) 0, transparent 45%)',
      }}
    >
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1.25fr) minmax(0, 1fr)' }} gap="0">
        <Box px={{ base: '4', sm: '6', md: '10' }} py={{ base: '7', md: '10' }}>
          <Badge rounded="full" px="3" py="1" bg="accent.800" color="cream.50" fontSize="xs" letterSpacing="wide">
            <Crown size={12} aria-hidden="true" />
            Member offer
          </Badge>
          <Heading id="subscription-heading" as="h2" mt="3" fontSize={{ base: '2xl', md: '3xl' }} color="accent.950">
            Subscribe for Just ₹99!
          </Heading>
          <Text mt="2" color="fg.muted">
            Make this booking a member booking and enjoy these benefits:
          </Text>

          <List.Root
            as="ul"
            variant="plain"
            mt="5"
            display="grid"
            gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }}
            gap="3"
          >
            {SUBSCRIPTION_BENEFITS.map((benefit) => (
              <List.Item key={benefit.name} alignItems="flex-start" color="fg">
                <List.Indicator asChild color="green.600" mt="0.5">
                  <CircleCheck size={18} aria-hidden="true" />
                </List.Indicator>
                <Box>
                  <Text fontWeight="medium">{benefit.name}</Text>
                  <Text textStyle="sm" color="fg.muted">
                    {benefit.promise}
                  </Text>
                </Box>
              </List.Item>
            ))}
          </List.Root>

          <Flex
            mt="6"
            align="center"
            justify="space-between"
            gap="3"
            flexWrap="wrap"
            rounded="xl"
            bg="bg.panel"
            borderWidth="1px"
            borderColor="brand.200"
            px="5"
            py="3"
          >
            <Text fontWeight="bold" fontSize="lg" color="accent.900">
              Total Value: ₹2,500+
            </Text>
            <Text color="fg.muted" textStyle="sm">
              Yours for just {fee}
            </Text>
          </Flex>

          <Heading as="h3" mt="8" mb="4" fontSize="lg" color="accent.900">
            How to subscribe
          </Heading>
          <List.Root as="ol" variant="plain" gap="3">
            {steps.map((step, index) => (
              <List.Item key={step} alignItems="flex-start" gap="3">
                <Flex
                  flexShrink={0}
                  boxSize="7"
                  rounded="full"
                  align="center"
                  justify="center"
                  bg="accent.800"
                  color="cream.50"
                  fontSize="sm"
                  fontWeight="bold"
                  aria-hidden="true"
                >
                  {index + 1}
                </Flex>
                <Text pt="0.5" minW="0" overflowWrap="anywhere">
                  {step}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        </Box>

        <Box
          px={{ base: '3', sm: '6', md: '10' }}
          py={{ base: '7', md: '10' }}
          bg={{ base: 'transparent', lg: 'whiteAlpha.600' }}
          borderTopWidth={{ base: '1px', lg: '0' }}
          borderLeftWidth={{ base: '0', lg: '1px' }}
          borderColor="brand.200"
        >
          <Stack
            gap="5"
            bg="bg.panel"
            rounded="2xl"
            borderWidth="1px"
            borderColor="border"
            shadow="md"
            px={{ base: '4', sm: '6' }}
            py="6"
            align="center"
            textAlign="center"
          >
            <Box>
              <Text fontWeight="semibold" color="accent.900">
                Scan to pay {fee}
              </Text>
              <Text textStyle="sm" color="fg.muted">
                Works with any UPI app
              </Text>
            </Box>
            {order ? (
              <OrderSummary order={order} email={payment.email} />
            ) : (
              <Stack gap="1.5" w="full">
                <Button
                  w="full"
                  size="lg"
                  rounded="full"
                  onClick={payment.start}
                  loading={payment.busy}
                  loadingText={payment.leaving ? 'Opening the payment page…' : 'Preparing your order…'}
                >
                  <ReceiptText aria-hidden="true" />
                  Pay {fee} now
                </Button>
                <Text textStyle="xs" color="fg.muted">
                  Makes a QR code for your own order, so your payment is matched to you.
                </Text>
              </Stack>
            )}
            <Box p="2" rounded="lg" borderWidth="1px" borderColor="border.muted" bg="white">
              <QrCodeImage
                value={upiUri}
                size={QR_SIZE}
                alt={
                  order
                    ? `UPI QR code to pay ${formatInr(order.amount)} to ` +
                      `${brand.legalName} (${brand.upiId}) for order ${order.order_id}`
                    : `UPI QR code to pay ${fee} to ${brand.legalName} (${brand.upiId})`
                }
              />
            </Box>
            <Button asChild hideFrom="md" w="full" size="lg" rounded="full" colorPalette="accent">
              <a href={upiUri}>
                <Smartphone aria-hidden="true" />
                Pay with UPI app
              </a>
            </Button>
            {order && (
              <Button
                asChild
                w="full"
                size="lg"
                rounded="full"
                variant="outline"
                colorPalette="accent"
                whiteSpace="normal"
                h="auto"
                minH="12"
                py="2"
              >
                <Link href={order.result_path}>I have paid — check status</Link>
              </Button>
            )}

            <Box w="full">
              <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="1.5">
                UPI ID
              </Text>
              <Flex
                w="full"
                direction={{ base: 'column', sm: 'row' }}
                align={{ base: 'stretch', sm: 'center' }}
                justify="space-between"
                gap="2"
                rounded="lg"
                borderWidth="1px"
                borderColor={copyFailed ? 'brand.solid' : 'border'}
                bg="bg.subtle"
                p={{ base: '2', sm: '1' }}
                ps={{ sm: '3' }}
              >
                <Code
                  variant="plain"
                  fontSize="md"
                  fontWeight="semibold"
                  color="accent.950"
                  bg="transparent"
                  userSelect="all"
                  wordBreak="break-all"
                  textAlign={{ base: 'center', sm: 'start' }}
                  minW="0"
                  py={{ base: '1', sm: '0' }}
                >
                  {brand.upiId}
                </Code>
                <Button
                  size="md"
                  minH="11"
                  variant="outline"
                  colorPalette="accent"
                  bg="bg.panel"
                  onClick={copyUpiId}
                  aria-label={`Copy UPI ID ${brand.upiId}`}
                  flexShrink={0}
                >
                  <Copy aria-hidden="true" />
                  Copy
                </Button>
              </Flex>
            </Box>

            <Stack gap="1" textStyle="sm" color="fg.muted" w="full">
              <Text>
                Payee:{' '}
                <Text as="span" fontWeight="semibold" color="fg">
                  {brand.legalName}
                </Text>
              </Text>
              <HStack justify="center" gap="1.5">
                <Phone size={14} aria-hidden="true" />
                <ChakraLink
                  href={`tel:${brand.phone.replace(/[^\d+]/g, '')}`}
                  color="accent.700"
                  fontWeight="semibold"
                  display="inline-flex"
                  alignItems="center"
                  minH="11"
                  px="1"
                >
                  {brand.phone}
                </ChakraLink>
              </HStack>
            </Stack>

            <Button
              asChild
              w="full"
              size="lg"
              rounded="full"
              bg="#0F7B3E"
              color="white"
              _hover={{ bg: '#0B6E36' }}
              whiteSpace="normal"
              fontSize={{ base: 'sm', sm: 'md' }}
              h="auto"
              minH="12"
              py="2"
            >
              <a href={whatsappHref} target="_blank" rel="noopener noreferrer">
                <MessageCircle aria-hidden="true" />
                Send Payment Screenshot on WhatsApp
              </a>
            </Button>
          </Stack>

          <HStack mt="5" gap="2.5" align="flex-start" color="fg.muted" textStyle="sm">
            <Box color="green.700" mt="0.5" flexShrink={0}>
              <ShieldCheck size={18} aria-hidden="true" />
            </Box>
            <Text>
              Refund note: if we cannot provide services for your event, 50% of the subscription (
              {formatInr(SUBSCRIPTION_REFUND_RUPEES)}) is refunded within 3 working days.
            </Text>
          </HStack>
        </Box>
      </Grid>
    </Box>
  );
}
