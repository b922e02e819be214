import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customersQuerySchema, updateCustomerFieldsSchema } from '../../../shared/schemas/admin';
import {
  customerChangeResponseSchema,
  customersResponseSchema,
  idParamsSchema,
} from '../../../shared/schemas/responses';
import { parseInput, pathId, requireRole, withTotal } from '../../lib/http';
import { eraseCustomer, listCustomers, setCustomerActive, updateCustomer } from './customers.service';
import { assertSteppedUp } from '../auth/step-up.service';

/**
 * docs/api.md `GET /api/admin/customers` (bare array, newest first, `?limit&offset&q`, total in
 * `X-Total-Count`), plus `PUT /api/admin/customers/{id}` (Edit) and `.../deactivate`, `.../activate`, `.../erase`.
 */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['customers'];
  const change = { 200: customerChangeResponseSchema };
  app.get(
    '/admin/customers',
    {
      schema: {
        summary: 'Customers, newest first (total in X-Total-Count)',
        tags,
        querystring: customersQuerySchema,
        response: { 200: customersResponseSchema },
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return withTotal(
        reply,
        await listCustomers(request.ctx, parseInput(customersQuerySchema, request.query, 'query')),
      );
    },
  );

  app.put(
    '/admin/customers/:id',
    {
      schema: {
        summary: "Edit a customer's name, phone or city",
        tags,
        params: idParamsSchema,
        body: updateCustomerFieldsSchema,
        response: change,
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const id = pathId(request, 'Customer not found');
      const data = parseInput(updateCustomerFieldsSchema, request.body, 'body');
      return updateCustomer(request.ctx, { id, data }, admin.id);
    },
  );

  for (const action of ['deactivate', 'activate'] as const) {
    app.put(
      `/admin/customers/:id/${action}`,
      {
        schema: {
          summary: action === 'activate' ? 'Re-open an account' : 'Close an account: its tokens stop working',
          tags,
          params: idParamsSchema,
          response: change,
        },
      },
      async (request) => {
        const admin = await requireRole(request, 'admin');
        return setCustomerActive(
          request.ctx,
          { id: pathId(request, 'Customer not found'), active: action === 'activate' },
          admin.id,
        );
      },
    );
  }

  app.put(
    '/admin/customers/:id/erase',
    {
      schema: {
        summary: "Erase a customer's personal data (bookings and payments kept)",
        tags,
        params: idParamsSchema,
        response: change,
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      await assertSteppedUp(request.ctx, admin);
      return eraseCustomer(request.ctx, { id: pathId(request, 'Customer not found') }, admin.id);
    },
  );
};
