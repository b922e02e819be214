import { Badge } from '@chakra-ui/react';
import type {
  CancelledBy,
  PaymentPurpose,
  PaymentStatus,
  RefundStatus,
  SubscriptionStatus,
} from '../../../shared/domain';

/** Awaiting money orange, money in green, dead ends grey or red, money sent back purple. */
const PAYMENT_PALETTE: Record<PaymentStatus, string> = {
  created: 'orange',
  pending: 'orange',
  paid: 'green',
  failed: 'red',
  expired: 'gray',
  refunded: 'purple',
};

const SUBSCRIPTION_PALETTE: Record<SubscriptionStatus, string> = {
  pending: 'orange',
  active: 'green',
  used: 'blue',
  refunded: 'purple',
  cancelled: 'gray',
};

function StatusBadge({ palette, children }: { palette: string; children: string }) {
  return (
    <Badge
      colorPalette={palette}
      variant="subtle"
      textTransform="capitalize"
      rounded="full"
      px="2.5"
      whiteSpace="nowrap"
    >
      {children}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <StatusBadge palette={PAYMENT_PALETTE[status]}>{status}</StatusBadge>;
}

export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  return <StatusBadge palette={status === 'paid' ? 'green' : 'orange'}>{status}</StatusBadge>;
}

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <StatusBadge palette={SUBSCRIPTION_PALETTE[status]}>{status}</StatusBadge>;
}

const PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  token: 'Token',
  instalment: 'Instalment',
  subscription: 'Subscription',
};

export function purposeLabel(purpose: PaymentPurpose): string {
  return PURPOSE_LABELS[purpose];
}

/** Money owed back for another reason than a cancellation's terms (`refunds.policy.reason`). */
const OWED_BACK_REASONS: Record<string, string> = {
  paid_over_total: 'Paid over the total',
  date_full: 'Paid for a date that was full',
  paid_after_cancellation: 'Paid after cancellation',
};

/** Why a refund is owed: who cancelled, or the money that came in over what the booking costs. */
export function refundReasonLabel(refund: { cancelled_by: CancelledBy; policy: Record<string, unknown> }): string {
  const reason = refund.policy.reason;
  if (typeof reason === 'string' && Object.hasOwn(OWED_BACK_REASONS, reason)) return OWED_BACK_REASONS[reason]!;
  return refund.cancelled_by === 'company' ? 'Cancelled by the company' : 'Cancelled by the customer';
}
