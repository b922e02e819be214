import { Box, Button, Container, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useRoute } from 'wouter';
import { formatLongDate, todayInIndia } from '../../../shared/dates';
import type { BookingMenuDto } from '../../../shared/schemas/menus';
import { RequireSignIn } from '../../components/require-sign-in';
import { httpStatusOf, serverDetail } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MenuEditor, MenuHeading, savedMenuIssues } from '../bookings/menu-builder';
import { useReloadDashboard } from './admin-queries';

/*
 * `/admin/bookings/:id/menu`: our team's menu of any booking (docs/product.md#menus), opened from Booking Details.
 * It is the customer's builder (the same catalogue, diet split, allowances and messages) under the team's edit
 * window: also after the freeze date and while the event is in progress, never for a cancelled or completed
 * booking. The server decides (`editable`, `edit_refusal`); a save it refuses shows its reason as it answers.
 */

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <Container as="main" maxW="6xl" py={{ base: '4', md: '8' }} px={{ base: '3', sm: '4', md: '6' }}>
        <Stack gap="5">
          <Button asChild variant="ghost" colorPalette="accent" size="sm" alignSelf="flex-start" ms="-2" minH="11">
            <Link href="/admin">
              <ArrowLeft aria-hidden="true" /> Admin Dashboard
            </Link>
          </Button>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/** Until when the customer changes the menu themselves; after that only our team does (docs/product.md#menus). */
function freezeNote(menu: BookingMenuDto, today: string): string | null {
  if (!menu.editable || menu.freeze_date === null) return null;
  return today < menu.freeze_date
    ? `The customer can change it until ${formatLongDate(menu.freeze_date)} (not on that day)`
    : `Frozen for the customer since ${formatLongDate(menu.freeze_date)}: only our team changes it now`;
}

/**
 * What the save bar lists when the server refuses: each broken rule of a 422, or the reason of a 409 (the booking
 * was cancelled or completed meanwhile, its price was set by hand and takes no add-ons…).
 */
function refusalOf(error: Parameters<typeof savedMenuIssues>[0]): string[] {
  const detail = httpStatusOf(error) === 409 ? serverDetail(error) : null;
  return detail ? [detail] : savedMenuIssues(error);
}

function TeamMenu({ id }: { id: string }) {
  const utils = trpc.useUtils();
  const reloadDashboard = useReloadDashboard();
  const menu = trpc.admin.menus.bookingMenu.useQuery(
    { id },
    { retry: (count, error) => httpStatusOf(error) !== 404 && count < 2 },
  );
  const catalogue = trpc.menus.catalogue.useQuery();
  const save = trpc.admin.menus.saveBookingMenu.useMutation({
    onSuccess: (result) => {
      utils.admin.menus.bookingMenu.setData({ id }, result.menu);
      // Add-ons move the booking's total, its payment schedule and its GST documents: the dashboard reads them again.
      void reloadDashboard();
      toast.success(result.message);
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'The menu could not be saved. Please try again.');
      // A refusal for the booking's state: read the menu again, so the page says why and stops offering the save.
      if (httpStatusOf(error) === 409) void utils.admin.menus.bookingMenu.invalidate({ id });
    },
  });
  useDocumentTitle(menu.data ? `Menu · ${menu.data.event_name}` : 'Menu');

  if (menu.isPending || catalogue.isPending) {
    return (
      <Stack gap="4" role="status" aria-label="Loading the menu">
        <Skeleton h="16" rounded="xl" />
        <Skeleton h="64" rounded="2xl" />
      </Stack>
    );
  }
  if (menu.isError || catalogue.isError) {
    return (
      <Text role="alert" color="red.700">
        {httpStatusOf(menu.error) === 404
          ? 'This booking was not found.'
          : (serverDetail(menu.error ?? catalogue.error) ?? 'The menu could not be loaded. Please try again.')}
      </Text>
    );
  }
  const data = menu.data;
  return (
    <>
      <MenuHeading menu={data} title={`Menu: ${data.event_name}`} note={freezeNote(data, todayInIndia())} />
      <MenuEditor
        key={data.updated_at ?? 'new'}
        menu={data}
        catalogue={catalogue.data}
        audience="team"
        onSave={(input) => save.mutate(input)}
        saving={save.isPending}
        serverProblems={refusalOf(save.error)}
      />
    </>
  );
}

function Gate() {
  const { user } = useSession();
  const [, params] = useRoute<{ id: string }>('/admin/bookings/:id/menu');
  if (!user || !params) return null;
  return (
    <Frame>
      {user.role === 'admin' ? (
        <TeamMenu id={params.id} />
      ) : (
        <Text role="alert">This page is for our team: customers choose their menu from My Bookings.</Text>
      )}
    </Frame>
  );
}

/** `/admin/bookings/:id/menu`: our team changes a booking's guests by diet, dishes and kitchen notes. */
export function BookingMenuPage() {
  return (
    <RequireSignIn>
      <Gate />
    </RequireSignIn>
  );
}
