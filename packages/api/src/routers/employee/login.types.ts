import { ZLoginForm } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZLoginResponse } from '../auth/session-response.ts';

export const loginMeta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/login',
    tags: ['Authentication'],
    summary: 'Customer sign-in (employer, manager, employee)',
    description: 'Wrong password, unknown email, blocked or throttled account all answer 401 `login.failed`.',
  },
};
export const ZEmployeeLoginRequestSchema = ZLoginForm;
export const ZEmployeeLoginResponseSchema = ZLoginResponse;
