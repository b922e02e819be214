import { Box, Button, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useId, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  createSupplierInputSchema,
  updateSupplierFieldsSchema,
  type SupplierDto,
} from '../../../shared/schemas/suppliers';
import { AppDialog } from '../../components/app-dialog';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useReloadDashboard } from './admin-queries';
import { ServicesField } from './services-field';
import { passesSchema, useAdminChange, useFormFields } from './use-form-fields';
import { useLastDefined } from './use-last-defined';
import { useSingleFlight } from '../../lib/single-flight';

type NewSupplier = {
  name: string;
  email: string;
  phone: string;
  business_name: string;
  location: string;
  services: string[];
};
const EMPTY_SUPPLIER: NewSupplier = { name: '', email: '', phone: '', business_name: '', location: '', services: [] };

type CreateMutation = ReturnType<typeof trpc.admin.suppliers.create.useMutation>;
type UpdateMutation = ReturnType<typeof trpc.admin.suppliers.update.useMutation>;

function AddSupplierForm({ formId, create, onDone }: { formId: string; create: CreateMutation; onDone(): void }) {
  const { values, errors, setErrors, set } = useFormFields<NewSupplier>(EMPTY_SUPPLIER);
  const reload = useReloadDashboard();
  const once = useSingleFlight();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    if (!passesSchema(event, createSupplierInputSchema, values, setErrors)) return;
    once((release) =>
      create.mutate(values, {
        onSuccess: () => {
          toast.success('Supplier added successfully!');
          onDone();
          void reload();
        },
        onError: (error) => {
          toast.error(serverDetail(error) ?? 'Failed to add supplier');
        },
        onSettled: release,
      }),
    );
  }

  const text = (field: Exclude<keyof NewSupplier, 'services'>) => ({
    name: field,
    value: values[field],
    onValueChange: (value: string) => set(field, value),
    error: errors[field],
  });

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Add New Supplier">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField {...text('name')} label="Name" autoComplete="off" required />
          <TextField {...text('business_name')} label="Business Name" autoComplete="off" required />
          <TextField
            {...text('email')}
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="supplier@example.com"
            required
          />
          <TextField
            {...text('phone')}
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+91-XXXXXXXXXX"
            required
          />
        </SimpleGrid>
        <TextField {...text('location')} label="Location" autoComplete="off" placeholder="e.g. Indore" />
        <ServicesField
          value={values.services}
          onValueChange={(services) => set('services', services)}
          error={errors.services}
        />
        <Text fontSize="sm" color="fg.muted">
          The supplier is approved and can be assigned at once. It shows as Pending until it claims its login.
        </Text>
      </Stack>
    </form>
  );
}

/**
 * docs/product.md#screens "Add New Supplier" (fields of section 3, placeholders of section 5, messages of section 8).
 */
export function AddSupplierDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const formId = useId();
  const create = trpc.admin.suppliers.create.useMutation();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Add New Supplier"
      description="A caterer, decorator or other partner you work with."
      size="lg"
      initialFocusEl={() => document.getElementById(formId)?.querySelector('input') ?? null}
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} rounded="full" px="6" loading={create.isPending} loadingText="Adding…">
            Add Supplier
          </Button>
        </>
      }
    >
      <AddSupplierForm formId={formId} create={create} onDone={onClose} />
    </AppDialog>
  );
}

type EditValues = { name: string; phone: string; location: string; services: string[]; is_active: boolean };

function editValuesOf(supplier: SupplierDto): EditValues {
  return {
    name: supplier.name,
    phone: supplier.phone,
    location: supplier.location ?? '',
    services: supplier.services,
    is_active: supplier.is_active,
  };
}

/** Only what the admin changed is sent, so an untouched field is never rewritten. */
function changedFields(before: EditValues, after: EditValues): Partial<EditValues> {
  const changes: Partial<EditValues> = {};
  if (after.name.trim() !== before.name) changes.name = after.name;
  if (after.phone.trim() !== before.phone) changes.phone = after.phone;
  if (after.location.trim() !== before.location) changes.location = after.location;
  if (after.services.join('\n') !== before.services.join('\n')) changes.services = after.services;
  if (after.is_active !== before.is_active) changes.is_active = after.is_active;
  return changes;
}

function EditSupplierForm({
  formId,
  supplier,
  update,
  onDone,
}: {
  formId: string;
  supplier: SupplierDto;
  update: UpdateMutation;
  onDone(): void;
}) {
  const initial = editValuesOf(supplier);
  const { values, errors, setErrors, set } = useFormFields<EditValues>(initial);
  const answered = useAdminChange('Failed to update supplier', onDone);
  const approved = supplier.approval_status === 'approved';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const changes = changedFields(initial, values);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    if (passesSchema(event, updateSupplierFieldsSchema, changes, setErrors))
      update.mutate({ id: supplier.id, data: changes }, answered);
  }

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Edit supplier">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField
            name="name"
            label="Name"
            required
            value={values.name}
            onValueChange={(v) => set('name', v)}
            error={errors.name}
          />
          <TextField
            name="phone"
            label="Phone"
            type="tel"
            inputMode="tel"
            placeholder="+91-XXXXXXXXXX"
            required
            value={values.phone}
            onValueChange={(v) => set('phone', v)}
            error={errors.phone}
          />
        </SimpleGrid>
        <TextField
          name="location"
          label="Location"
          value={values.location}
          onValueChange={(v) => set('location', v)}
          error={errors.location}
        />
        <ServicesField
          value={values.services}
          onValueChange={(services) => set('services', services)}
          error={errors.services}
        />
        <Box>
          <Switch.Root
            name="is_active"
            colorPalette="green"
            checked={values.is_active}
            disabled={!approved && !values.is_active}
            onCheckedChange={(details) => set('is_active', details.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Active</Switch.Label>
          </Switch.Root>
          <Text fontSize="sm" color="fg.muted" mt="1">
            {approved
              ? 'Inactive suppliers cannot sign in or be assigned to bookings.'
              : 'This vendor is not approved yet; approve it from Pending Vendors to activate it.'}
          </Text>
        </Box>
      </Stack>
    </form>
  );
}

/** Edit changes name, phone, location, services and whether the supplier is active. */
export function EditSupplierDialog({ supplier, onClose }: { supplier: SupplierDto | null; onClose(): void }) {
  const formId = useId();
  const shown = useLastDefined(supplier);
  const update = trpc.admin.suppliers.update.useMutation();
  return (
    <AppDialog
      open={supplier !== null}
      onClose={onClose}
      title="Edit Supplier"
      description={shown ? `${shown.business_name} · ${shown.email}` : undefined}
      size="lg"
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} rounded="full" px="6" loading={update.isPending} loadingText="Saving…">
            Save Changes
          </Button>
        </>
      }
    >
      {shown && <EditSupplierForm key={shown.id} formId={formId} supplier={shown} update={update} onDone={onClose} />}
    </AppDialog>
  );
}
