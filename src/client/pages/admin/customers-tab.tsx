import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Eraser, Pencil, UserCheck, UserX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { isErasedCustomer, updateCustomerFieldsSchema, type CustomerDto } from '../../../shared/schemas/admin';
import { AppDialog } from '../../components/app-dialog';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/text-field';
import { trpc } from '../../lib/trpc';
import { localDateText } from './admin-format';
import { CUSTOMERS_PAGE_SIZE, useCustomersFirstPage } from './admin-queries';
import { ListPager, useDebouncedValue } from './list-pager';
import { SearchBox } from './search-box';
import { EmptyPanel, QueryContent } from './panel-states';
import { SectionCard, TableFrame } from './section-card';
import { passesSchema, useAdminChange, useFormFields } from './use-form-fields';
import { intParam, useAddressParams } from './use-address-params';
import { useLastDefined } from './use-last-defined';
import { useSingleFlight } from '../../lib/single-flight';

type UpdateMutation = ReturnType<typeof trpc.admin.customers.update.useMutation>;
type EditValues = { full_name: string; phone: string; city: string };

function EditCustomerForm({
  formId,
  customer,
  update,
  onDone,
}: {
  formId: string;
  customer: CustomerDto;
  update: UpdateMutation;
  onDone(): void;
}) {
  const initial: EditValues = { full_name: customer.full_name, phone: customer.phone ?? '', city: customer.city ?? '' };
  const { values, errors, setErrors, set } = useFormFields<EditValues>(initial);
  const answered = useAdminChange('Failed to update customer', onDone);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    // Only changed fields are sent; an emptied phone or city clears it (docs/api.md).
    const changes: Partial<EditValues> = {};
    for (const field of Object.keys(values) as (keyof EditValues)[]) {
      if (values[field].trim() !== initial[field]) changes[field] = values[field];
    }
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    if (passesSchema(event, updateCustomerFieldsSchema, changes, setErrors))
      update.mutate({ id: customer.id, data: changes }, answered);
  }

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Edit customer">
      <Stack gap="4">
        <TextField
          name="full_name"
          label="Full Name"
          required
          value={values.full_name}
          onValueChange={(v) => set('full_name', v)}
          error={errors.full_name}
        />
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          placeholder="+91-XXXXXXXXXX"
          helperText="Leave empty to remove it"
          value={values.phone}
          onValueChange={(v) => set('phone', v)}
          error={errors.phone}
        />
        <TextField
          name="city"
          label="City"
          value={values.city}
          onValueChange={(v) => set('city', v)}
          error={errors.city}
        />
      </Stack>
    </form>
  );
}

function EditCustomerDialog({ customer, onClose }: { customer: CustomerDto | null; onClose(): void }) {
  const formId = useId();
  const shown = useLastDefined(customer);
  const update = trpc.admin.customers.update.useMutation();
  return (
    <AppDialog
      open={customer !== null}
      onClose={onClose}
      title="Edit Customer"
      description={shown?.email}
      size="md"
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
      {shown && <EditCustomerForm key={shown.id} formId={formId} customer={shown} update={update} onDone={onClose} />}
    </AppDialog>
  );
}

/** Deactivate or Activate, after a confirmation: a deactivated customer is signed out at once and cannot sign in. */
function ActiveToggleDialog({ customer, onClose }: { customer: CustomerDto | null; onClose(): void }) {
  const shown = useLastDefined(customer);
  const deactivate = trpc.admin.customers.deactivate.useMutation();
  const activate = trpc.admin.customers.activate.useMutation();
  const mutation = shown?.is_active ? deactivate : activate;
  const answered = useAdminChange(
    shown?.is_active ? 'Failed to deactivate customer' : 'Failed to activate customer',
    onClose,
  );

  function confirm() {
    if (shown) mutation.mutate({ id: shown.id }, answered);
  }

  return (
    <ConfirmDialog
      open={customer !== null}
      onClose={onClose}
      onConfirm={confirm}
      title={shown?.is_active ? 'Deactivate customer?' : 'Activate customer?'}
      description={
        shown?.is_active
          ? `${shown.full_name} will be signed out on every device ` +
            'and cannot sign in until you activate the account again.'
          : `${shown?.full_name ?? 'The customer'} will be able to sign in again.`
      }
      confirmLabel={shown?.is_active ? 'Deactivate' : 'Activate'}
      tone={shown?.is_active ? 'danger' : 'default'}
      loading={mutation.isPending}
    />
  );
}

/** Erased (nothing about them is left to act on) or deactivated; nothing for an active account. */
function AccountBadge({ customer }: { customer: CustomerDto }) {
  if (!isErasedCustomer(customer) && customer.is_active) return null;
  const erased = isErasedCustomer(customer);
  return (
    <Badge colorPalette={erased ? 'gray' : 'red'} variant="subtle" size="sm" mt="1">
      {erased ? 'Erased' : 'Deactivated'}
    </Badge>
  );
}

/**
 * Erase on request (docs/security.md, "Privacy"): the customer's contact details leave every table, the bookings
 * and payments stay for the accounts, and the account is closed. Irreversible, so it asks first.
 */
function EraseDialog({ customer, onClose }: { customer: CustomerDto | null; onClose(): void }) {
  const shown = useLastDefined(customer);
  const erase = trpc.admin.customers.erase.useMutation();
  const answered = useAdminChange('Failed to erase customer', onClose);
  const once = useSingleFlight();

  function confirm() {
    if (shown) once((release) => erase.mutate({ id: shown.id }, { ...answered, onSettled: release }));
  }

  return (
    <ConfirmDialog
      open={customer !== null}
      onClose={onClose}
      onConfirm={confirm}
      title="Erase this customer's personal data?"
      description={
        `${shown?.full_name ?? 'The customer'}'s name, e-mail, phone and city are removed ` +
        'from the account, their bookings, payments and e-mails, and the account is closed. ' +
        'The bookings and amounts stay for the accounts. This cannot be undone.'
      }
      confirmLabel="Erase"
      tone="danger"
      loading={erase.isPending}
    />
  );
}

/**
 * docs/product.md#screens, Customers tab: the first 10 (and further pages), with Edit, Deactivate/Activate and Erase,
 * and a search by name, e-mail or phone (the one the New booking dialog uses).
 */
export function CustomersTab() {
  // The search and the page are in the address (`q`, `page` counted from 1), so a reload stays on them.
  const [params, update] = useAddressParams();
  const search = params.get('q') ?? '';
  const q = useDebouncedValue(search.trim(), 300);
  const page = Math.max(0, intParam(params, 'page', 1, 1) - 1);
  const setPage = (next: number) => update({ page: next > 0 ? String(next + 1) : null });
  // The spec's first page is the dashboard's own query; a search or a later page asks for its own.
  const firstPage = useCustomersFirstPage();
  const searched = page > 0 || q !== '';
  const otherPage = trpc.admin.customers.list.useQuery(
    { limit: CUSTOMERS_PAGE_SIZE, offset: page * CUSTOMERS_PAGE_SIZE, ...(q && { q }) },
    { enabled: searched, placeholderData: keepPreviousData },
  );
  const customers = searched ? otherPage : firstPage;
  const [editing, setEditing] = useState<CustomerDto | null>(null);
  const [toggling, setToggling] = useState<CustomerDto | null>(null);
  const [erasing, setErasing] = useState<CustomerDto | null>(null);

  return (
    <SectionCard
      title="Customers"
      description={customers.data ? `${customers.data.total} registered, newest first` : undefined}
    >
      <SearchBox
        mb="4"
        maxW={{ md: 'md' }}
        label="Search customers"
        placeholder="Name, e-mail or phone"
        value={search}
        onChange={(q) => update({ q, page: null })}
      />
      <QueryContent
        query={customers}
        loadingLabel="Loading customers"
        errorMessage="The customers could not be loaded."
        isEmpty={(page) => page.items.length === 0}
        empty={
          q ? (
            <EmptyPanel title="No customer matches" description={`Nothing found for “${q}”.`} />
          ) : (
            <EmptyPanel
              title="No customers yet"
              description="People who create an account on the website appear here."
            />
          )
        }
      >
        {(page) => (
          <TableFrame label="Customers" stackBelow="lg">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>Customer</Table.ColumnHeader>
                <Table.ColumnHeader>Contact</Table.ColumnHeader>
                <Table.ColumnHeader>Location</Table.ColumnHeader>
                <Table.ColumnHeader>Joined</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body role="rowgroup">
              {page.items.map((customer) => (
                <Table.Row role="row" key={customer.id}>
                  <Table.Cell role="cell" minW="36">
                    <Text fontWeight="semibold">{customer.full_name}</Text>
                    <AccountBadge customer={customer} />
                  </Table.Cell>
                  <Table.Cell role="cell" minW="44">
                    <Text wordBreak="break-all">{customer.email}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {customer.phone ?? 'No phone'}
                    </Text>
                  </Table.Cell>
                  <Table.Cell role="cell" data-label="Location">
                    {customer.city ?? 'Not specified'}
                  </Table.Cell>
                  <Table.Cell role="cell" data-label="Joined" whiteSpace="nowrap">
                    {localDateText(customer.created_at)}
                  </Table.Cell>
                  <Table.Cell role="cell" textAlign="end" data-actions="">
                    {isErasedCustomer(customer) ? (
                      <Text fontSize="sm" color="fg.muted">
                        No actions
                      </Text>
                    ) : (
                      <HStack gap="2" justify="flex-end" wrap="wrap">
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="accent"
                          onClick={() => setEditing(customer)}
                          aria-label={`Edit ${customer.full_name}`}
                        >
                          <Pencil aria-hidden="true" />
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette={customer.is_active ? 'red' : 'green'}
                          onClick={() => setToggling(customer)}
                          aria-label={`${customer.is_active ? 'Deactivate' : 'Activate'} ${customer.full_name}`}
                        >
                          {customer.is_active ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
                          {customer.is_active ? 'Deactivate' : 'Activate'}
                        </Button>
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          onClick={() => setErasing(customer)}
                          aria-label={`Erase ${customer.full_name}`}
                        >
                          <Eraser aria-hidden="true" />
                          Erase
                        </Button>
                      </HStack>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </TableFrame>
        )}
      </QueryContent>
      {customers.data && customers.data.total > CUSTOMERS_PAGE_SIZE && (
        <ListPager
          label="Customers"
          page={page}
          pageSize={CUSTOMERS_PAGE_SIZE}
          total={customers.data.total}
          onPageChange={setPage}
          busy={customers.isFetching}
        />
      )}
      <EditCustomerDialog customer={editing} onClose={() => setEditing(null)} />
      <ActiveToggleDialog customer={toggling} onClose={() => setToggling(null)} />
      <EraseDialog customer={erasing} onClose={() => setErasing(null)} />
    </SectionCard>
  );
}
