import { audit, invalidateSession } from '@portal/core';
import { transaction } from '@portal/db';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { authedProcedure } from '../../trpc.ts';

export const ZLogoutRequestSchema = z.void();
export const ZLogoutResponseSchema = z.object({ success: z.literal(true) });

/** Logout ends the current session; the same handler serves both spec paths. */
export const makeLogoutProcedure = (path: '/employee/logout' | '/appuser/logout') => {
  const meta: OpenApiMeta = {
    openapi: { method: 'POST', path, tags: ['Authentication'], summary: 'Sign out (ends this session)' },
  };
  return authedProcedure
    .meta(meta)
    .input(ZLogoutRequestSchema)
    .output(ZLogoutResponseSchema)
    .mutation(async ({ ctx }) => {
      // Read committed: one delete and one insert, nothing read before them decides anything (ADR 028).
      await transaction(ctx.db, async (tx) => {
        await invalidateSession(tx, ctx.session.id);
        await audit(tx, {
          action: 'logout',
          actorId: ctx.user.id,
          actorRole: ctx.user.role,
          companyId: ctx.user.companyId,
          ip: ctx.ip,
        });
      });
      ctx.clearSessionCookie();
      return { success: true as const };
    });
};
