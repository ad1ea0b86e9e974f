import { ZPassword } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';

export const changePasswordMeta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/change-password',
    tags: ['Account'],
    summary: 'Change one’s own password (needs the current one; ends other sessions)',
  },
};
export const ZChangePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1).max(256),
  newPassword: ZPassword,
});
export const ZChangePasswordResponseSchema = z.object({ success: z.literal(true) });
