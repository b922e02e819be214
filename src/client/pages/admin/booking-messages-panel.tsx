import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Mail, MessageCircle, PenLine } from 'lucide-react';
import { useState } from 'react';
import type { BookingMessageDto, MessageStatus } from '../../../shared/schemas/messages';
import { trpc } from '../../lib/trpc';
import { indiaDateTimeText } from './admin-format';
import { BookingMessageForm } from './booking-message-form';
import { ErrorPanel, LoadingRows } from './panel-states';

const STATUS: Record<MessageStatus, { label: string; palette: string }> = {
  pending: { label: 'Queued', palette: 'gray' },
  sent: { label: 'Sent', palette: 'blue' },
  delivered: { label: 'Delivered', palette: 'teal' },
  read: { label: 'Read', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
  skipped: { label: 'Not sent (opted out)', palette: 'orange' },
};

/** When the message got as far as it did: read, delivered, sent, else queued. */
function lastStep(message: BookingMessageDto): string {
  const at = message.read_at ?? message.delivered_at ?? message.sent_at ?? message.created_at;
  return indiaDateTimeText(at);
}

function MessageRow({ message }: { message: BookingMessageDto }) {
  const status = STATUS[message.status];
  const whatsapp = message.channel === 'whatsapp';
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderColor="border.muted" rounded="lg" p="3" bg="bg.panel">
      <HStack justify="space-between" align="start" gap="2" wrap="wrap">
        <HStack gap="2" minW="0" color={whatsapp ? 'green.700' : 'accent.800'}>
          {whatsapp ? <MessageCircle size={16} aria-hidden="true" /> : <Mail size={16} aria-hidden="true" />}
          <Text fontSize="sm" fontWeight="semibold">
            {whatsapp ? 'WhatsApp' : 'E-mail'}
          </Text>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            to {message.to}
          </Text>
        </HStack>
        <Badge colorPalette={status.palette} variant="subtle" rounded="full">
          {status.label}
        </Badge>
      </HStack>
      <Text fontSize="sm" mt="1.5" overflowWrap="anywhere">
        {message.summary}
      </Text>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {lastStep(message)}
        {message.error ? ` · ${message.error}` : ''}
      </Text>
    </Box>
  );
}

/**
 * docs/product.md#message-thread: every e-mail and WhatsApp message about the booking, oldest first, with the channel,
 * the recipient and how far it got (queued, sent, delivered, read, failed, or not sent to an opted-out number); under
 * it, "Write a message" e-mails the customer or a supplier of the booking's project.
 */
export function BookingMessagesPanel({
  booking,
}: {
  booking: { id: string; client_name: string; client_email: string };
}) {
  const [writing, setWriting] = useState(false);
  return (
    <Stack gap="3">
      <MessageThread bookingId={booking.id} />
      {writing ? (
        <Box borderWidth="1px" borderColor="border.muted" rounded="lg" p="4" bg="bg.subtle">
          <BookingMessageForm booking={booking} onDone={() => setWriting(false)} />
        </Box>
      ) : (
        <Box>
          <Button size="sm" variant="outline" colorPalette="accent" rounded="full" onClick={() => setWriting(true)}>
            <PenLine aria-hidden="true" />
            Write a message
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function MessageThread({ bookingId }: { bookingId: string }) {
  const thread = trpc.admin.messages.forBooking.useQuery({ booking_id: bookingId });
  if (thread.isPending) return <LoadingRows label="Loading messages" rows={2} />;
  if (thread.isError) {
    return (
      <ErrorPanel
        message="Could not load the messages"
        onRetry={() => void thread.refetch()}
        retrying={thread.isFetching}
      />
    );
  }
  if (thread.data.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        No messages about this booking yet.
      </Text>
    );
  }
  return (
    <Stack as="ol" gap="2" m="0" p="0" aria-label="Messages about this booking">
      {thread.data.map((message) => (
        <MessageRow key={`${message.channel}:${message.id}`} message={message} />
      ))}
    </Stack>
  );
}
