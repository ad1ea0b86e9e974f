import type { TRPCRouterRecord } from '@trpc/server';
import { twoFactorDisableProcedure } from './disable.ts';
import { twoFactorEnableProcedure } from './enable.ts';
import { twoFactorSetupProcedure } from './setup.ts';
import { twoFactorStatusProcedure } from './status.ts';

/** Two-factor sign-in (TOTP) in one's own account, DECISIONS.md. */
export const twoFactorRouter = {
  status: twoFactorStatusProcedure,
  setup: twoFactorSetupProcedure,
  enable: twoFactorEnableProcedure,
  disable: twoFactorDisableProcedure,
} satisfies TRPCRouterRecord;
