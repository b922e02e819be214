import { Box, Button, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { AdminBookingDto } from '../../../shared/schemas/admin';
import type { SupplierDto } from '../../../shared/schemas/suppliers';
import { AppDialog } from '../../components/app-dialog';
import { trpc } from '../../lib/trpc';
import { assignFailureMessage, eventDateText, plural } from './admin-format';
import { useReloadDashboard } from './admin-queries';
import { LoadingRows } from './panel-states';
import { useLastDefined } from './use-last-defined';

export const NO_SUPPLIERS_TEXT =
  'No suppliers available. Please add suppliers first or approve pending vendor registrations.';

/** docs/product.md#vendors: "labelled with business name, name and location". */
export function supplierOptionLabel(supplier: Pick<SupplierDto, 'business_name' | 'name' | 'location'>): string {
  return `${supplier.business_name} - ${supplier.name}${supplier.location ? ` (${supplier.location})` : ''}`;
}

/** docs/product.md#accounts: only suppliers that are both active and approved can be assigned. */
export function isAssignable(supplier: Pick<SupplierDto, 'is_active' | 'approval_status'>): boolean {
  return supplier.is_active && supplier.approval_status === 'approved';
}

type AssignSupplierDialogProps = { booking: AdminBookingDto | null; onClose(): void };

/**
 * docs/product.md#screens "Assign Supplier to Event" with the rules of sections 5 and 8: a dropdown of active, approved
 * suppliers; Assign stays disabled until one is chosen; success reloads the dashboard.
 */
export function AssignSupplierDialog({ booking, onClose }: AssignSupplierDialogProps) {
  const formId = useId();
  const open = booking !== null;
  const shown = useLastDefined(booking);
  // The choice belongs to one booking: opening the dialog for another starts empty.
  const [choice, setChoice] = useState<{ bookingId: string; supplierId: string }>({ bookingId: '', supplierId: '' });
  const supplierId = shown && choice.bookingId === shown.id ? choice.supplierId : '';
  const suppliers = trpc.admin.suppliers.list.useQuery({ approval_status: 'approved', limit: 500 }, { enabled: open });
  const project = trpc.admin.projects.forBooking.useQuery(
    { booking_id: shown?.id ?? '' },
    { enabled: open && shown !== null },
  );
  const assign = trpc.admin.projects.assign.useMutation();
  const reload = useReloadDashboard();

  const options = (suppliers.data?.items ?? []).filter(isAssignable);
  const invited = new Set(project.data?.status === 'open' ? project.data.suppliers.map((s) => s.supplier_id) : []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!shown || assign.isPending) return;
    if (!supplierId) {
      toast.error('Please select a supplier');
      return;
    }
    assign.mutate(
      { booking_id: shown.id, supplier_ids: [supplierId] },
      {
        onSuccess: () => {
          toast.success('Supplier assigned successfully!');
          setChoice({ bookingId: '', supplierId: '' });
          onClose();
          void reload();
        },
        onError: (error) => {
          toast.error(assignFailureMessage(error));
        },
      },
    );
  }

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Assign Supplier to Event"
      description={
        shown
          ? `${shown.event_name} · ${eventDateText(shown.event_date)} ` +
            `· ${plural(shown.requirements.guest_count, 'guest')}`
          : undefined
      }
      size="md"
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            rounded="full"
            px="6"
            disabled={!supplierId}
            loading={assign.isPending}
            loadingText="Assigning…"
          >
            Assign
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate aria-label="Assign supplier">
        {suppliers.isError && !suppliers.data ? (
          <Text color="red.700" role="alert">
            The suppliers could not be loaded. Close this dialog and try again.
          </Text>
        ) : !suppliers.data ? (
          <LoadingRows label="Loading suppliers" rows={1} />
        ) : options.length === 0 ? (
          <Box p="4" rounded="md" bg="yellow.50" borderWidth="1px" borderColor="yellow.200">
            <Text>{NO_SUPPLIERS_TEXT}</Text>
          </Box>
        ) : (
          <Stack gap="3">
            <Field.Root required>
              <Field.Label>
                Select Supplier
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root size="lg">
                <NativeSelect.Field
                  name="supplier"
                  bg="bg.panel"
                  value={supplierId}
                  onChange={(event) => setChoice({ bookingId: shown?.id ?? '', supplierId: event.target.value })}
                >
                  <option value="">Choose a supplier</option>
                  {options.map((supplier) => (
                    <option key={supplier.id} value={supplier.id} disabled={invited.has(supplier.id)}>
                      {supplierOptionLabel(supplier)}
                      {invited.has(supplier.id) ? ' — already invited' : ''}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>
                The supplier is told at once and can quote until the auto-assign date; you can invite more than one.
              </Field.HelperText>
            </Field.Root>
          </Stack>
        )}
      </form>
    </AppDialog>
  );
}
