import { ZRegisterForm } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZSessionResponse } from '../auth/session-response.ts';

export const createEmployerMeta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/create-employer',
    tags: ['Authentication'],
    summary: 'Register a policyholder (employer and company) and sign in',
    description:
      'All three checkboxes must be true; the password needs 12+ characters and a zxcvbn score of at least 2 (`change_password.password_too_weak`); a used email answers 409 `users.email_already_exists`.',
  },
};
export const ZCreateEmployerRequestSchema = ZRegisterForm;
export const ZCreateEmployerResponseSchema = ZSessionResponse;
