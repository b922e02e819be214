import { z } from 'zod';
import { uuidSchema } from './common';

/** One signed-in device of the account (docs/api.md, "Signed-in devices"). */
export const sessionDtoSchema = z.object({
  id: z.uuid(),
  /** "Chrome on Windows"; null when the client sent no User-Agent. */
  device: z.string().nullable(),
  /** The network it signed in from, as `203.0.113.0/24`; null when unknown. */
  ip_prefix: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof sessionDtoSchema>;

export const sessionListSchema = z.array(sessionDtoSchema);

export const endSessionInputSchema = z.object({ id: uuidSchema });

export const endOtherSessionsResultSchema = z.object({ ended: z.number().int().nonnegative() });
export type EndOtherSessionsResult = z.infer<typeof endOtherSessionsResultSchema>;
