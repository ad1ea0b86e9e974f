import { eq, reminderSettings, type TDatabase, type TDb, transaction } from '@portal/db';
import { isBundesland, type TBundesland } from '@portal/validators';
import { audit } from '../audit/audit.ts';
import type { TSessionUser } from '../auth/sessions.ts';

/** A company's due-date default and reminder ladder (ADR 033). */
export interface TReminderSettings {
  defaultDueDays: number | null;
  remindBefore: boolean;
  remindDaysBefore: number;
  remindOverdue: boolean;
  reminderGapDays: number;
  managerDigest: boolean;
  completionAlert: boolean;
  completionThreshold: number;
  certificateExpiryAlert: boolean;
  showNames: boolean;
  showNamesChangedAt: Date | null;
  showNamesChangedBy: string | null;
  /** The Bundesland whose holidays count besides the national ones (feiertagejs code), if known. */
  state: TBundesland | null;
}

/**
 * The ladder a company has until its employer changes something: learners are reminded a week
 * before and when overdue, at most once a week; managers get the weekly digest; the employer is
 * alerted below 80 % and before the company certificate runs out. No due date by default, so no
 * learner gets a reminder until the employer sets one; digests and alerts show counts only.
 */
export const DEFAULT_REMINDER_SETTINGS: TReminderSettings = {
  defaultDueDays: null,
  remindBefore: true,
  remindDaysBefore: 7,
  remindOverdue: true,
  reminderGapDays: 7,
  managerDigest: true,
  completionAlert: true,
  completionThreshold: 80,
  certificateExpiryAlert: true,
  showNames: false,
  showNamesChangedAt: null,
  showNamesChangedBy: null,
  state: null,
};

export async function readReminderSettings(db: TDb, companyId: string): Promise<TReminderSettings> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.companyId, companyId));
  if (!row) return DEFAULT_REMINDER_SETTINGS;
  const { companyId: _company, updatedAt: _updated, completionBelow: _below, state, ...settings } = row;
  return { ...settings, state: isBundesland(state) ? state : null };
}

export type TReminderSettingsPatch = Partial<Omit<TReminderSettings, 'showNamesChangedAt' | 'showNamesChangedBy'>>;

/**
 * The employer changes the settings. Switching names on or off records who and when (in the row and
 * in the audit log), because the works council may ask (docs/privacy.md).
 */
export async function updateReminderSettings(
  db: TDatabase,
  actor: TSessionUser,
  companyId: string,
  patch: TReminderSettingsPatch,
  now: Date,
): Promise<TReminderSettings> {
  // Read committed: one upsert of the company's row that sets only the fields in the patch, so two
  // employers saving different fields at once keep both; a switch of `show_names` is recorded by
  // whichever request made it.
  return transaction(db, async (tx) => {
    const before = await readReminderSettings(tx, companyId);
    const namesSwitched = patch.showNames !== undefined && patch.showNames !== before.showNames;
    const changes = {
      ...patch,
      ...(namesSwitched ? { showNamesChangedAt: now, showNamesChangedBy: actor.id } : {}),
      updatedAt: now,
    };
    await tx
      .insert(reminderSettings)
      .values({ companyId, ...changes })
      .onConflictDoUpdate({ target: reminderSettings.companyId, set: changes });
    const next = await readReminderSettings(tx, companyId);
    if (namesSwitched) {
      await audit(tx, {
        action: 'reminders.names_switched',
        actorId: actor.id,
        actorRole: actor.role,
        companyId,
        details: { showNames: next.showNames },
      });
    }
    return next;
  });
}
