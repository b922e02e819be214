import {
  pendingVendorsQuerySchema,
  rejectVendorInputSchema,
  vendorIdInputSchema,
  vendorRegisterInputSchema,
} from '../../../shared/schemas/vendor';
import { adminProcedure, publicProcedure, router } from '../../trpc/init';
import { approveVendor, listPendingVendors, registerVendor, rejectVendor } from './vendor.service';

export const vendorRouter = router({
  register: publicProcedure.input(vendorRegisterInputSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimit('vendor_register');
    return registerVendor(ctx, input, ctx.request);
  }),
});

/** `admin.vendors.*`: the Pending Vendors tab. */
export const adminVendorsRouter = router({
  pending: adminProcedure
    .input(pendingVendorsQuerySchema.optional())
    .query(({ ctx, input }) => listPendingVendors(ctx, input)),
  approve: adminProcedure
    .input(vendorIdInputSchema)
    .mutation(({ ctx, input }) => approveVendor(ctx, input, ctx.user.id)),
  reject: adminProcedure
    .input(rejectVendorInputSchema)
    .mutation(({ ctx, input }) => rejectVendor(ctx, input, ctx.user.id)),
});
