import { Badge, Box, Button, HStack } from '@chakra-ui/react';
import { Bell, BellRing } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { LiveEventDto, LiveNotificationDto } from '../../shared/schemas/notifications';
import { trpc } from '../lib/trpc';

/** Whether the browser can show system notifications, and what the person chose. */
function browserPermission(): NotificationPermission | 'unsupported' {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/**
 * The admin's or supplier's live notifications (docs/product.md#live-alerts): the `notifications.live`
 * subscription (server-sent events; it resumes from its last event after a dropped connection), the unread count it
 * carries, `onNotification` for each new one, and `onRead` when only the count changed (read in another tab, or a
 * vendor application another admin decided). A new one also shows a toast, and a system notification when the
 * person turned those on and the tab is in the background.
 */
export function useLiveNotifications(
  onNotification: (notification: LiveNotificationDto) => void,
  onRead?: () => void,
): number | null {
  const [unread, setUnread] = useState<number | null>(null);
  const [seen] = useState(() => new Set<string>());
  trpc.notifications.live.useSubscription(
    {},
    {
      onData(tracked) {
        const event = tracked.data as LiveEventDto;
        setUnread(event.unread);
        if (event.type === 'unread') onRead?.();
        if (event.type !== 'notification' || seen.has(event.notification.id)) return;
        seen.add(event.notification.id);
        onNotification(event.notification);
        toast(event.notification.message, { id: `live-${event.notification.id}` });
        if (browserPermission() === 'granted' && document.visibilityState === 'hidden') {
          new Notification(document.title, { body: event.notification.message, tag: event.notification.id });
        }
      },
    },
  );
  return unread;
}

/**
 * The header's bell: the unread count, live, and (once, on a click: browsers allow the question only on a user
 * gesture) a button to turn on system notifications.
 */
export function LiveBell({ unread }: { unread: number | null }) {
  const [permission, setPermission] = useState(browserPermission);
  const count = unread ?? 0;
  const label = count === 1 ? '1 unread notification' : `${count} unread notifications`;
  return (
    <HStack gap="2">
      {permission === 'default' && (
        <Button
          size="sm"
          variant="outline"
          rounded="full"
          color="cream.50"
          borderColor="whiteAlpha.500"
          _hover={{ bg: 'whiteAlpha.200' }}
          onClick={() => void Notification.requestPermission().then(setPermission)}
        >
          <BellRing aria-hidden="true" />
          Turn on alerts
        </Button>
      )}
      <Box position="relative" role="status" aria-label={label} title={label} color="cream.50" px="1">
        <Bell size={22} aria-hidden="true" />
        {count > 0 && (
          <Badge
            position="absolute"
            top="-2"
            right="-2"
            colorPalette="red"
            variant="solid"
            rounded="full"
            minW="5"
            justifyContent="center"
            fontSize="2xs"
          >
            {count > 99 ? '99+' : count}
          </Badge>
        )}
      </Box>
    </HStack>
  );
}
