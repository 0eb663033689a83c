import { z } from 'zod';

// The /api/auth calls that move the cookie session's deadline (docs/decisions/034).

/** POST /api/auth/session/activity: when the session now ends unless used again. */
export const sessionActivityAnswerSchema = z
  .object({ expiresAt: z.string() })
  .meta({ id: 'SessionActivityAnswer' });
export type SessionActivityAnswer = z.infer<typeof sessionActivityAnswerSchema>;
