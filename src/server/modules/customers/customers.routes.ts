import type { FastifyPluginAsync } from 'fastify';
import { customersQuerySchema, updateCustomerFieldsSchema } from '../../../shared/schemas/admin';
import { parseInput, pathId, requireRole, withTotal } from '../../lib/http';
import { eraseCustomer, listCustomers, setCustomerActive, updateCustomer } from './customers.service';

/**
 * Spec section 7 `GET /api/admin/customers` (bare array, newest first, `?limit&offset&q`, total in
 * `X-Total-Count`), plus `PUT /api/admin/customers/{id}` (Edit) and `.../deactivate`, `.../activate`, `.../erase`.
 */
export const customersRoutes: FastifyPluginAsync = async (app) => {
  app.get('/admin/customers', async (request, reply) => {
    await requireRole(request, 'admin');
    return withTotal(reply, await listCustomers(request.ctx, parseInput(customersQuerySchema, request.query, 'query')));
  });

  app.put('/admin/customers/:id', async (request) => {
    const admin = await requireRole(request, 'admin');
    const id = pathId(request, 'Customer not found');
    const data = parseInput(updateCustomerFieldsSchema, request.body, 'body');
    return updateCustomer(request.ctx, { id, data }, admin.id);
  });

  for (const action of ['deactivate', 'activate'] as const) {
    app.put(`/admin/customers/:id/${action}`, async (request) => {
      const admin = await requireRole(request, 'admin');
      return setCustomerActive(request.ctx, { id: pathId(request, 'Customer not found'), active: action === 'activate' }, admin.id);
    });
  }

  app.put('/admin/customers/:id/erase', async (request) => {
    const admin = await requireRole(request, 'admin');
    return eraseCustomer(request.ctx, { id: pathId(request, 'Customer not found') }, admin.id);
  });
};
