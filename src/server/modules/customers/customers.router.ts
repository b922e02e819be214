import { customerIdInputSchema, customersQuerySchema, updateCustomerInputSchema } from '../../../shared/schemas/admin';
import { adminProcedure, router, stepUpAdminProcedure } from '../../trpc/init';
import { eraseCustomer, listCustomers, setCustomerActive, updateCustomer } from './customers.service';

/** `admin.customers.*`: the Customers tab (list, Edit, Deactivate and back, Erase). */
export const adminCustomersRouter = router({
  list: adminProcedure.input(customersQuerySchema.optional()).query(({ ctx, input }) => listCustomers(ctx, input)),
  update: adminProcedure
    .input(updateCustomerInputSchema)
    .mutation(({ ctx, input }) => updateCustomer(ctx, input, ctx.user.id)),
  deactivate: adminProcedure
    .input(customerIdInputSchema)
    .mutation(({ ctx, input }) => setCustomerActive(ctx, { id: input.id, active: false }, ctx.user.id)),
  activate: adminProcedure
    .input(customerIdInputSchema)
    .mutation(({ ctx, input }) => setCustomerActive(ctx, { id: input.id, active: true }, ctx.user.id)),
  erase: stepUpAdminProcedure
    .input(customerIdInputSchema)
    .mutation(({ ctx, input }) => eraseCustomer(ctx, input, ctx.user.id)),
});
