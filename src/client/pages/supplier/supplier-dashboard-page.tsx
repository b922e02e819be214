import { Box, Button, Heading, HStack, Text } from '@chakra-ui/react';
import { ArrowLeft, LayoutDashboard, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { homePathForRole } from '../../../shared/domain';
import type { UserDto } from '../../../shared/schemas/auth';
import { CenteredPanelPage } from '../../components/centered-panel-page';
import { RequireSignIn } from '../../components/require-sign-in';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SupplierDashboard } from './supplier-dashboard';

/** Shown to signed-in admins and customers: the dashboard is for approved suppliers (the server refuses them too). */
function NotASupplier({ user }: { user: UserDto }) {
  const home = homePathForRole(user.role);
  return (
    <CenteredPanelPage>
      <Box color="brand.fg" aria-hidden="true">
        <ShieldAlert size={40} />
      </Box>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
        Supplier Dashboard
      </Heading>
      <Text color="fg.muted" textWrap="pretty">
        This dashboard is for approved supplier partners. You are signed in as {user.full_name}, which is not a supplier
        account.
      </Text>
      <HStack gap="3" wrap="wrap" justify="center" mt="2">
        {home !== '/' && (
          <Button asChild rounded="full">
            <Link href={home}>
              <LayoutDashboard aria-hidden="true" />
              Go to your dashboard
            </Link>
          </Button>
        )}
        <Button asChild variant="outline" colorPalette="accent" rounded="full">
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </HStack>
    </CenteredPanelPage>
  );
}

function SupplierGate() {
  const { user } = useSession();
  if (!user) return null;
  if (user.role !== 'supplier') return <NotASupplier user={user} />;
  return <SupplierDashboard />;
}

/**
 * docs/product.md#screens, /supplier: approved suppliers only. Signed-out visitors go to /login (which brings suppliers
 * back here); other roles see why they cannot use it.
 */
export function SupplierDashboardPage() {
  useDocumentTitle('Supplier Dashboard');
  return (
    <RequireSignIn>
      <SupplierGate />
    </RequireSignIn>
  );
}
