import { Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import { stateLabel } from '../../../shared/gst';
import type { BookingGstDetailsDto } from '../../../shared/schemas/gst';
import toast from 'react-hot-toast';
import { GstDetailsForm } from '../../components/gst/gst-details-form';
import { GstDocumentsTable } from '../../components/gst/gst-documents-table';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Card } from './booking-detail';

/** The details as text on paper, where an empty form would print as blank boxes; only what was given. */
function PrintedGstDetails({ details }: { details: BookingGstDetailsDto }) {
  const rows: [string, string][] = [
    ['Company name', details.company_name ?? ''],
    ['GSTIN', details.gstin ?? ''],
    ['Billing address', details.billing_address ?? ''],
    ['State of the event', details.venue_state_code ? stateLabel(details.venue_state_code) : ''],
  ];
  const given = rows.filter(([, value]) => value !== '');
  return (
    <Box display="none" _print={{ display: 'block' }} data-testid="printed-gst-details">
      {given.length === 0 ? (
        <Text fontSize="sm">No GST details given (an individual's booking).</Text>
      ) : (
        given.map(([label, value]) => (
          <Text key={label} fontSize="sm">
            {label}: {value}
          </Text>
        ))
      )}
    </Box>
  );
}

/**
 * My Bookings' GST card (docs/gst.md): the booking's GST details (company name and GSTIN of a business booking,
 * billing address, the venue's state, asked before the first payment) and its GST documents, each a PDF download.
 */
export function BookingGstCard({ bookingId }: { bookingId: string }) {
  const gst = trpc.gst.mine.useQuery({ id: bookingId });
  const utils = trpc.useUtils();
  const save = trpc.gst.updateMine.useMutation({
    onSuccess: (answer) => {
      utils.gst.mine.setData({ id: bookingId }, answer);
      toast.success('GST details saved');
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'Failed to save the GST details');
    },
  });
  return (
    <Card title="GST details and documents" id="booking-gst">
      {gst.isPending ? (
        <Skeleton h="24" rounded="lg" role="status" aria-label="Loading the GST details" />
      ) : gst.isError ? (
        <Text color="fg.error" role="alert">
          {serverDetail(gst.error) ?? 'Failed to load the GST details'}
        </Text>
      ) : (
        <Stack gap="5">
          <Box _print={{ display: 'none' }}>
            <GstDetailsForm
              details={gst.data.details}
              saving={save.isPending}
              onSave={(input) => save.mutate({ id: bookingId, ...input })}
            />
          </Box>
          <PrintedGstDetails details={gst.data.details} />
          <GstDocumentsTable
            documents={gst.data.documents}
            pdfPath={(doc) => `/api/me/bookings/${encodeURIComponent(bookingId)}/gst/${encodeURIComponent(doc.id)}/pdf`}
          />
        </Stack>
      )}
    </Card>
  );
}
