import { Alert, Box, Button, CloseButton, Dialog, Portal, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { Send } from 'lucide-react';
import { useState, type FormEvent, type JSX, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { QUOTE_NOTES_MAX_LENGTH, type SupplierProjectDto } from '../../../shared/schemas/projects';
import { EventTypeBadge } from '../../components/event-type-badge';
import { PrefixedField } from '../../components/prefixed-field';
import { TextareaField } from '../../components/textarea-field';
import { httpStatusOf, serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import {
  budgetText,
  checkQuoteAmount,
  eventDateText,
  guestsText,
  indiaDateTimeText,
  quoteClosedReason,
  SUPPLIER_MESSAGES,
} from './supplier-format';
import { toastFriendlyDialogProps } from '../../components/app-toaster';

const FORM_ID = 'supplier-quote-form';
const CLOSED_REASON_ID = 'supplier-quote-closed';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box display="grid" gridTemplateColumns="6.5rem minmax(0, 1fr)" gap="3" py="1.5">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontSize="sm" fontWeight="medium" overflowWrap="anywhere">
        {children}
      </Text>
    </Box>
  );
}

/** The spec's failure toast, with the server's reason (a closed project, a rejected amount) as a second line. */
function failureMessage(error: unknown): string | JSX.Element {
  const detail = serverDetail(error);
  if (!detail || detail === SUPPLIER_MESSAGES.quoteFailed) return SUPPLIER_MESSAGES.quoteFailed;
  return (
    <span>
      <strong>{SUPPLIER_MESSAGES.quoteFailed}</strong>
      <br />
      {detail}
    </span>
  );
}

/** A quote on file as the amount field shows it: whole rupees, or rupees and paise (245000.50). */
function amountText(amount: number | undefined): string {
  if (amount === undefined) return '';
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

type QuoteFormProps = {
  project: SupplierProjectDto;
  /** Set once the project no longer takes quotes: nothing is sent. */
  closed: boolean;
  onSubmitted(): void;
  onClosedMeanwhile(): void;
  onStale(): void;
  onPendingChange(pending: boolean): void;
};

/**
 * The dialog's form; mounted per opening, so a cancelled or submitted quote leaves nothing behind. A revision
 * starts from the supplier's current quote.
 */
function QuoteForm({ project, closed, onSubmitted, onClosedMeanwhile, onStale, onPendingChange }: QuoteFormProps) {
  const [amount, setAmount] = useState(() => amountText(project.my_quote?.amount));
  const [notes, setNotes] = useState(() => project.my_quote?.notes ?? '');
  const [error, setError] = useState<string | undefined>();
  const submitQuote = trpc.supplier.quotes.submit.useMutation({
    onMutate: () => onPendingChange(true),
    onSettled: () => onPendingChange(false),
  });
  const details = project.booking_details;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitQuote.isPending || closed) return;
    const check = checkQuoteAmount(amount);
    if (!check.ok) {
      setError(check.missing ? 'Please enter your quote amount' : check.message);
      toast.error(check.message);
      event.currentTarget.querySelector<HTMLInputElement>('input[name="quoted_amount"]')?.focus();
      return;
    }
    setError(undefined);
    submitQuote.mutate(
      { booking_id: project.booking_id, quoted_amount: check.amount, notes: notes.trim(), items: [] },
      {
        onSuccess() {
          toast.success(SUPPLIER_MESSAGES.quoteSubmitted);
          onSubmitted();
        },
        onError(failure) {
          toast.error(failureMessage(failure));
          const status = httpStatusOf(failure);
          // Awarded, cancelled or past its deadline meanwhile: nothing more can be sent, so the dialog closes on
          // the cards as they are now, as the booking dialogs do on a 409.
          if (status === 409) onClosedMeanwhile();
          // No longer invited: the list, fetched again, drops the card and this dialog with it.
          else if (status === 404) onStale();
        },
      },
    );
  }

  return (
    <Stack gap="5">
      <Box borderWidth="1px" borderColor="border" bg="bg.subtle" rounded="xl" px="4" py="3">
        <Box mb="1">
          <EventTypeBadge type={details.event_type} size="sm" />
        </Box>
        <Box as="dl">
          <Row label="Event">{details.event_name}</Row>
          <Row label="Client">{details.client_name}</Row>
          <Row label="Date">{eventDateText(details.event_date)}</Row>
          <Row label="Guests">{guestsText(details.requirements.guest_count)}</Row>
          <Row label="Budget">{budgetText(details.estimated_budget)}</Row>
          <Row label="Quotes close">{indiaDateTimeText(project.auto_assign_date)}</Row>
        </Box>
      </Box>
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label="Quote">
        <Stack gap="5">
          <PrefixedField
            name="quoted_amount"
            label="Your Quote Amount"
            prefix="₹"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            placeholder="e.g. 250000"
            required
            value={amount}
            onValueChange={(value) => {
              setAmount(value);
              setError(undefined);
            }}
            error={error}
            helperText="Your total price in rupees for the whole event (up to two decimals)."
          />
          <TextareaField
            name="notes"
            label="Additional Notes & Terms"
            placeholder="What is included (menu, counters, staff, crockery), GST, advance and payment terms…"
            rows={4}
            maxLength={QUOTE_NOTES_MAX_LENGTH}
            value={notes}
            onValueChange={setNotes}
          />
        </Stack>
      </form>
    </Stack>
  );
}

type QuoteDialogProps = {
  /** The project being quoted, as the latest project list has it; null closes the dialog. */
  project: SupplierProjectDto | null;
  /** The dashboard's clock: the auto-assign date can pass while the dialog is open. */
  now: number;
  onClose(): void;
  onSubmitted(): void;
  /** The server refused the quote because the project closed (a 409): close and show the cards as they are now. */
  onClosedMeanwhile(): void;
  onStale(): void;
};

/** Why Submit is disabled: the project closed while the dialog was open (a live update or a reload showed it). */
function ClosedNotice({ reason }: { reason: string }) {
  return (
    <Alert.Root id={CLOSED_REASON_ID} status="warning" variant="subtle" rounded="xl" mb="5">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Quotes are closed</Alert.Title>
        <Alert.Description>{reason}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * docs/product.md#screens "Submit Quote dialog": the project's details, 'Your Quote Amount' (required), 'Additional
 * Notes & Terms', Cancel and Submit Quote. docs/product.md#refunds: a missing amount says 'Please fill in all required
 * fields' and sends nothing; success closes the dialog and the caller reloads notifications and projects. A project
 * that closes while the dialog is open disables Submit with the reason; a quote the server refuses because the
 * project closed (409) shows its reason and closes the dialog.
 */
export function QuoteDialog({ project, now, onClose, onSubmitted, onClosedMeanwhile, onStale }: QuoteDialogProps) {
  // Kept while the dialog animates closed, so its content does not vanish mid-animation.
  const [shown, setShown] = useState(project);
  const [pending, setPending] = useState(false);
  if (project && project !== shown) setShown(project);
  const revising = Boolean(shown?.my_quote);
  const closedReason = shown ? quoteClosedReason(shown, now) : null;
  // A responsive `size` would keep the full-screen variant's height on wide screens; pick one size instead.
  const size = useBreakpointValue({ base: 'full', md: 'lg' } as const, { ssr: false }) ?? 'full';

  return (
    <Dialog.Root
      open={project !== null}
      onOpenChange={(details) => {
        if (!details.open && !pending) onClose();
      }}
      onExitComplete={() => setShown(null)}
      size={size}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      {...toastFriendlyDialogProps}
      initialFocusEl={() => document.querySelector<HTMLElement>(`#${FORM_ID} input[name="quoted_amount"]`)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
              <Text
                fontSize="xs"
                fontWeight="semibold"
                letterSpacing="widest"
                textTransform="uppercase"
                color="brand.fg"
              >
                {revising ? 'Revise your quote' : 'New quote'}
              </Text>
              <Dialog.Title fontFamily="heading" fontSize="2xl" color="accent.900">
                {revising ? 'Revise Quote' : 'Submit Quote'}
              </Dialog.Title>
              <Dialog.Description color="fg.muted">
                The lowest quote wins when quoting closes; you can revise yours until then.
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              {closedReason && <ClosedNotice reason={closedReason} />}
              {shown && (
                <QuoteForm
                  key={shown.id}
                  project={shown}
                  closed={closedReason !== null}
                  onSubmitted={onSubmitted}
                  onClosedMeanwhile={onClosedMeanwhile}
                  onStale={onStale}
                  onPendingChange={setPending}
                />
              )}
            </Dialog.Body>
            <Dialog.Footer borderTopWidth="1px" borderColor="border.muted" pt="4">
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost" colorPalette="accent" disabled={pending}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button
                type="submit"
                form={FORM_ID}
                rounded="full"
                px="6"
                loading={pending}
                loadingText="Submitting…"
                disabled={closedReason !== null}
                aria-describedby={closedReason ? CLOSED_REASON_ID : undefined}
              >
                <Send aria-hidden="true" />
                Submit Quote
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={pending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
