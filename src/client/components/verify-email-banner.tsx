import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { MailCheck } from 'lucide-react';
import toast from 'react-hot-toast';
import type { UserDto } from '../../shared/schemas/auth';
import { serverDetail } from '../lib/errors';
import { trpc } from '../lib/trpc';

/**
 * Shown to an account that has not confirmed its e-mail address (docs/decisions.md, "Verified e-mail"): until it
 * does, bookings made in that address by anyone else stay hidden, so the account is told why and how to fix it.
 */
export function VerifyEmailBanner({ user }: { user: UserDto }) {
  if (user.email_verified) return null;
  return (
    <Alert.Root status="warning" rounded="xl" alignItems="flex-start" data-testid="verify-email-banner">
      <Alert.Indicator>
        <MailCheck aria-hidden="true" />
      </Alert.Indicator>
      <Stack
        gap="3"
        flex="1"
        direction={{ base: 'column', md: 'row' }}
        align={{ base: 'stretch', md: 'center' }}
        justify="space-between"
      >
        <Stack gap="1">
          <Alert.Title>Please confirm your e-mail address</Alert.Title>
          <Alert.Description>
            <Text>
              We sent a link to{' '}
              <Text as="strong" wordBreak="break-all">
                {user.email}
              </Text>
              . Until you open it, this page shows only the bookings you made while signed in; quotes and inquiries sent
              in this address appear once it is confirmed.
            </Text>
          </Alert.Description>
        </Stack>
        <ResendLinkButton />
      </Stack>
    </Alert.Root>
  );
}

/**
 * "Send the link again" for a signed-in account whose e-mail is not confirmed (My Bookings' banner, Account
 * settings): the server's answer, or its refusal (the per-account limit), as a toast.
 */
export function ResendLinkButton() {
  const resend = trpc.auth.resendVerification.useMutation();
  return (
    <Button
      variant="outline"
      colorPalette="accent"
      rounded="full"
      minH="11"
      flexShrink={0}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (result) => toast.success(result.message),
          onError: (error) => toast.error(serverDetail(error) ?? 'The link could not be sent. Please try again.'),
        })
      }
    >
      Send the link again
    </Button>
  );
}
