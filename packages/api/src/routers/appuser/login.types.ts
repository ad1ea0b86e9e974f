import { ZLoginForm } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZLoginResponse } from '../auth/session-response.ts';

export const adminLoginMeta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/appuser/login',
    tags: ['Authentication'],
    summary: 'Back-office sign-in (admins and insurer accounts)',
    description:
      'Only admin and insurer accounts, always with a second factor (`totpRequired`); every failure answers 401 `login.failed`.',
  },
};
export const ZAdminLoginRequestSchema = ZLoginForm;
export const ZAdminLoginResponseSchema = ZLoginResponse;
