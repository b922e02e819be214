import { Button, Field, Flex, NativeSelect } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { ArrowLeft, List, Plus } from 'lucide-react';
import { useState } from 'react';
import { BOOKING_STATUSES } from '../../../shared/domain';
import type { AdminBookingDto } from '../../../shared/schemas/admin';
import { trpc } from '../../lib/trpc';
import { useRecentBookings } from './admin-queries';
import { AssignSupplierDialog } from './assign-supplier-dialog';
import { BookingDetailsDialog } from './booking-details-dialog';
import { BookingsTable } from './bookings-table';
import { ListPager, useDebouncedValue } from './list-pager';
import { NewBookingDialog } from './new-booking-dialog';
import { SearchBox } from './search-box';
import { EmptyPanel, QueryContent } from './panel-states';
import { SectionCard } from './section-card';
import { bookingStatusLabel } from './status-badges';
import { intParam, useAddressParams } from './use-address-params';

const ALL_PAGE_SIZE = 20;

type Actions = { onView(booking: AdminBookingDto): void; onAssign(booking: AdminBookingDto): void };

function RecentBookings({ onView, onAssign, onViewAll }: Actions & { onViewAll(): void }) {
  const bookings = useRecentBookings();
  const total = bookings.data?.total ?? 0;
  return (
    <SectionCard
      title="Recent Bookings"
      description={bookings.data ? `The latest ${Math.min(10, total)} of ${total}, newest first` : undefined}
      actions={
        <Button size="sm" variant="outline" colorPalette="accent" onClick={onViewAll}>
          <List aria-hidden="true" />
          View all
        </Button>
      }
    >
      <QueryContent
        query={bookings}
        loadingLabel="Loading bookings"
        errorMessage="The bookings could not be loaded."
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyPanel
            title="No bookings yet"
            description="Instant quotes and inquiries from the website appear here."
          />
        }
      >
        {(page) => <BookingsTable label="Recent Bookings" bookings={page.items} onView={onView} onAssign={onAssign} />}
      </QueryContent>
    </SectionCard>
  );
}

/** Beyond the spec: every booking, paged on the server, searchable by client, event or date. */
function AllBookings({ onView, onAssign, onBack }: Actions & { onBack(): void }) {
  // The search, status and page are in the address (`q`, `status`, `page` counted from 1) with `view=all`.
  const [params, update] = useAddressParams();
  const search = params.get('q') ?? '';
  const status = BOOKING_STATUSES.find((value) => value === params.get('status')) ?? '';
  const page = Math.max(0, intParam(params, 'page', 1, 1) - 1);
  const setPage = (next: number) => update({ page: next > 0 ? String(next + 1) : null });
  const q = useDebouncedValue(search.trim(), 300);
  const bookings = trpc.admin.bookings.list.useQuery(
    { limit: ALL_PAGE_SIZE, offset: page * ALL_PAGE_SIZE, q: q || undefined, status: status || undefined },
    { placeholderData: keepPreviousData },
  );

  return (
    <SectionCard
      title="All Bookings"
      description="Search by client name or e-mail, event name, or event date (2027-03-05, 2027-03 or 2027)."
      actions={
        <Button size="sm" variant="ghost" colorPalette="accent" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Recent bookings
        </Button>
      }
    >
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} mb="4">
        <SearchBox
          flex="1"
          label="Search bookings"
          placeholder="Client, event or date"
          value={search}
          onChange={(q) => update({ q, page: null })}
        />
        <Field.Root w={{ base: 'full', md: '56' }}>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              bg="bg.panel"
              value={status}
              onChange={(event) => update({ status: event.target.value, page: null })}
            >
              <option value="">All statuses</option>
              {BOOKING_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {bookingStatusLabel(value).replace(/^./, (first) => first.toUpperCase())}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      <QueryContent
        query={bookings}
        loadingLabel="Loading bookings"
        errorMessage="The bookings could not be loaded."
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyPanel
            title="No bookings match"
            description="Try another name, event or date, or clear the status filter."
          />
        }
      >
        {(page) => <BookingsTable label="All Bookings" bookings={page.items} onView={onView} onAssign={onAssign} />}
      </QueryContent>
      {bookings.data && bookings.data.total > 0 && (
        <ListPager
          label="Bookings"
          page={page}
          pageSize={ALL_PAGE_SIZE}
          total={bookings.data.total}
          onPageChange={setPage}
          busy={bookings.isFetching}
        />
      )}
    </SectionCard>
  );
}

/** docs/product.md#screens, Bookings tab, with Booking Details, Assign Supplier and New booking (#staff-bookings). */
export function BookingsTab() {
  // All Bookings is in the address (`view=all`), so a reload or a link opens it with its filters.
  const [params, update] = useAddressParams();
  const showAll = params.get('view') === 'all';
  const setShowAll = (all: boolean) =>
    update(all ? { view: 'all' } : { view: null, q: null, status: null, page: null });
  const [viewing, setViewing] = useState<AdminBookingDto | null>(null);
  const [assigning, setAssigning] = useState<AdminBookingDto | null>(null);
  const [creating, setCreating] = useState(false);
  const actions: Actions = { onView: setViewing, onAssign: setAssigning };

  return (
    <>
      <Flex justify="flex-end" mb="4">
        <Button rounded="full" px="5" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          New booking
        </Button>
      </Flex>
      {showAll ? (
        <AllBookings {...actions} onBack={() => setShowAll(false)} />
      ) : (
        <RecentBookings {...actions} onViewAll={() => setShowAll(true)} />
      )}
      <BookingDetailsDialog booking={viewing} onClose={() => setViewing(null)} onAssign={setAssigning} />
      <AssignSupplierDialog booking={assigning} onClose={() => setAssigning(null)} />
      <NewBookingDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
