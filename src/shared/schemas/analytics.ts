import { z } from 'zod';
import { PAGE_PATH_MAX_LENGTH } from '../analytics';

export { PAGE_PATH_MAX_LENGTH };

/** A page view the client reports once per route change: the path only, never the page. */
export const pageViewInputSchema = z.object({
  path: z
    .string({ error: 'Path is required' })
    .trim()
    .min(1, 'Path is required')
    .max(PAGE_PATH_MAX_LENGTH, `Path must be at most ${PAGE_PATH_MAX_LENGTH} characters`)
    .refine((value) => value.startsWith('/'), "Path must start with '/'")
    // A browser's path is percent-encoded: raw spaces, controls and bidirectional controls never come from one.
    .refine((value) => !/[\s\u0000-\u001f\u007f\p{Bidi_Control}]/u.test(value), 'Path contains invalid characters'),
});
export type PageViewInput = z.input<typeof pageViewInputSchema>;
