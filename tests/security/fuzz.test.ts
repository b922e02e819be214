import { fuzzSuite } from './helpers/fuzz-suite';
import { REST_ROWS } from './helpers/surface';

/* The REST half of the property-based fuzzing (docs/security.md#hostile-input); `helpers/fuzz-suite.ts` says how. */
fuzzSuite(REST_ROWS, 'every REST route');
