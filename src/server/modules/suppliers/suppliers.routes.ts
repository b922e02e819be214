import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSupplierInputSchema,
  suppliersQuerySchema,
  updateSupplierFieldsSchema,
} from '../../../shared/schemas/suppliers';
import {
  adminSupplierProjectsResponseSchema,
  idParamsSchema,
  supplierChangeResponseSchema,
  suppliersResponseSchema,
} from '../../../shared/schemas/responses';
import { parseInput, pathId, requireRole, withTotal } from '../../lib/http';
import { createSupplier, listSupplierProjects, listSuppliers, updateSupplier } from './suppliers.service';

/**
 * docs/api.md `GET /api/suppliers` and `POST /api/suppliers` (the spec's client sent no token; the server
 * requires the admin role), plus `PUT /api/suppliers/{id}` (Edit) and `GET /api/suppliers/{id}/projects`.
 */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['suppliers'];
  app.get(
    '/suppliers',
    {
      schema: {
        summary: 'Suppliers, approved and active first (total in X-Total-Count)',
        tags,
        querystring: suppliersQuerySchema,
        response: { 200: suppliersResponseSchema },
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return withTotal(
        reply,
        await listSuppliers(request.ctx, parseInput(suppliersQuerySchema, request.query, 'query')),
      );
    },
  );

  app.post(
    '/suppliers',
    {
      schema: {
        summary: 'Add an approved supplier',
        tags,
        body: createSupplierInputSchema,
        response: { 201: supplierChangeResponseSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireRole(request, 'admin');
      const input = parseInput(createSupplierInputSchema, request.body, 'body');
      return reply.code(201).send(await createSupplier(request.ctx, input, admin.id));
    },
  );

  app.put(
    '/suppliers/:id',
    {
      schema: {
        summary: 'Edit a supplier',
        tags,
        params: idParamsSchema,
        body: updateSupplierFieldsSchema,
        response: { 200: supplierChangeResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const id = pathId(request, 'Supplier not found');
      const data = parseInput(updateSupplierFieldsSchema, request.body, 'body');
      return updateSupplier(request.ctx, { id, data }, admin.id);
    },
  );

  app.get(
    '/suppliers/:id/projects',
    {
      schema: {
        summary: 'The projects a supplier was invited to, with its quote',
        tags,
        params: idParamsSchema,
        response: { 200: adminSupplierProjectsResponseSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return listSupplierProjects(request.ctx, { id: pathId(request, 'Supplier not found') });
    },
  );
};
