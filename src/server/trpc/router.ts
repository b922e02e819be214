import { authRouter } from '../modules/auth/auth.router';
import { siteRouter } from '../modules/site/site.router';
import { router } from './init';

/** The root router: one sub-router per domain (architecture section 3). */
export const appRouter = router({
  auth: authRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
