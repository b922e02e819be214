import { Button, Code, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { Download, Undo2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatInr } from '../../../shared/money';
import { SUBSCRIPTION_AMOUNT_PAISE, SUBSCRIPTION_REFUND_PAISE } from '../../../shared/booking-rules';
import type { SubscriptionDto } from '../../../shared/schemas/account';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useGstPdfDownload } from '../../components/gst/use-gst-pdf-download';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { quoteReference } from '../book/subscription';
import { indiaDateTimeText } from './admin-format';
import { useReloadDashboard } from './admin-queries';
import { EmptyPanel, QueryContent } from './panel-states';
import { SubscriptionStatusBadge } from './payment-badges';
import { SectionCard, TableFrame } from './section-card';
import { useLastDefined } from './use-last-defined';

const FEE = formatInr(SUBSCRIPTION_AMOUNT_PAISE / 100);
const REFUND = formatInr(SUBSCRIPTION_REFUND_PAISE / 100);
export const REFUND_LABEL = `Refund ${REFUND}`;
export const SUBSCRIPTION_REFUNDED_MESSAGE =
  `Subscription refunded: send ${REFUND} ` + 'to the subscriber within 3 working days';

/** Paid subscriptions, whether or not the discount has been used on a booking (the server's rule). */
function canRefund(subscription: SubscriptionDto): boolean {
  return subscription.status === 'active' || subscription.status === 'used';
}

/**
 * docs/product.md#refunds: 50% of the ₹99 (₹49.50) is refunded within 3 working days if services cannot be provided.
 */
function RefundSubscriptionDialog({
  subscription,
  onClose,
}: {
  subscription: SubscriptionDto | null;
  onClose(): void;
}) {
  const shown = useLastDefined(subscription);
  const refund = trpc.admin.subscriptions.refund.useMutation();
  const reload = useReloadDashboard();

  function confirm() {
    if (!shown || refund.isPending) return;
    refund.mutate(
      { id: shown.id },
      {
        onSuccess: () => {
          toast.success(SUBSCRIPTION_REFUNDED_MESSAGE);
          onClose();
          void reload();
        },
        onError: (error) => {
          toast.error(serverDetail(error) ?? 'Failed to refund the subscription');
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={subscription !== null}
      onClose={onClose}
      onConfirm={confirm}
      title={`Refund ${REFUND}?`}
      description={
        <Stack as="span" gap="2" display="flex">
          <Text as="span">
            When we cannot provide the services, 50% of the {FEE} subscription ({REFUND}) is refunded within 3 working
            days (Refund Policy).
          </Text>
          <Text as="span">
            {shown?.email ?? 'The subscriber'} is marked refunded and told by e-mail. Send the {REFUND} by UPI or bank
            transfer yourself.
          </Text>
        </Stack>
      }
      confirmLabel={REFUND_LABEL}
      tone="danger"
      loading={refund.isPending}
    />
  );
}

/** A download of each of the subscription's GST documents (docs/gst.md#subscription), or why there is none. */
function SubscriptionDocuments({ subscription }: { subscription: SubscriptionDto }) {
  const { busy, download } = useGstPdfDownload();
  if (subscription.gst_documents.length === 0) {
    return (
      <Text as="span" color="fg.muted">
        None
      </Text>
    );
  }
  return (
    <Stack gap="1" align="flex-start">
      {subscription.gst_documents.map((doc) => (
        <Button
          key={doc.id}
          size="xs"
          variant="ghost"
          onClick={() => void download(doc, `/api/admin/gst/documents/${encodeURIComponent(doc.id)}/pdf`)}
          loading={busy === doc.id}
          aria-label={`Download ${doc.title.toLowerCase()} ${doc.number} (PDF)`}
          whiteSpace="nowrap"
        >
          <Download aria-hidden="true" />
          {doc.title} {doc.number}
        </Button>
      ))}
    </Stack>
  );
}

function SubscriptionsTable({
  subscriptions,
  onRefund,
}: {
  subscriptions: readonly SubscriptionDto[];
  onRefund(subscription: SubscriptionDto): void;
}) {
  return (
    <TableFrame label="Subscriptions" stackBelow="lg">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>E-mail</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>Discount</Table.ColumnHeader>
          <Table.ColumnHeader>Used on booking</Table.ColumnHeader>
          <Table.ColumnHeader>Activated</Table.ColumnHeader>
          <Table.ColumnHeader>GST documents</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body role="rowgroup">
        {subscriptions.map((subscription) => (
          <Table.Row role="row" key={subscription.id}>
            <Table.Cell role="cell" minW="48">
              <Text fontWeight="semibold" wordBreak="break-all">
                {subscription.email}
              </Text>
            </Table.Cell>
            <Table.Cell role="cell">
              <SubscriptionStatusBadge status={subscription.status} />
            </Table.Cell>
            <Table.Cell role="cell" data-label="Discount">
              {subscription.discount_percent}%
            </Table.Cell>
            <Table.Cell role="cell" data-label="Used on booking">
              {subscription.used_on_booking_id ? (
                <Code size="sm" variant="plain" title={subscription.used_on_booking_id}>
                  {quoteReference(subscription.used_on_booking_id)}
                </Code>
              ) : (
                <Text as="span" color="fg.muted">
                  Not yet
                </Text>
              )}
            </Table.Cell>
            <Table.Cell role="cell" data-label="Activated" whiteSpace="nowrap">
              {subscription.activated_at ? (
                indiaDateTimeText(subscription.activated_at)
              ) : (
                <Text as="span" color="fg.muted">
                  Not paid
                </Text>
              )}
            </Table.Cell>
            <Table.Cell role="cell" data-label="GST documents">
              <SubscriptionDocuments subscription={subscription} />
            </Table.Cell>
            <Table.Cell role="cell" textAlign="end" data-actions="">
              {canRefund(subscription) && (
                <Flex justify="flex-end">
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => onRefund(subscription)}
                    aria-label={`${REFUND_LABEL} to ${subscription.email}`}
                    whiteSpace="nowrap"
                  >
                    <Undo2 aria-hidden="true" />
                    {REFUND_LABEL}
                  </Button>
                </Flex>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </TableFrame>
  );
}

/** The ₹99 subscribers (newest 200), and the 50% refund of docs/product.md#refunds. */
export function SubscriptionsPanel() {
  const subscriptions = trpc.admin.subscriptions.list.useQuery();
  const [refunding, setRefunding] = useState<SubscriptionDto | null>(null);

  return (
    <SectionCard
      title="Subscriptions"
      description={
        `${FEE} subscriptions, newest first. The one-time 5% discount goes to the quote it was bought from, ` +
        `or else the subscriber's next quote, once the owner of the address is signed in with it.`
      }
    >
      <QueryContent
        query={subscriptions}
        loadingLabel="Loading subscriptions"
        errorMessage="The subscriptions could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyPanel
            title="No subscriptions yet"
            description={`Visitors who pay the ${FEE} subscription on the quote page appear here.`}
          />
        }
      >
        {(list) => <SubscriptionsTable subscriptions={list} onRefund={setRefunding} />}
      </QueryContent>
      <RefundSubscriptionDialog subscription={refunding} onClose={() => setRefunding(null)} />
    </SectionCard>
  );
}
