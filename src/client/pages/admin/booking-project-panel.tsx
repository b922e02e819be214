import { Badge, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Award, Star, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { BidFlag } from '../../../shared/domain';
import { formatInr } from '../../../shared/money';
import type { AwardResultDto, ProjectDetailDto, ProjectSupplierDto } from '../../../shared/schemas/projects';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { indiaDateTimeText, plural, ratingText } from './admin-format';
import { useReloadDashboard } from './admin-queries';
import { ErrorPanel, LoadingRows } from './panel-states';
import { ProjectStatusBadge } from './status-badges';

/** "1d 04h 12m 05s"; days only when there are any. */
export function countdownText(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock =
    `${pad(Math.floor((seconds % 86_400) / 3600))}h ` +
    `${pad(Math.floor((seconds % 3600) / 60))}m ${pad(seconds % 60)}s`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * Seconds left before the auto-assign, ticking each second. It counts from the server's own answer and the time
 * since it arrived, so a device whose clock is wrong still shows the right countdown.
 */
function useSecondsLeft(secondsAtFetch: number | null, fetchedAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (secondsAtFetch === null) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [secondsAtFetch]);
  if (secondsAtFetch === null) return null;
  // `now` is the last tick, which may be from before this answer arrived (the panel mounts before its data): time
  // before the answer does not count, or the countdown would show more than the server said until the next tick.
  const elapsed = Math.max(0, now - fetchedAt);
  return Math.max(0, Math.round(secondsAtFetch - elapsed / 1000));
}

/** A flagged bid's badge: which way it is off, against the supplier budget it was judged by. */
function bidFlagText(flag: BidFlag, budget: number | null): string {
  const against = budget === null ? '' : ` of the ${formatInr(budget)} budget`;
  return flag === 'below_floor'
    ? `Below the floor${against}`
    : `Over the ${budget === null ? 'supplier' : formatInr(budget)} budget`;
}

/** Why the award rule will not take a flagged bid by itself (docs/product.md#supplier-bids). */
const FLAGGED_BID_MEANING = 'below the floor or over the supplier budget';

/** A flagged bid in a sentence: "below the floor of the ₹2,52,000 supplier budget". */
function flaggedQuoteWords(flag: BidFlag, budget: number | null): string {
  const of = budget === null ? '' : `${formatInr(budget)} `;
  return flag === 'below_floor'
    ? `below the floor${budget === null ? '' : ` of the ${of}supplier budget`}`
    : `over the ${of}supplier budget`;
}

/**
 * What a project the auto-assign left to the admins says (docs/product.md#supplier-bids): the lowest quote it could
 * award (the list is in award order) and why it is flagged, when the answer has it.
 */
function awaitingDecisionText(project: ProjectDetailDto): string {
  const lowest = project.suppliers.find((s) => s.quote !== null && s.is_active && s.approval_status === 'approved');
  const quote = lowest?.quote;
  if (!lowest || !quote?.flag) {
    return (
      `Quotes closed. The lowest quote is flagged (${FLAGGED_BID_MEANING}), so the auto-assign left it to you: ` +
      'award a supplier by hand.'
    );
  }
  return (
    `Quotes closed. The lowest quote (${formatInr(quote.amount)} from ${lowest.business_name}) is ` +
    `${flaggedQuoteWords(quote.flag, quote.budget)}, so the auto-assign left it to you: award a supplier by hand.`
  );
}

/**
 * What closing the quotes early did, one sentence per answer of the award rule: a winner, nobody (unassigned), a
 * booking already cancelled or completed, or a flagged lowest quote the rule leaves to the admins
 * (docs/product.md#supplier-bids), where the project stays open and must be awarded by hand.
 */
function closeQuotesMessage(result: AwardResultDto, suppliers: readonly ProjectSupplierDto[]): string {
  switch (result.status) {
    case 'awarded': {
      const chosen = suppliers.find((s) => s.supplier_id === result.supplier_id);
      return chosen ? `Project awarded to ${chosen.business_name}` : 'Quotes closed and the project awarded.';
    }
    case 'unassigned':
      return 'Quotes closed. No supplier could be chosen, so the project is unassigned.';
    case 'cancelled':
      return 'Quotes closed. The booking is cancelled or completed, so the project is cancelled.';
    case 'open': {
      const bidder = suppliers.find((s) => s.quote !== null && s.quote.id === result.quote_id);
      const from = bidder ? ` from ${bidder.business_name}` : '';
      const bid = result.amount === null ? '' : ` (${formatInr(result.amount)}${from})`;
      return (
        `Quotes closed. The lowest quote${bid} is flagged, ${FLAGGED_BID_MEANING}, so nobody was awarded: ` +
        'award the project by hand.'
      );
    }
  }
}

function canAward(project: ProjectDetailDto, supplier: ProjectSupplierDto): boolean {
  return project.status === 'open' && supplier.is_active && supplier.approval_status === 'approved';
}

function QuoteCard({
  project,
  supplier,
  lowest,
  onAward,
}: {
  project: ProjectDetailDto;
  supplier: ProjectSupplierDto;
  lowest: boolean;
  onAward(supplier: ProjectSupplierDto): void;
}) {
  const { quote } = supplier;
  return (
    <Stack
      as="article"
      aria-label={supplier.business_name}
      gap="2"
      p="4"
      rounded="lg"
      borderWidth="1px"
      borderColor={supplier.is_winner ? 'green.400' : 'border'}
      bg={supplier.is_winner ? 'green.50' : 'bg.panel'}
      minW="0"
    >
      <HStack justify="space-between" align="flex-start" gap="2">
        <Box minW="0">
          <Text fontWeight="semibold" truncate>
            {supplier.business_name}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {supplier.name}
            {supplier.location ? ` · ${supplier.location}` : ''}
          </Text>
        </Box>
        {supplier.is_winner ? (
          <Badge colorPalette="green" variant="solid" rounded="full">
            Winner
          </Badge>
        ) : lowest ? (
          <Badge colorPalette="blue" variant="subtle" rounded="full">
            Lowest
          </Badge>
        ) : null}
      </HStack>
      <HStack gap="1" fontSize="xs" color="fg.muted">
        <Star size={12} aria-hidden="true" />
        <Text>Rating {ratingText(supplier.rating)}</Text>
      </HStack>
      {quote ? (
        <>
          <Text fontSize="xl" fontWeight="bold" color="accent.950" fontVariantNumeric="tabular-nums">
            {formatInr(quote.amount)}
          </Text>
          {quote.flag && (
            <Badge colorPalette="orange" variant="subtle" rounded="full" alignSelf="flex-start" whiteSpace="normal">
              {bidFlagText(quote.flag, quote.budget)}
            </Badge>
          )}
          {quote.notes && (
            <Text fontSize="sm" whiteSpace="pre-wrap" color="fg">
              {quote.notes}
            </Text>
          )}
          <Text fontSize="xs" color="fg.muted">
            Submitted {indiaDateTimeText(quote.submitted_at)}
          </Text>
        </>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          No quote yet
        </Text>
      )}
      {!(supplier.is_active && supplier.approval_status === 'approved') && (
        <Text fontSize="xs" color="red.700">
          No longer active; cannot be awarded.
        </Text>
      )}
      {canAward(project, supplier) && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="green"
          alignSelf="flex-start"
          mt="1"
          aria-label={`Award ${supplier.business_name}`}
          onClick={() => onAward(supplier)}
        >
          <Award aria-hidden="true" />
          Award
        </Button>
      )}
    </Stack>
  );
}

/**
 * The booking's project (the admin panel): who was invited, their quotes side by side in award order, the
 * auto-assign countdown, and an Award button to choose by hand before the date.
 */
export function BookingProjectPanel({ bookingId }: { bookingId: string }) {
  const project = trpc.admin.projects.forBooking.useQuery({ booking_id: bookingId });
  const data = project.data ?? null;
  // The auto-assign found the lowest quote flagged and left the open project to the admins: its quotes are closed
  // and it will not run again, so the countdown and its button give way to "award by hand".
  const awaitingDecision = data?.status === 'open' && data.awaiting_admin_since !== null;
  const secondsLeft = useSecondsLeft(
    data?.status === 'open' && !awaitingDecision ? data.seconds_until_auto_assign : null,
    project.dataUpdatedAt,
  );
  const [awarding, setAwarding] = useState<ProjectSupplierDto | null>(null);
  const award = trpc.admin.projects.award.useMutation();
  const closeQuotes = trpc.admin.projects.closeQuotes.useMutation();
  const [closing, setClosing] = useState(false);
  const reload = useReloadDashboard();

  if (project.isError && project.data === undefined) {
    return (
      <ErrorPanel
        message="The suppliers and quotes could not be loaded."
        onRetry={() => void project.refetch()}
        retrying={project.isFetching}
      />
    );
  }
  if (project.data === undefined) return <LoadingRows label="Loading suppliers and quotes" rows={2} />;
  if (data === null) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Not sent to suppliers yet. Use Assign Supplier to invite suppliers to quote for this booking.
      </Text>
    );
  }

  const lowestQuoteId = data.status === 'open' ? data.suppliers.find((s) => s.quote)?.quote?.id : undefined;
  const winner = data.suppliers.find((s) => s.is_winner);

  function confirmAward() {
    if (!awarding || !data) return;
    const chosen = awarding;
    award.mutate(
      { project_id: data.id, supplier_id: chosen.supplier_id },
      {
        onSuccess: () => {
          toast.success(`Project awarded to ${chosen.business_name}`);
          setAwarding(null);
          void reload();
        },
        onError: (error) => {
          setAwarding(null);
          toast.error(serverDetail(error) ?? 'Failed to award the project');
        },
      },
    );
  }

  function confirmCloseQuotes() {
    if (!data) return;
    const suppliers = data.suppliers;
    closeQuotes.mutate(
      { project_id: data.id },
      {
        onSuccess: (result) => {
          const message = closeQuotesMessage(result, suppliers);
          // A flagged lowest quote leaves the project open: the admin still has to act, so this is no success.
          if (result.status === 'open') toast(message, { duration: 10_000 });
          else toast.success(message);
          setClosing(false);
          void reload();
        },
        onError: (error) => {
          setClosing(false);
          toast.error(serverDetail(error) ?? 'Failed to close the quotes');
        },
      },
    );
  }

  return (
    <Stack gap="4">
      <HStack gap="3" flexWrap="wrap">
        <ProjectStatusBadge status={data.status} />
        {awaitingDecision && (
          <Badge colorPalette="orange" variant="solid" rounded="full" px="2.5">
            Awaiting your decision
          </Badge>
        )}
        <Text fontSize="sm" color="fg.muted">
          {plural(data.suppliers.length, 'supplier')} invited · {plural(data.quote_count, 'quote')}
          {data.lowest_amount !== null ? ` · lowest ${formatInr(data.lowest_amount)}` : ''}
        </Text>
      </HStack>
      {awaitingDecision && (
        <Box fontSize="sm">
          <Text color="orange.700">{awaitingDecisionText(data)}</Text>
          {data.awaiting_admin_since && (
            <Text fontSize="xs" color="fg.muted">
              Waiting since {indiaDateTimeText(data.awaiting_admin_since)}
            </Text>
          )}
        </Box>
      )}
      {data.status === 'open' && !awaitingDecision && secondsLeft !== null && (
        <HStack gap="2" p="3" rounded="md" bg="brand.50" borderWidth="1px" borderColor="brand.200" align="flex-start">
          <Box color="brand.700" pt="0.5" aria-hidden="true">
            <Timer size={16} />
          </Box>
          <Box fontSize="sm">
            {secondsLeft > 0 ? (
              <Text>
                Auto-assign in{' '}
                <Text as="span" role="timer" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {countdownText(secondsLeft)}
                </Text>
              </Text>
            ) : (
              <Text fontWeight="semibold">Auto-assign is due now</Text>
            )}
            <Text fontSize="xs" color="fg.muted">
              {indiaDateTimeText(data.auto_assign_date)}: the lowest quote wins (ties go to the higher rating), unless
              you award it first.
            </Text>
            <Button size="xs" variant="outline" colorPalette="accent" mt="2" onClick={() => setClosing(true)}>
              Close quotes and award now
            </Button>
          </Box>
        </HStack>
      )}
      {winner && data.awarded_at && (
        <Text fontSize="sm">
          Awarded to <strong>{winner.business_name}</strong> on {indiaDateTimeText(data.awarded_at)}.
        </Text>
      )}
      {data.status === 'unassigned' && (
        <Text fontSize="sm" color="orange.700">
          No supplier could be chosen. Assign Supplier opens a new round of quotes.
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
        {data.suppliers.map((supplier) => (
          <QuoteCard
            key={supplier.supplier_id}
            project={data}
            supplier={supplier}
            lowest={supplier.quote !== null && supplier.quote.id === lowestQuoteId}
            onAward={setAwarding}
          />
        ))}
      </SimpleGrid>
      <ConfirmDialog
        open={awarding !== null}
        onClose={() => setAwarding(null)}
        onConfirm={confirmAward}
        title="Award this project?"
        description={
          awarding
            ? `${awarding.business_name} ` +
              `wins${awarding.quote ? ` at ${formatInr(awarding.quote.amount)}` : ' without a quote'}. ` +
              'Every other invited supplier is told they were not selected.'
            : ''
        }
        confirmLabel="Award project"
        loading={award.isPending}
      />
      <ConfirmDialog
        open={closing}
        onClose={() => setClosing(false)}
        onConfirm={confirmCloseQuotes}
        title="Close the quotes now?"
        description={
          `The auto-assign runs now instead of at ${indiaDateTimeText(data.auto_assign_date)}: ` +
          'the lowest quote wins (ties go to the higher rating), and suppliers can no longer quote or revise.'
        }
        confirmLabel="Close and award"
        loading={closeQuotes.isPending}
      />
    </Stack>
  );
}
