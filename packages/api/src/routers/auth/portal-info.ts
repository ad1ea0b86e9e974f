import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';

/** Facts the shell shows before anyone signs in (the contact link of spec §2). */
export const portalInfoProcedure = publicProcedure
  .output(z.object({ contactEmail: z.string() }))
  .query(({ ctx }) => ({ contactEmail: ctx.config.CONTACT_EMAIL }));
