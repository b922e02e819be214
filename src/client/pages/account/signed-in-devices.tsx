import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Laptop, Smartphone } from 'lucide-react';
import toast from 'react-hot-toast';
import type { SessionDto } from '../../../shared/schemas/sessions';
import { serverDetail } from '../../lib/errors';
import { indiaDateTimeText } from '../../lib/datetime';
import { trpc } from '../../lib/trpc';

/**
 * The account's signed-in devices (docs/decisions.md, "Sessions and the browser binding"): each live session with
 * this one marked; any other can be signed out, or all of them at once.
 */
export function SignedInDevices() {
  const utils = trpc.useUtils();
  const sessions = trpc.sessions.list.useQuery();
  const refresh = () => utils.sessions.list.invalidate();
  const end = trpc.sessions.end.useMutation({
    onSuccess: () => {
      toast.success('The device has been signed out.');
      return refresh();
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'The device could not be signed out. Please try again.');
      return refresh();
    },
  });
  const endOthers = trpc.sessions.endOthers.useMutation({
    onSuccess: ({ ended }) => {
      toast.success(
        ended === 1 ? 'One other device has been signed out.' : `${ended} other devices have been signed out.`,
      );
      return refresh();
    },
    onError: (error) => toast.error(serverDetail(error) ?? 'The devices could not be signed out. Please try again.'),
  });

  if (sessions.isPending) return <Skeleton height="24" rounded="lg" />;
  if (sessions.isError) {
    return (
      <Stack gap="3" align="flex-start">
        <Text color="fg.muted">The list of devices could not be loaded.</Text>
        <Button variant="outline" rounded="full" minH="11" onClick={() => void sessions.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  const others = sessions.data.filter((session) => !session.current);
  // This device first, then the others as the server orders them (most recently used first).
  const ordered = [...sessions.data.filter((session) => session.current), ...others];
  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm">
        These devices are signed in to your account. Sign out any you do not recognise, then change your password.
      </Text>
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Signed-in devices">
        {ordered.map((session) => (
          <DeviceRow
            key={session.id}
            session={session}
            ending={end.isPending && end.variables?.id === session.id}
            onEnd={() => end.mutate({ id: session.id })}
          />
        ))}
      </Stack>
      {others.length > 0 && (
        <Button
          variant="outline"
          colorPalette="red"
          rounded="full"
          minH="11"
          alignSelf="flex-start"
          loading={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          Sign out everywhere else
        </Button>
      )}
    </Stack>
  );
}

function DeviceRow({ session, ending, onEnd }: { session: SessionDto; ending: boolean; onEnd(): void }) {
  const name = session.device ?? 'Unknown device';
  const Icon = /\b(iOS|Android)\b/.test(name) ? Smartphone : Laptop;
  return (
    <Box as="li" borderWidth="1px" borderColor="border" rounded="lg" p="4" aria-label={name}>
      <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <HStack align="flex-start" gap="3" minW="0" flex="1">
          <Box color="accent.700" pt="0.5" flexShrink={0}>
            <Icon aria-hidden="true" size={20} />
          </Box>
          <Stack gap="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium" wordBreak="break-word">
                {name}
              </Text>
              {session.current && <Badge colorPalette="green">This device</Badge>}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              Last active {indiaDateTimeText(session.last_used_at)}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Signed in {indiaDateTimeText(session.created_at)}
              {session.ip_prefix && ` from network ${session.ip_prefix}`}
            </Text>
          </Stack>
        </HStack>
        {!session.current && (
          <Button
            variant="outline"
            rounded="full"
            minH="11"
            loading={ending}
            onClick={onEnd}
            aria-label={`Sign out ${name}`}
          >
            Sign out
          </Button>
        )}
      </HStack>
    </Box>
  );
}
