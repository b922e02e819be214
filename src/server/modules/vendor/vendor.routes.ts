import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pendingVendorsQuerySchema,
  rejectionReasonSchema,
  vendorRegisterInputSchema,
} from '../../../shared/schemas/vendor';
import {
  idParamsSchema,
  pendingVendorsResponseSchema,
  supplierChangeResponseSchema,
  vendorRegisterResponseSchema,
} from '../../../shared/schemas/responses';
import { parseInput, pathId, requireRole, withTotal } from '../../lib/http';
import { approveVendor, listPendingVendors, registerVendor, rejectVendor } from './vendor.service';

const rejectQuerySchema = z.object({ reason: rejectionReasonSchema });

/**
 * docs/api.md: `POST /api/vendor/register` (anyone; 201 `{message, supplier_id}`), and the admin's
 * `GET /api/admin/vendors/pending`, `PUT /api/admin/vendors/{id}/approve` (empty body) and
 * `PUT /api/admin/vendors/{id}/reject?reason=` (reason required: 422 without it).
 */
export const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['vendors'];
  app.post(
    '/vendor/register',
    {
      schema: {
        summary: 'Apply as a vendor (approved by an admin)',
        tags,
        body: vendorRegisterInputSchema,
        response: { 201: vendorRegisterResponseSchema },
      },
    },
    async (request, reply) => {
      const input = parseInput(vendorRegisterInputSchema, request.body, 'body');
      await request.ctx.rateLimit('vendor_register');
      return reply.code(201).send(await registerVendor(request.ctx, input, request.ctx.request));
    },
  );

  app.get(
    '/admin/vendors/pending',
    {
      schema: {
        summary: 'Vendors awaiting approval, oldest first (total in X-Total-Count)',
        tags,
        querystring: pendingVendorsQuerySchema,
        response: { 200: pendingVendorsResponseSchema },
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return withTotal(
        reply,
        await listPendingVendors(request.ctx, parseInput(pendingVendorsQuerySchema, request.query, 'query')),
      );
    },
  );

  app.put(
    '/admin/vendors/:id/approve',
    {
      schema: {
        summary: 'Approve a pending vendor (409 if not pending)',
        tags,
        params: idParamsSchema,
        response: { 200: supplierChangeResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return approveVendor(request.ctx, { id: pathId(request, 'Vendor not found') }, admin.id);
    },
  );

  app.put(
    '/admin/vendors/:id/reject',
    {
      schema: {
        summary: 'Reject a pending vendor with a reason (409 if not pending)',
        tags,
        params: idParamsSchema,
        querystring: rejectQuerySchema,
        response: { 200: supplierChangeResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const id = pathId(request, 'Vendor not found');
      const { reason } = parseInput(rejectQuerySchema, request.query, 'query');
      return rejectVendor(request.ctx, { id, reason }, admin.id);
    },
  );
};
