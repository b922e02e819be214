import { Badge, Button, HStack, Link, Table, Text } from '@chakra-ui/react';
import { Check, Eye, X } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { REJECTION_REASON_MAX_LENGTH, type PendingVendorDto } from '../../../shared/schemas/vendor';
import { AppDialog } from '../../components/app-dialog';
import { PromptDialog } from '../../components/prompt-dialog';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { yearsText } from './admin-format';
import { DetailItem, DetailList } from './detail-list';
import { usePendingVendors, useReloadDashboard } from './admin-queries';
import { EmptyPanel, QueryContent } from './panel-states';
import { SectionCard, TableFrame } from './section-card';
import { useLastDefined } from './use-last-defined';
import { touchTarget } from '../../touch-targets';
import { useSingleFlight } from '../../lib/single-flight';

export const REJECT_PROMPT = 'Please provide a reason for rejection:';

/**
 * Approve and reject (docs/product.md#vendors): the spec's toasts, and the whole dashboard (reports too)
 * reloads after either.
 */
function useVendorDecisions() {
  const approveMutation = trpc.admin.vendors.approve.useMutation();
  const rejectMutation = trpc.admin.vendors.reject.useMutation();
  const reload = useReloadDashboard();
  const once = useSingleFlight();

  /**
   * A decision that was already made (a double click, another admin): the server's 409 names the vendor's state,
   * which is said as it is, and the lists are reloaded to show it; only a real failure is the spec's error toast.
   */
  function settledBefore(failure: unknown, onDone?: () => void): boolean {
    const code = (failure as { data?: { code?: unknown } } | null)?.data?.code;
    if (code !== 'CONFLICT') return false;
    toast(serverDetail(failure) ?? 'This vendor application has already been reviewed');
    onDone?.();
    void reload();
    return true;
  }

  /** The decision's answers: the spec's success toast, a decision made before said as it is, else its failure. */
  function answers(success: string, failure: string, release: () => void, onDone?: () => void) {
    return {
      onSuccess: () => {
        toast.success(success);
        onDone?.();
        void reload();
      },
      onError: (error: unknown) => {
        if (!settledBefore(error, onDone)) toast.error(failure);
      },
      onSettled: release,
    };
  }

  function approve(vendor: PendingVendorDto, onDone?: () => void) {
    once((release) =>
      approveMutation.mutate(
        { id: vendor.id },
        answers('Vendor approved successfully!', 'Failed to approve vendor', release, onDone),
      ),
    );
  }

  function reject(vendor: PendingVendorDto, reason: string, onDone?: () => void) {
    once((release) =>
      rejectMutation.mutate(
        { id: vendor.id, reason },
        answers('Vendor rejected', 'Failed to reject vendor', release, onDone),
      ),
    );
  }

  return {
    approve,
    reject,
    approvingId: approveMutation.isPending ? approveMutation.variables?.id : undefined,
    rejecting: rejectMutation.isPending,
  };
}

type VendorDetailsDialogProps = {
  vendor: PendingVendorDto | null;
  onClose(): void;
  onApprove(vendor: PendingVendorDto): void;
  onReject(vendor: PendingVendorDto): void;
  approving: boolean;
};

/** docs/product.md#screens "Vendor Details" with Approve, Reject and Close. */
/** The day a vendor applied, e.g. "5 Nov 2026". */
function appliedOnText(createdAt: string): string {
  return new Date(createdAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}

function VendorDetailsDialog({ vendor, onClose, onApprove, onReject, approving }: VendorDetailsDialogProps) {
  const shown = useLastDefined(vendor);
  return (
    <AppDialog
      open={vendor !== null}
      onClose={onClose}
      title="Vendor Details"
      description={shown ? `Applied ${appliedOnText(shown.created_at)}` : undefined}
      size="lg"
      footer={
        shown && (
          <>
            <Button variant="ghost" colorPalette="accent" onClick={onClose}>
              Close
            </Button>
            <Button variant="outline" colorPalette="red" onClick={() => onReject(shown)}>
              <X aria-hidden="true" />
              Reject
            </Button>
            <Button colorPalette="green" rounded="full" px="5" loading={approving} onClick={() => onApprove(shown)}>
              <Check aria-hidden="true" />
              Approve
            </Button>
          </>
        )
      }
    >
      {shown && (
        <DetailList>
          <DetailItem label="Business Name">{shown.business_name}</DetailItem>
          <DetailItem label="Contact Person">{shown.contact_person}</DetailItem>
          <DetailItem label="Email">
            <Link href={`mailto:${shown.email}`} color="accent.700" wordBreak="break-all" css={touchTarget}>
              {shown.email}
            </Link>
            <EmailVerifiedBadge verified={shown.email_verified} />
          </DetailItem>
          <DetailItem label="Phone">
            <Link href={`tel:${shown.phone}`} color="accent.700" css={touchTarget}>
              {shown.phone}
            </Link>
          </DetailItem>
          <DetailItem label="Location">{shown.location ?? 'Not specified'}</DetailItem>
          <DetailItem label="Experience">{yearsText(shown.experience_years)}</DetailItem>
          <DetailItem label="Business Address">
            <Text whiteSpace="pre-wrap">{shown.business_address ?? 'Not given'}</Text>
          </DetailItem>
          <DetailItem label="Services Offered">
            <Text whiteSpace="pre-wrap">{shown.services_offered ?? 'Not given'}</Text>
          </DetailItem>
          {shown.gst_number && <DetailItem label="GST Number">{shown.gst_number}</DetailItem>}
          {shown.portfolio_link && (
            <DetailItem label="Portfolio">
              <Link
                href={shown.portfolio_link}
                target="_blank"
                rel="noopener noreferrer"
                color="accent.700"
                wordBreak="break-all"
                css={touchTarget}
              >
                {shown.portfolio_link}
              </Link>
            </DetailItem>
          )}
        </DetailList>
      )}
    </AppDialog>
  );
}

/** Whether the applicant opened the confirmation link: approval is allowed either way, the admin just knows. */
function EmailVerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <Badge ms="2" size="sm" variant="subtle" colorPalette={verified ? 'green' : 'orange'} whiteSpace="nowrap">
      {verified ? 'E-mail confirmed' : 'E-mail not confirmed'}
    </Badge>
  );
}

/** docs/product.md#screens, Pending Vendors tab. */
export function PendingVendorsTab() {
  const vendors = usePendingVendors();
  const decisions = useVendorDecisions();
  const [viewing, setViewing] = useState<PendingVendorDto | null>(null);
  const [rejecting, setRejecting] = useState<PendingVendorDto | null>(null);
  const rejectingShown = useLastDefined(rejecting);

  function approve(vendor: PendingVendorDto) {
    decisions.approve(vendor, () => setViewing((current) => (current?.id === vendor.id ? null : current)));
  }

  function reject(reason: string) {
    const vendor = rejecting;
    if (!vendor) return;
    decisions.reject(vendor, reason, () => {
      setRejecting(null);
      setViewing((current) => (current?.id === vendor.id ? null : current));
    });
  }

  return (
    <SectionCard
      title="Pending Vendor Approvals"
      description={
        vendors.data && vendors.data.total > 0 ? `${vendors.data.total} waiting, longest-waiting first` : undefined
      }
    >
      <QueryContent
        query={vendors}
        loadingLabel="Loading pending vendors"
        errorMessage="The pending vendors could not be loaded."
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyPanel
            title="No pending vendor approvals"
            description="New vendor registrations will wait here for your decision."
          />
        }
      >
        {(page) => (
          <TableFrame label="Pending vendors" stackBelow="lg">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>Business Name</Table.ColumnHeader>
                <Table.ColumnHeader>Contact Person</Table.ColumnHeader>
                <Table.ColumnHeader>Email</Table.ColumnHeader>
                <Table.ColumnHeader>Phone</Table.ColumnHeader>
                <Table.ColumnHeader>Location</Table.ColumnHeader>
                <Table.ColumnHeader>Experience</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body role="rowgroup">
              {page.items.map((vendor) => (
                <Table.Row role="row" key={vendor.id}>
                  <Table.Cell role="cell" whiteSpace="normal" minW="32" fontWeight="semibold">
                    {vendor.business_name}
                  </Table.Cell>
                  <Table.Cell role="cell" minW="28">
                    {vendor.contact_person}
                  </Table.Cell>
                  <Table.Cell role="cell" whiteSpace="normal" wordBreak="break-all" minW="36">
                    {vendor.email}
                    <EmailVerifiedBadge verified={vendor.email_verified} />
                  </Table.Cell>
                  <Table.Cell role="cell" whiteSpace="nowrap">
                    {vendor.phone}
                  </Table.Cell>
                  <Table.Cell role="cell" data-label="Location">
                    {vendor.location ?? 'Not specified'}
                  </Table.Cell>
                  <Table.Cell role="cell" data-label="Experience" whiteSpace="nowrap">
                    {yearsText(vendor.experience_years)}
                  </Table.Cell>
                  <Table.Cell role="cell" textAlign="end" data-actions="">
                    <HStack gap="2" justify="flex-end" flexWrap="wrap">
                      <Button
                        size="xs"
                        colorPalette="green"
                        loading={decisions.approvingId === vendor.id}
                        onClick={() => approve(vendor)}
                        aria-label={`Approve ${vendor.business_name}`}
                      >
                        <Check aria-hidden="true" />
                        Approve
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setRejecting(vendor)}
                        aria-label={`Reject ${vendor.business_name}`}
                      >
                        <X aria-hidden="true" />
                        Reject
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="accent"
                        onClick={() => setViewing(vendor)}
                        aria-label={`View ${vendor.business_name}`}
                      >
                        <Eye aria-hidden="true" />
                        View
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </TableFrame>
        )}
      </QueryContent>
      <VendorDetailsDialog
        vendor={viewing}
        onClose={() => setViewing(null)}
        onApprove={approve}
        onReject={setRejecting}
        approving={viewing !== null && decisions.approvingId === viewing.id}
      />
      <PromptDialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        onSubmit={reject}
        title={rejectingShown ? `Reject ${rejectingShown.business_name}?` : 'Reject vendor?'}
        label={REJECT_PROMPT}
        confirmLabel="Reject vendor"
        requiredMessage="Please enter a reason; the vendor receives it by e-mail."
        maxLength={REJECTION_REASON_MAX_LENGTH}
        placeholder="e.g. We could not verify the GST number"
        tone="danger"
        loading={decisions.rejecting}
      />
    </SectionCard>
  );
}
