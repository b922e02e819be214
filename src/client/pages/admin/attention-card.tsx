import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AdminBookingDto } from '../../../shared/schemas/admin';
import { LEAD_ALERT_KINDS } from '../../../shared/schemas/notifications';
import type { AdminNotificationDto } from '../../../shared/schemas/projects';
import { indiaDateTimeText } from '../../lib/datetime';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AssignSupplierDialog } from './assign-supplier-dialog';
import { BookingDetailsDialog } from './booking-details-dialog';

/**
 * "Needs your attention" above the tabs: the admin's unread notifications (a project closed without a supplier, so
 * nothing is left silently unassigned), each opening its booking, where Assign Supplier starts a new round, or, for
 * a vendor application, the Pending Vendors tab (deciding it settles the alert for every admin). Hidden when there
 * is nothing unread.
 */
export function AttentionCard({ onReviewVendors }: { onReviewVendors(): void }) {
  const utils = trpc.useUtils();
  const notifications = trpc.admin.notifications.list.useQuery();
  const markRead = trpc.admin.notifications.markRead.useMutation({
    onSuccess: () => utils.admin.notifications.list.invalidate(),
  });
  const markAll = trpc.admin.notifications.markAllRead.useMutation({
    onSuccess: () => utils.admin.notifications.list.invalidate(),
  });
  const [viewing, setViewing] = useState<AdminBookingDto | null>(null);
  const [assigning, setAssigning] = useState<AdminBookingDto | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const unread = (notifications.data ?? []).filter((n) => !n.read);
  if (unread.length === 0 && !viewing && !assigning) return null;

  async function openBooking(notification: AdminNotificationDto) {
    if (!notification.booking_id) return;
    setOpening(notification.id);
    try {
      setViewing(await utils.admin.bookings.get.fetch({ id: notification.booking_id }));
      markRead.mutate({ notification_id: notification.id });
    } catch (error) {
      toast.error(serverDetail(error) ?? 'The booking could not be opened');
    } finally {
      setOpening(null);
    }
  }

  const failed = (error: unknown) => toast.error(serverDetail(error) ?? 'The notification could not be updated');
  return (
    <>
      {unread.length > 0 && (
        <Box
          as="section"
          aria-labelledby="attention-heading"
          bg="orange.50"
          borderWidth="1px"
          borderColor="orange.200"
          rounded="xl"
          px={{ base: '4', md: '6' }}
          py="4"
        >
          <HStack justify="space-between" gap="3" flexWrap="wrap" mb="3">
            <HStack gap="2" color="orange.800">
              <BellRing size={18} aria-hidden="true" />
              <Text as="h2" id="attention-heading" fontWeight="semibold">
                Needs your attention ({unread.length})
              </Text>
            </HStack>
            <Button
              size="sm"
              variant="ghost"
              colorPalette="accent"
              loading={markAll.isPending}
              onClick={() => markAll.mutate(undefined, { onError: failed })}
            >
              Dismiss all
            </Button>
          </HStack>
          <Stack as="ul" gap="2" listStyleType="none" ps="0">
            {unread.slice(0, 5).map((notification) => (
              <Stack
                as="li"
                key={notification.id}
                direction={{ base: 'column', md: 'row' }}
                justify="space-between"
                align={{ base: 'stretch', md: 'center' }}
                gap="2"
                bg="bg.panel"
                rounded="lg"
                borderWidth="1px"
                borderColor="orange.100"
                px="3"
                py="2.5"
              >
                <Box minW="0">
                  <Text fontSize="sm" id={`alert-${notification.id}-message`}>
                    {notification.message}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {indiaDateTimeText(notification.created_at)}
                  </Text>
                </Box>
                <HStack gap="2" flexShrink={0}>
                  {notification.booking_id && (
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="accent"
                      loading={opening === notification.id}
                      aria-describedby={`alert-${notification.id}-message`}
                      onClick={() => void openBooking(notification)}
                    >
                      Open booking
                    </Button>
                  )}
                  {notification.kind === LEAD_ALERT_KINDS.vendor && (
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="accent"
                      aria-describedby={`alert-${notification.id}-message`}
                      onClick={onReviewVendors}
                    >
                      Review application
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    colorPalette="accent"
                    aria-describedby={`alert-${notification.id}-message`}
                    onClick={() => markRead.mutate({ notification_id: notification.id }, { onError: failed })}
                  >
                    Dismiss
                  </Button>
                </HStack>
              </Stack>
            ))}
          </Stack>
          {unread.length > 5 && (
            <Text fontSize="xs" color="fg.muted" mt="2">
              and {unread.length - 5} more; dismiss these to see the rest.
            </Text>
          )}
        </Box>
      )}
      <BookingDetailsDialog booking={viewing} onClose={() => setViewing(null)} onAssign={setAssigning} />
      <AssignSupplierDialog booking={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
