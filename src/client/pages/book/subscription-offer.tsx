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
import { CircleCheck, Copy, Crown, MessageCircle, Phone, ShieldCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatInr } from '../../../shared/money';
import { QrCodeImage } from '../../components/qr-code-image';
import { useBrand } from '../../lib/brand';
import { copyText } from './copy-text';
import {
  SUBSCRIPTION_BENEFITS,
  SUBSCRIPTION_FEE_RUPEES,
  SUBSCRIPTION_REFUND_RUPEES,
  subscriptionUpiUri,
  subscriptionWhatsappMessage,
  whatsappLink,
  type QuotedEvent,
} from './subscription';

const QR_SIZE = 200;

/**
 * Spec section 2 "Subscription offer block" and section 9: ₹99 for eight benefits, paid by scanning a real UPI QR
 * (or to the UPI ID), then the payment screenshot is sent on WhatsApp with a message naming the quote.
 */
export function SubscriptionOffer({ quoted }: { quoted: QuotedEvent }) {
  const brand = useBrand();
  const [copyFailed, setCopyFailed] = useState(false);
  const upiUri = subscriptionUpiUri(brand, quoted.quote.quote_id);
  const whatsappHref = whatsappLink(brand.whatsappNumber, subscriptionWhatsappMessage(brand, quoted));
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
    'Scan the QR code with any UPI app (Google Pay, PhonePe, Paytm, BHIM), or pay to the UPI ID below.',
    `Pay ${fee} to ${brand.legalName}.`,
    'Take a screenshot of the successful payment.',
    'Tap "Send Payment Screenshot on WhatsApp" and attach the screenshot to the message we prefill with your quote.',
    'Our team confirms your subscription, and the benefits apply to this event.',
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

          <List.Root as="ul" variant="plain" mt="5" display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
            {SUBSCRIPTION_BENEFITS.map((benefit) => (
              <List.Item key={benefit} alignItems="flex-start" fontWeight="medium" color="fg">
                <List.Indicator asChild color="green.600" mt="0.5">
                  <CircleCheck size={18} aria-hidden="true" />
                </List.Indicator>
                {benefit}
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
                <Text pt="0.5">{step}</Text>
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
            <Box p="2" rounded="lg" borderWidth="1px" borderColor="border.muted" bg="white">
              <QrCodeImage
                value={upiUri}
                size={QR_SIZE}
                alt={`UPI QR code to pay ${fee} to ${brand.legalName} (${brand.upiId})`}
              />
            </Box>
            <Button asChild hideFrom="md" w="full" size="lg" rounded="full" colorPalette="accent">
              <a href={upiUri}>
                <Smartphone aria-hidden="true" />
                Pay with UPI app
              </a>
            </Button>

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
                Payee: <Text as="span" fontWeight="semibold" color="fg">{brand.legalName}</Text>
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
