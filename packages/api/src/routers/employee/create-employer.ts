import { registerEmployer } from '@portal/core';
import { publicProcedure } from '../../trpc.ts';
import { requestMeta, respondWithSession } from '../auth/session-response.ts';
import {
  createEmployerMeta,
  ZCreateEmployerRequestSchema,
  ZCreateEmployerResponseSchema,
} from './create-employer.types.ts';

export const createEmployerProcedure = publicProcedure
  .meta(createEmployerMeta)
  .input(ZCreateEmployerRequestSchema)
  .output(ZCreateEmployerResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await registerEmployer(
      ctx.db,
      {
        firstname: input.firstname,
        lastname: input.lastname,
        companyName: input.companyName,
        email: input.email,
        password: input.password,
      },
      { ...requestMeta(ctx), lang: ctx.locale, publicUrl: ctx.config.publicUrl },
    );
    return respondWithSession(ctx, result);
  });
