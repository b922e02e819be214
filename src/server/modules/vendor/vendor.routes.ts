import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { pendingVendorsQuerySchema, rejectionReasonSchema, vendorRegisterInputSchema } from '../../../shared/schemas/vendor';
import { parseInput, pathId, requireRole, withTotal } from '../../lib/http';
import { approveVendor, listPendingVendors, registerVendor, rejectVendor } from './vendor.service';

const rejectQuerySchema = z.object({ reason: rejectionReasonSchema });

/**
 * Spec section 7: `POST /api/vendor/register` (anyone; 201 `{message, supplier_id}`), and the admin's
 * `GET /api/admin/vendors/pending`, `PUT /api/admin/vendors/{id}/approve` (empty body) and
 * `PUT /api/admin/vendors/{id}/reject?reason=` (reason required: 422 without it).
 */
export const vendorRoutes: FastifyPluginAsync = async (app) => {
  app.post('/vendor/register', async (request, reply) => {
    const input = parseInput(vendorRegisterInputSchema, request.body, 'body');
    await request.ctx.rateLimit('vendor_register');
    return reply.code(201).send(await registerVendor(request.ctx, input, request.ctx.request));
  });

  app.get('/admin/vendors/pending', async (request, reply) => {
    await requireRole(request, 'admin');
    return withTotal(reply, await listPendingVendors(request.ctx, parseInput(pendingVendorsQuerySchema, request.query, 'query')));
  });

  app.put('/admin/vendors/:id/approve', async (request) => {
    const admin = await requireRole(request, 'admin');
    return approveVendor(request.ctx, { id: pathId(request, 'Vendor not found') }, admin.id);
  });

  app.put('/admin/vendors/:id/reject', async (request) => {
    const admin = await requireRole(request, 'admin');
    const id = pathId(request, 'Vendor not found');
    const { reason } = parseInput(rejectQuerySchema, request.query, 'query');
    return rejectVendor(request.ctx, { id, reason }, admin.id);
  });
};
