import { Box, Button, Container, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { Link, useRoute } from 'wouter';
import { RequireSignIn } from '../../components/require-sign-in';
import { httpStatusOf, serverDetail } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { EventOrderDto } from '../../../shared/schemas/menus';
import { EventOrderView } from './event-order-view';

function Frame({ back, children }: { back: string; children: React.ReactNode }) {
  return (
    <Box minH="100dvh" bg="bg.subtle" _print={{ bg: 'white' }}>
      <Container as="main" maxW="5xl" py={{ base: '4', md: '8' }}>
        <Stack gap="4">
          <Button
            asChild
            variant="ghost"
            colorPalette="accent"
            size="sm"
            alignSelf="flex-start"
            ms="-2"
            minH="11"
            _print={{ display: 'none' }}
          >
            <Link href={back}>
              <ArrowLeft aria-hidden="true" /> Back
            </Link>
          </Button>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

function Loaded({
  query,
  pdfPath,
  back,
}: {
  query: { data: EventOrderDto | undefined; isPending: boolean; error: unknown };
  pdfPath: string;
  back: string;
}) {
  useDocumentTitle(query.data ? `Event order ${query.data.reference}` : 'Event order');
  if (query.isPending) {
    return (
      <Frame back={back}>
        <Skeleton h="96" rounded="2xl" role="status" aria-label="Loading the event order" />
      </Frame>
    );
  }
  if (!query.data) {
    return (
      <Frame back={back}>
        <Heading as="h1" size="xl">
          Event order
        </Heading>
        <Text role="alert" color="red.700">
          {httpStatusOf(query.error) === 404
            ? 'This event order is not available to you.'
            : (serverDetail(query.error) ?? 'The event order could not be loaded. Please try again.')}
        </Text>
      </Frame>
    );
  }
  return (
    <Frame back={back}>
      <EventOrderView order={query.data} pdfPath={pdfPath} />
    </Frame>
  );
}

function AdminEventOrder({ id }: { id: string }) {
  const query = trpc.admin.menus.eventOrder.useQuery({ id });
  return <Loaded query={query} pdfPath={`/api/bookings/${encodeURIComponent(id)}/event-order.pdf`} back="/admin" />;
}

function SupplierEventOrder({ id }: { id: string }) {
  const query = trpc.menus.supplierEventOrder.useQuery({ booking_id: id });
  return <Loaded query={query} pdfPath={`/api/supplier/event-orders/${encodeURIComponent(id)}/pdf`} back="/supplier" />;
}

function Gate() {
  const { user } = useSession();
  const [isAdmin, adminParams] = useRoute<{ id: string }>('/admin/event-orders/:id');
  const [, supplierParams] = useRoute<{ id: string }>('/supplier/event-orders/:id');
  if (!user) return null;
  if (isAdmin && user.role === 'admin') return <AdminEventOrder id={adminParams.id} />;
  if (!isAdmin && user.role === 'supplier' && supplierParams) return <SupplierEventOrder id={supplierParams.id} />;
  return (
    <Frame back="/">
      <Heading as="h1" size="xl">
        Event order
      </Heading>
      <Text role="alert">This event order is for our team and the supplier of the event.</Text>
    </Frame>
  );
}

/**
 * The banquet event order print page: `/admin/event-orders/:id` (admin) and `/supplier/event-orders/:id` (awarded
 * supplier).
 */
export function EventOrderPage() {
  return (
    <RequireSignIn>
      <Gate />
    </RequireSignIn>
  );
}
