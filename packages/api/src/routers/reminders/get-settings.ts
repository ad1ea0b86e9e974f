import { readReminderSettings } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { settingsResponse, ZReminderSettings } from './reminder-settings.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/reminders/settings',
    tags: ['Reminders'],
    summary: 'The company’s general deadline and reminder ladder (defaults until the policyholder changes them)',
  },
};

export const getReminderSettingsProcedure = companyProcedure
  .meta(meta)
  .input(z.object({}).optional())
  .output(ZReminderSettings)
  .query(async ({ ctx }) => settingsResponse(ctx.db, await readReminderSettings(ctx.db, ctx.companyId)));
