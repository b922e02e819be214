import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingGstDetailsInputSchema,
  bookingGstResponseSchema,
  gstMonthQuerySchema,
  gstr1ExportQuerySchema,
  gstSettingsInputSchema,
  gstSettingsResponseSchema,
  gstSummaryResponseSchema,
  issueCreditNoteFieldsSchema,
} from '../../../shared/schemas/gst';
import { csvResponse, idParamsSchema, pdfResponse } from '../../../shared/schemas/responses';
import { parseInput, pathId, requireRole, sendCsv, sendPdf } from '../../lib/http';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import {
  adminBookingGst,
  adminGstDocumentPdf,
  adminIssueCreditNote,
  adminIssueTaxInvoice,
  adminUpdateBookingGstDetails,
  gstr1Csv,
  gstSummary,
  myBookingGst,
  myGstDocumentPdf,
  updateMyBookingGstDetails,
} from './gst.service';
import { getGstSettings, updateGstSettings } from './gst-settings.service';
import { assertSteppedUp } from '../auth/step-up.service';

const documentPdfResponse = pdfResponse('The document as a PDF (`Content-Disposition: attachment`)');

const documentParams = z.object({ id: z.string().describe('UUID'), documentId: z.string().describe('UUID') });

/**
 * docs/api.md, "GST": a booking's GST details and documents for its customer (`/api/me/bookings/:id/gst…`) and the
 * admin (`/api/bookings/:id/gst…`), the admin's GST settings, tax invoice and credit notes, and the month's
 * summary and GSTR-1 CSVs (`/api/admin/gst/…`).
 */
export const gstRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['gst'];
  const params = idParamsSchema;

  app.get(
    '/me/bookings/:id/gst',
    {
      schema: {
        summary: "GST details and documents of the customer's booking",
        tags,
        params,
        response: { 200: bookingGstResponseSchema },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'customer');
      return myBookingGst(request.ctx, user, pathId(request, BOOKING_NOT_FOUND));
    },
  );
  app.put(
    '/me/bookings/:id/gst',
    {
      schema: {
        summary: 'The customer gives the company name, GSTIN, billing address and venue state (until invoiced)',
        tags,
        params,
        body: bookingGstDetailsInputSchema,
        response: { 200: bookingGstResponseSchema },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'customer');
      const id = pathId(request, BOOKING_NOT_FOUND);
      return updateMyBookingGstDetails(
        request.ctx,
        user,
        id,
        parseInput(bookingGstDetailsInputSchema, request.body, 'body'),
      );
    },
  );
  app.get(
    '/me/bookings/:id/gst/:documentId/pdf',
    {
      schema: {
        summary: "One GST document of the customer's booking as a PDF",
        tags,
        params: documentParams,
        response: documentPdfResponse,
      },
    },
    async (request, reply) => {
      const user = await requireRole(request, 'customer');
      const id = pathId(request, BOOKING_NOT_FOUND);
      return sendPdf(
        reply,
        await myGstDocumentPdf(request.ctx, user, id, pathId(request, 'Document not found', 'documentId')),
      );
    },
  );

  app.get(
    '/bookings/:id/gst',
    {
      schema: {
        summary: "A booking's GST details and documents (admin)",
        tags,
        params,
        response: { 200: bookingGstResponseSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return adminBookingGst(request.ctx, { id: pathId(request, BOOKING_NOT_FOUND) });
    },
  );
  app.put(
    '/bookings/:id/gst',
    {
      schema: {
        summary: "The team sets a booking's company name, GSTIN, billing address and venue state (until invoiced)",
        tags,
        params,
        body: bookingGstDetailsInputSchema,
        response: { 200: bookingGstResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const id = pathId(request, BOOKING_NOT_FOUND);
      return adminUpdateBookingGstDetails(
        request.ctx,
        id,
        parseInput(bookingGstDetailsInputSchema, request.body, 'body'),
        admin.id,
      );
    },
  );
  app.post(
    '/bookings/:id/gst/invoice',
    {
      schema: {
        summary: "Issue the booking's tax invoice now (409 saying why not)",
        tags,
        params,
        response: { 200: bookingGstResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return adminIssueTaxInvoice(request.ctx, { id: pathId(request, BOOKING_NOT_FOUND) }, admin.id);
    },
  );
  app.post(
    '/bookings/:id/gst/credit-notes',
    {
      schema: {
        summary: "Issue a credit note against the booking's tax invoice (lowers what it owes)",
        tags,
        params,
        body: issueCreditNoteFieldsSchema,
        response: { 200: bookingGstResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const id = pathId(request, BOOKING_NOT_FOUND);
      const fields = parseInput(issueCreditNoteFieldsSchema, request.body, 'body');
      return adminIssueCreditNote(request.ctx, { id, ...fields }, admin.id);
    },
  );
  app.get(
    '/admin/gst/documents/:id/pdf',
    { schema: { summary: 'Any GST document as a PDF (admin)', tags, params, response: documentPdfResponse } },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return sendPdf(reply, await adminGstDocumentPdf(request.ctx, pathId(request, 'Document not found')));
    },
  );

  app.get(
    '/admin/settings/gst',
    {
      schema: {
        summary: 'Business identity and the SAC rate table, with the defaults',
        tags,
        response: { 200: gstSettingsResponseSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return getGstSettings(request.ctx);
    },
  );
  app.put(
    '/admin/settings/gst',
    {
      schema: {
        summary: 'Save the business identity and the SAC rate table (audited)',
        tags,
        body: gstSettingsInputSchema,
        response: { 200: gstSettingsResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      await assertSteppedUp(request.ctx, admin);
      return updateGstSettings(request.ctx, parseInput(gstSettingsInputSchema, request.body, 'body'), admin.id);
    },
  );
  app.get(
    '/admin/gst/summary',
    {
      schema: {
        summary: "A month's GST summary: supplies by rate, documents, advances, net tax",
        tags,
        querystring: gstMonthQuerySchema,
        response: { 200: gstSummaryResponseSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return gstSummary(request.ctx, parseInput(gstMonthQuerySchema, request.query, 'query'));
    },
  );
  app.get(
    '/admin/gst/gstr1.csv',
    {
      schema: {
        summary:
          'One GSTR-1 table of a month as CSV (b2b, b2cl, b2cs, ' +
          'cdnr, cdnur, at, atadj, hsn_b2b, hsn_b2c, docs, register)',
        tags,
        querystring: gstr1ExportQuerySchema,
        response: csvResponse('The table (`Content-Disposition: attachment`)'),
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return sendCsv(reply, await gstr1Csv(request.ctx, parseInput(gstr1ExportQuerySchema, request.query, 'query')));
    },
  );
};
