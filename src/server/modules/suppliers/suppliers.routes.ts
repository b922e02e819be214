import type { FastifyPluginAsync } from 'fastify';
import { createSupplierInputSchema, suppliersQuerySchema, updateSupplierFieldsSchema } from '../../../shared/schemas/suppliers';
import { parseInput, pathId, requireRole, withTotal } from '../../lib/http';
import { createSupplier, listSupplierProjects, listSuppliers, updateSupplier } from './suppliers.service';

/**
 * Spec section 7 `GET /api/suppliers` and `POST /api/suppliers` (the spec's client sent no token; the server
 * requires the admin role), plus `PUT /api/suppliers/{id}` (Edit) and `GET /api/suppliers/{id}/projects`.
 */
export const suppliersRoutes: FastifyPluginAsync = async (app) => {
  app.get('/suppliers', async (request, reply) => {
    await requireRole(request, 'admin');
    return withTotal(reply, await listSuppliers(request.ctx, parseInput(suppliersQuerySchema, request.query, 'query')));
  });

  app.post('/suppliers', async (request, reply) => {
    const admin = await requireRole(request, 'admin');
    const input = parseInput(createSupplierInputSchema, request.body, 'body');
    return reply.code(201).send(await createSupplier(request.ctx, input, admin.id));
  });

  app.put('/suppliers/:id', async (request) => {
    const admin = await requireRole(request, 'admin');
    const id = pathId(request, 'Supplier not found');
    const data = parseInput(updateSupplierFieldsSchema, request.body, 'body');
    return updateSupplier(request.ctx, { id, data }, admin.id);
  });

  app.get('/suppliers/:id/projects', async (request) => {
    await requireRole(request, 'admin');
    return listSupplierProjects(request.ctx, { id: pathId(request, 'Supplier not found') });
  });
};
