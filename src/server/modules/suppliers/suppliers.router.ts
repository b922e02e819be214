import {
  createSupplierInputSchema,
  supplierIdInputSchema,
  suppliersQuerySchema,
  updateSupplierInputSchema,
} from '../../../shared/schemas/suppliers';
import { adminProcedure, router } from '../../trpc/init';
import { createSupplier, listSupplierProjects, listSuppliers, updateSupplier } from './suppliers.service';

/** `admin.suppliers.*`: the Suppliers tab (cards, Add New Supplier, Edit, Projects). */
export const adminSuppliersRouter = router({
  list: adminProcedure.input(suppliersQuerySchema.optional()).query(({ ctx, input }) => listSuppliers(ctx, input)),
  create: adminProcedure
    .input(createSupplierInputSchema)
    .mutation(({ ctx, input }) => createSupplier(ctx, input, ctx.user.id)),
  update: adminProcedure
    .input(updateSupplierInputSchema)
    .mutation(({ ctx, input }) => updateSupplier(ctx, input, ctx.user.id)),
  projects: adminProcedure.input(supplierIdInputSchema).query(({ ctx, input }) => listSupplierProjects(ctx, input)),
});
