import { Button, Stack } from '@chakra-ui/react';
import { CalendarClock, FileDown, IndianRupee, XCircle } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatInr } from '../../../shared/money';
import type { CustomerBookingDetailDto, CustomerBookingDto } from '../../../shared/schemas/account';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { ChangeDateDialog } from './change-date-dialog';
import { PayDialog } from './pay-dialog';
import { downloadQuotePdf } from './quote-pdf';

type Dialog = 'pay' | 'cancel' | 'date' | null;

type BookingActionsProps = {
  booking: CustomerBookingDto | CustomerBookingDetailDto;
  /** 'column' in the detail page's side panel, 'row' under a card in the list. */
  layout?: 'row' | 'column';
  /** The list shows only paying; the detail page shows everything the booking allows. */
  compact?: boolean;
};

/**
 * What the customer can do with a booking now: pay the token or the next instalment, download the quote, change the
 * date, cancel.
 */
export function BookingActions({ booking, layout = 'column', compact = false }: BookingActionsProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [downloading, setDownloading] = useState(false);
  // A full day's free date picked in the pay dialog, offered in the date-change dialog.
  const [proposedDate, setProposedDate] = useState<string | undefined>();
  const close = () => {
    setDialog(null);
    setProposedDate(undefined);
  };

  async function download() {
    setDownloading(true);
    try {
      await downloadQuotePdf(booking.id, booking.reference);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The quote PDF could not be downloaded. Please try again.');
    } finally {
      setDownloading(false);
    }
  }

  const direction = layout === 'row' ? { base: 'column', sm: 'row' } : 'column';
  const full = layout === 'column' ? 'full' : undefined;
  return (
    <>
      <Stack
        direction={direction as 'row'}
        gap="2.5"
        align={layout === 'row' ? { base: 'stretch', sm: 'center' } : 'stretch'}
        flexWrap="wrap"
      >
        {booking.can_pay_token && (
          <Button rounded="full" px="5" w={full} minH="11" onClick={() => setDialog('pay')}>
            <IndianRupee aria-hidden="true" />
            Pay {formatInr(booking.payment.token_left)} token
          </Button>
        )}
        {booking.can_pay_instalment && booking.schedule.pay_now && (
          <Button rounded="full" px="5" w={full} minH="11" onClick={() => setDialog('pay')}>
            <IndianRupee aria-hidden="true" />
            Pay {formatInr(booking.schedule.pay_now.amount)} {booking.schedule.pay_now.label.toLowerCase()}
          </Button>
        )}
        {!compact && booking.total !== null && (
          <Button
            variant="outline"
            colorPalette="accent"
            rounded="full"
            px="5"
            w={full}
            minH="11"
            loading={downloading}
            onClick={() => void download()}
          >
            <FileDown aria-hidden="true" />
            Download quote (PDF)
          </Button>
        )}
        {!compact && booking.can_change_date && (
          <Button
            variant="outline"
            colorPalette="accent"
            rounded="full"
            px="5"
            w={full}
            minH="11"
            onClick={() => setDialog('date')}
          >
            <CalendarClock aria-hidden="true" />
            Change event date
          </Button>
        )}
        {!compact && booking.can_cancel && (
          <Button
            variant="ghost"
            colorPalette="red"
            rounded="full"
            px="5"
            w={full}
            minH="11"
            onClick={() => setDialog('cancel')}
          >
            <XCircle aria-hidden="true" />
            Cancel booking
          </Button>
        )}
      </Stack>
      {(booking.can_pay_token || booking.can_pay_instalment) && (
        <PayDialog
          booking={booking}
          kind={booking.can_pay_token ? 'token' : 'instalment'}
          open={dialog === 'pay'}
          onClose={close}
          onChooseDate={
            booking.can_change_date
              ? (date) => {
                  setProposedDate(date);
                  setDialog('date');
                }
              : undefined
          }
        />
      )}
      {booking.can_change_date && (
        <ChangeDateDialog booking={booking} open={dialog === 'date'} onClose={close} proposedDate={proposedDate} />
      )}
      {booking.can_cancel && <CancelBookingDialog booking={booking} open={dialog === 'cancel'} onClose={close} />}
    </>
  );
}
