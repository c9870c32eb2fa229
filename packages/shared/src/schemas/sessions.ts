import { z } from 'zod';
import { sessionMessages } from '../messages.js';

/**
 * One live session of the signed-in user, as Password & Security lists it. `id` is the session's
 * opaque id, never its token: knowing it lets only its owner end it.
 */
export const sessionSchema = z.object({
  id: z.string(),
  /** The user agent in words, e.g. 'Chrome on Linux'. */
  device: z.string(),
  /** The client address recorded at sign-in; null for sessions made before addresses were kept. */
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** When the session was last extended or changed (Better Auth refreshes it about once a day). */
  lastSeenAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** GET /api/sessions: the current session first, then the most recently seen. */
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** DELETE /api/sessions/:id. Session ids are Better Auth's random alphanumerics. */
export const sessionParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { error: sessionMessages.sessionNotFound }),
});

/** POST /api/sessions/revoke-others: how many sessions were ended. */
export const revokeOthersResultSchema = z.object({ revoked: z.number().int().min(0) });
export type RevokeOthersResult = z.infer<typeof revokeOthersResultSchema>;
