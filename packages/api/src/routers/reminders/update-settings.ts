import { systemClock, updateReminderSettings } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { companyEmployerProcedure } from '../../trpc.ts';
import { settingsResponse, ZReminderSettings, ZReminderSettingsPatch } from './reminder-settings.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'PATCH',
    path: '/reminders/settings',
    tags: ['Reminders'],
    summary:
      'Policyholder: change the general deadline (1-365 days or null) and the reminder ladder; switching names on or off is recorded',
  },
};

export const updateReminderSettingsProcedure = companyEmployerProcedure
  .meta(meta)
  .input(ZReminderSettingsPatch)
  .output(ZReminderSettings)
  .mutation(async ({ ctx, input }) =>
    settingsResponse(ctx.db, await updateReminderSettings(ctx.db, ctx.user, ctx.companyId, input, systemClock.now())),
  );
