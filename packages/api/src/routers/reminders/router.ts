import type { TRPCRouterRecord } from '@trpc/server';
import { getReminderSettingsProcedure } from './get-settings.ts';
import { previewReminderMailProcedure } from './preview-mail.ts';
import { updateReminderSettingsProcedure } from './update-settings.ts';

/** Calls under /api/reminders: the company's general deadline and reminder ladder (ADR 033). */
export const remindersRouter = {
  settings: getReminderSettingsProcedure,
  updateSettings: updateReminderSettingsProcedure,
  preview: previewReminderMailProcedure,
} satisfies TRPCRouterRecord;
