import { Alert, Button, Stack } from '@chakra-ui/react';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';

/**
 * Prompts an admin without two-step sign-in to set it up (docs/decisions.md, "Passwords and the second factor"):
 * shown on the dashboard until it is on; prompted, not forced, so the dashboard stays usable meanwhile.
 */
export function SecondFactorPrompt() {
  const status = trpc.auth.secondFactorStatus.useQuery();
  if (!status.data?.available || status.data.enabled) return null;
  return (
    <Alert.Root status="warning" rounded="xl" alignItems="flex-start" data-testid="second-factor-prompt">
      <Alert.Indicator>
        <ShieldAlert aria-hidden="true" />
      </Alert.Indicator>
      <Stack
        gap="3"
        flex="1"
        direction={{ base: 'column', md: 'row' }}
        align={{ base: 'stretch', md: 'center' }}
        justify="space-between"
      >
        <Stack gap="1">
          <Alert.Title>Protect the admin account with two-step sign-in</Alert.Title>
          <Alert.Description>
            This account sees and changes everything. With two-step sign-in, a stolen password alone cannot open it.
          </Alert.Description>
        </Stack>
        <Button asChild variant="outline" colorPalette="accent" rounded="full" minH="11" flexShrink={0}>
          <Link href="/account#two-step">Set it up</Link>
        </Button>
      </Stack>
    </Alert.Root>
  );
}
