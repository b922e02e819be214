import { publicProcedure, router } from '../../trpc/init';
import { getBrand } from './site.service';
import { brandResponseSchema, paymentRulesResponseSchema } from '../../../shared/schemas/responses';
import { getPublishedPaymentRules } from '../payments/payment-rules.service';

export const siteRouter = router({
  brand: publicProcedure.output(brandResponseSchema).query(({ ctx }) => getBrand(ctx)),
  /** The payment schedule's numbers the published terms state (docs/product.md#payments). */
  paymentTerms: publicProcedure.output(paymentRulesResponseSchema).query(({ ctx }) => getPublishedPaymentRules(ctx)),
});
