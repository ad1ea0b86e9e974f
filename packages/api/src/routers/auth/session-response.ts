import type { TLoginResult } from '@portal/core';
import { ZRole } from '@portal/validators';
import { z } from 'zod';
import type { TContext } from '../../context.ts';

/** Spec §7 login answer: token id, userId, ttl, created, lang (customer) or role (admin). */
export const ZSessionResponse = z.object({
  id: z
    .string()
    .describe(
      'Session token for the Authorization header (REST); the session id over /trpc, where the token travels in an HttpOnly cookie',
    ),
  userId: z.string(),
  ttl: z.number().int().describe('Idle timeout in seconds'),
  created: z.string().describe('ISO 8601'),
  lang: z.enum(['de', 'en']),
  role: ZRole,
  recoveryCodes: z
    .array(z.string())
    .optional()
    .describe('Only right after an authenticator was set up during sign-in: one-time recovery codes, shown once'),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZFirstLoginResponse = z.object({
  firstLoginToken: z
    .string()
    .describe('Continue at /login/{firstLoginToken}?email=… to replace the temporary password'),
  email: z.string(),
});

export const ZTotpChallengeResponse = z.object({
  totpRequired: z.literal(true),
  challengeToken: z.string().describe('Send with the code to …/login-totp within 5 minutes'),
  setupRequired: z
    .boolean()
    .describe(
      'An admin or insurer account without an authenticator yet: get the QR code from /appuser/totp-enrolment first',
    ),
});

export const ZLoginResponse = z.union([ZSessionResponse, ZFirstLoginResponse, ZTotpChallengeResponse]);

/**
 * Turns a new session into the answer: the browser (tRPC) gets the secret only as an HttpOnly
 * cookie, never in a body script could read; REST clients get the token to send as Bearer.
 */
export function respondWithSession(
  ctx: Pick<TContext, 'via' | 'setSessionCookie'>,
  result: Extract<TLoginResult, { kind: 'session' }>,
): TSessionResponse {
  const { session } = result;
  if (ctx.via === 'trpc') ctx.setSessionCookie(result.token, 12 * 60 * 60);
  return {
    id: ctx.via === 'rest' ? result.token : session.id,
    userId: session.userId,
    ttl: session.ttl,
    created: session.createdAt.toISOString(),
    lang: result.lang,
    role: session.role,
    ...(result.recoveryCodes && { recoveryCodes: result.recoveryCodes }),
  };
}

export function respondToLogin(ctx: Pick<TContext, 'via' | 'setSessionCookie'>, result: TLoginResult) {
  if (result.kind === 'first_login') return { firstLoginToken: result.token, email: result.email };
  if (result.kind === 'totp_required') {
    return { totpRequired: true as const, challengeToken: result.token, setupRequired: result.setupRequired };
  }
  return respondWithSession(ctx, result);
}

export const requestMeta = (ctx: Pick<TContext, 'ip' | 'userAgent'>) => ({ ip: ctx.ip, userAgent: ctx.userAgent });
