import { BUNDESLAENDER, type TReminderSettings } from '@portal/core';
import { eq, type TDb, users } from '@portal/db';
import { ZDueDays } from '@portal/validators';
import { z } from 'zod';

type TRangeMessage = 'due_dates.days_before_range' | 'due_dates.gap_range' | 'due_dates.threshold_range';
const range = (min: number, max: number, message: TRangeMessage) =>
  z.number({ message }).int({ message }).min(min, { message }).max(max, { message });

/** What the employer may change; every field optional (PATCH). Bounds are the issue's and ADR 033's. */
export const ZReminderSettingsPatch = z
  .object({
    defaultDueDays: ZDueDays.nullable(),
    remindBefore: z.boolean(),
    remindDaysBefore: range(1, 60, 'due_dates.days_before_range'),
    remindOverdue: z.boolean(),
    reminderGapDays: range(1, 60, 'due_dates.gap_range'),
    managerDigest: z.boolean(),
    completionAlert: z.boolean(),
    completionThreshold: range(1, 100, 'due_dates.threshold_range'),
    certificateExpiryAlert: z.boolean(),
    showNames: z.boolean(),
    /** The company's Bundesland for its holidays; null: national holidays only. */
    state: z.enum(BUNDESLAENDER, { message: 'due_dates.state_invalid' }).nullable(),
  })
  .partial()
  .strict();

export const ZReminderSettings = z.object({
  defaultDueDays: z.number().int().nullable(),
  remindBefore: z.boolean(),
  remindDaysBefore: z.number().int(),
  remindOverdue: z.boolean(),
  reminderGapDays: z.number().int(),
  managerDigest: z.boolean(),
  completionAlert: z.boolean(),
  completionThreshold: z.number().int(),
  certificateExpiryAlert: z.boolean(),
  showNames: z.boolean(),
  /** When and by whom names were last switched on or off (works council record). */
  showNamesChangedAt: z.string().nullable(),
  showNamesChangedBy: z.string().nullable(),
  /** The name of that person, for the works council's record on the settings page. */
  showNamesChangedByName: z.string().nullable(),
  state: z.enum(BUNDESLAENDER).nullable(),
});

export async function settingsResponse(
  db: TDb,
  settings: TReminderSettings,
): Promise<z.infer<typeof ZReminderSettings>> {
  const [changer] = settings.showNamesChangedBy
    ? await db
        .select({ firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(eq(users.id, settings.showNamesChangedBy))
    : [];
  return {
    ...settings,
    showNamesChangedAt: settings.showNamesChangedAt?.toISOString() ?? null,
    showNamesChangedByName: changer ? `${changer.firstname} ${changer.lastname}` : null,
  };
}
