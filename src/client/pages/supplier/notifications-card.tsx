import { Badge, Box, Button, Flex, Heading, HStack, IconButton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Bell, Check, CheckCheck, Eye, PencilLine, Send } from 'lucide-react';
import { useState } from 'react';
import type { SupplierNotificationDto, SupplierProjectDto } from '../../../shared/schemas/projects';
import { timeAgo } from './supplier-format';

/** Beyond this many, the older notifications fold behind "Show all". */
const FIRST_SHOWN = 5;

type NotificationsCardProps = {
  notifications: readonly SupplierNotificationDto[];
  /** The project a notification is about, when it is in the supplier's project list. */
  projectFor(notification: SupplierNotificationDto): SupplierProjectDto | undefined;
  canQuote(project: SupplierProjectDto): boolean;
  now: number;
  onSubmitQuote(project: SupplierProjectDto): void;
  onShowProject(project: SupplierProjectDto): void;
  onMarkRead(notification: SupplierNotificationDto): void;
  onMarkAllRead(): void;
  markingAll: boolean;
};

/**
 * docs/product.md#screens "New Project Notifications" (shown only when there are notifications): each with its message,
 * the Project ID and Submit Quote for the matching project. Unread ones stand out and can be marked read, one by
 * one or all at once; the unread count feeds the New Notifications card.
 */
export function NotificationsCard({
  notifications,
  projectFor,
  canQuote,
  now,
  onSubmitQuote,
  onShowProject,
  onMarkRead,
  onMarkAllRead,
  markingAll,
}: NotificationsCardProps) {
  const [showAll, setShowAll] = useState(false);
  const unread = notifications.filter((notification) => !notification.read).length;
  const shown = showAll ? notifications : notifications.slice(0, FIRST_SHOWN);

  return (
    <Box
      as="section"
      aria-labelledby="notifications-heading"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      shadow="xs"
      overflow="hidden"
    >
      <Flex
        px={{ base: '4', md: '6' }}
        py="4"
        gap="3"
        align="center"
        justify="space-between"
        wrap="wrap"
        borderBottomWidth="1px"
        borderColor="border.muted"
        bg="brand.50"
      >
        <HStack gap="2.5" minW="0">
          <Flex
            boxSize="8"
            rounded="full"
            align="center"
            justify="center"
            bg="brand.subtle"
            color="brand.fg"
            flexShrink={0}
            aria-hidden="true"
          >
            <Bell size={16} />
          </Flex>
          <Heading id="notifications-heading" as="h2" fontSize={{ base: 'lg', md: 'xl' }} color="accent.950">
            New Project Notifications
          </Heading>
          {unread > 0 && (
            <Badge colorPalette="brand" variant="solid" rounded="full" px="2" aria-label={`${unread} unread`}>
              {unread}
            </Badge>
          )}
        </HStack>
        {unread > 0 && (
          <Button
            size="sm"
            variant="ghost"
            colorPalette="accent"
            rounded="full"
            onClick={onMarkAllRead}
            loading={markingAll}
          >
            <CheckCheck aria-hidden="true" />
            Mark all read
          </Button>
        )}
      </Flex>

      <Stack as="ul" gap="0" listStyleType="none">
        {shown.map((notification, index) => {
          const project = projectFor(notification);
          // The row's buttons share their names with every other row's; the message tells them apart.
          const messageId = `notification-${notification.id}-message`;
          return (
            <Box
              as="li"
              key={notification.id}
              borderTopWidth={index === 0 ? '0' : '1px'}
              borderColor="border.muted"
              px={{ base: '4', md: '6' }}
              py="4"
              bg={notification.read ? undefined : 'brand.50/60'}
              position="relative"
            >
              {!notification.read && (
                <Box position="absolute" left="0" top="0" bottom="0" w="1" bg="brand.solid" aria-hidden="true" />
              )}
              <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }} justify="space-between">
                <Box minW="0">
                  <Text
                    fontWeight={notification.read ? 'normal' : 'semibold'}
                    color={notification.read ? 'fg.muted' : 'fg'}
                    textWrap="pretty"
                  >
                    {!notification.read && <VisuallyHidden>Unread: </VisuallyHidden>}
                    <span id={messageId}>{notification.message}</span>
                  </Text>
                  <HStack gap="3" mt="1" fontSize="sm" color="fg.muted" wrap="wrap">
                    {notification.project_id && (
                      <Text minW="0">
                        Project ID:{' '}
                        <Text as="span" fontFamily="mono" fontSize="xs" color="fg" overflowWrap="anywhere">
                          {notification.project_id}
                        </Text>
                      </Text>
                    )}
                    <time dateTime={notification.created_at}>{timeAgo(notification.created_at, now)}</time>
                  </HStack>
                </Box>
                <HStack gap="2" flexShrink={0}>
                  {project && canQuote(project) && (
                    <Button
                      size="sm"
                      rounded="full"
                      aria-describedby={messageId}
                      onClick={() => onSubmitQuote(project)}
                      flex={{ base: '1', md: 'initial' }}
                    >
                      {project.my_quote ? <PencilLine aria-hidden="true" /> : <Send aria-hidden="true" />}
                      {project.my_quote ? 'Revise Quote' : 'Submit Quote'}
                    </Button>
                  )}
                  {project && !canQuote(project) && (
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="accent"
                      rounded="full"
                      aria-describedby={messageId}
                      onClick={() => onShowProject(project)}
                      flex={{ base: '1', md: 'initial' }}
                    >
                      <Eye aria-hidden="true" />
                      View project
                    </Button>
                  )}
                  {!notification.read && (
                    <IconButton
                      size="sm"
                      variant="outline"
                      colorPalette="gray"
                      rounded="full"
                      aria-label="Mark as read"
                      title="Mark as read"
                      aria-describedby={messageId}
                      onClick={() => onMarkRead(notification)}
                    >
                      <Check aria-hidden="true" />
                    </IconButton>
                  )}
                </HStack>
              </Flex>
            </Box>
          );
        })}
      </Stack>

      {notifications.length > FIRST_SHOWN && (
        <Flex justify="center" borderTopWidth="1px" borderColor="border.muted" py="2">
          <Button size="sm" variant="ghost" colorPalette="accent" onClick={() => setShowAll((all) => !all)}>
            {showAll ? 'Show fewer' : `Show all ${notifications.length}`}
          </Button>
        </Flex>
      )}
    </Box>
  );
}
