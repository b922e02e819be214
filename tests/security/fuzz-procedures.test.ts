import { fuzzSuite } from './helpers/fuzz-suite';
import { TRPC_ROWS } from './helpers/surface';

/* The tRPC half of the property-based fuzzing (docs/security.md#hostile-input); `helpers/fuzz-suite.ts` says how. */
fuzzSuite(TRPC_ROWS, 'every tRPC procedure');
