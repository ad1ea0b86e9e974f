import { ZFirstLoginInput } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZSessionResponse } from '../auth/session-response.ts';

export const firstLoginMeta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/first-login',
    tags: ['Authentication'],
    summary: 'Set one’s own password from an invitation or temporary-password link, and sign in',
    description: 'Not in the original call table: the page /login/{token} needs it. The token works once.',
  },
};
export const ZFirstLoginRequestSchema = ZFirstLoginInput;
export const ZFirstLoginResponseSchema = ZSessionResponse;
