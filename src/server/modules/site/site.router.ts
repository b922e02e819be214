import { publicProcedure, router } from '../../trpc/init';
import { getBrand } from './site.service';

export const siteRouter = router({
  brand: publicProcedure.query(({ ctx }) => getBrand(ctx)),
});
