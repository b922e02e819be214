import { reportQuerySchema } from '../../../shared/schemas/reports';
import { adminProcedure, router } from '../../trpc/init';
import {
  cityWiseReport,
  customerReport,
  eventTypeWiseReport,
  reportsSummary,
  vendorReport,
  weeklyTrend,
} from './reports.service';

/** `admin.reports.*`: the Reports and Analytics tabs. */
export const adminReportsRouter = router({
  summary: adminProcedure.query(({ ctx }) => reportsSummary(ctx)),
  customers: adminProcedure.input(reportQuerySchema.optional()).query(({ ctx, input }) => customerReport(ctx, input)),
  vendors: adminProcedure.input(reportQuerySchema.optional()).query(({ ctx, input }) => vendorReport(ctx, input)),
  cityWise: adminProcedure.query(({ ctx }) => cityWiseReport(ctx)),
  eventTypeWise: adminProcedure.query(({ ctx }) => eventTypeWiseReport(ctx)),
  weekly: adminProcedure.query(({ ctx }) => weeklyTrend(ctx)),
});
