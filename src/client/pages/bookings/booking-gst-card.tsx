import { Skeleton, Stack, Text } from '@chakra-ui/react';
import toast from 'react-hot-toast';
import { GstDetailsForm } from '../../components/gst/gst-details-form';
import { GstDocumentsTable } from '../../components/gst/gst-documents-table';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Card } from './booking-detail';

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
          <GstDetailsForm
            details={gst.data.details}
            saving={save.isPending}
            onSave={(input) => save.mutate({ id: bookingId, ...input })}
          />
          <GstDocumentsTable
            documents={gst.data.documents}
            pdfPath={(doc) => `/api/me/bookings/${encodeURIComponent(bookingId)}/gst/${encodeURIComponent(doc.id)}/pdf`}
          />
        </Stack>
      )}
    </Card>
  );
}
