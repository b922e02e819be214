import type { Config } from '../config';
import type { Database } from '../db/client';

/** What every service function receives first: the database and the validated config. */
export type ServiceDeps = { db: Database; config: Config };
