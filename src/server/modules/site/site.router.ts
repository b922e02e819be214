import { publicProcedure, router } from '../../trpc/init';
import { getBrand } from './site.service';
import { brandResponseSchema } from '../../../shared/schemas/responses';

export const siteRouter = router({
  brand: publicProcedure.output(brandResponseSchema).query(({ ctx }) => getBrand(ctx)),
});
