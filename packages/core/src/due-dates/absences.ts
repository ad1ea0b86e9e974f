import { absences, and, asc, eq, gte, type TDatabase, type TDb, transaction } from '@portal/db';
import { addDays, berlinDay } from '@portal/validators';
import { audit } from '../audit/audit.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { assertMayManage, findStaffMember } from '../employees/staff-access.ts';
import { DomainError } from '../errors.ts';

export interface TAbsence {
  id: string;
  userId: string;
  startsOn: string;
  endsOn: string;
}

/** An absence longer than this is almost certainly a typo (the year): refused. */
export const MAX_ABSENCE_DAYS = 3 * 366;

/**
 * Employers mark managers and employees absent, managers employees (the staff rules of spec §6):
 * from a day (today unless given) until a day, both included. A person has one absence at a time:
 * a new one replaces a current or planned one; past ones stay, because they moved due dates.
 */
export async function recordAbsence(
  db: TDatabase,
  actor: TSessionUser,
  companyId: string,
  input: { userId: string; startsOn?: string; endsOn: string },
  now: Date,
): Promise<TAbsence> {
  const today = berlinDay(now);
  const startsOn = input.startsOn ?? today;
  if (input.endsOn < today) throw new DomainError('BAD_REQUEST', 'due_dates.absence_end_in_past');
  if (input.endsOn < startsOn) throw new DomainError('BAD_REQUEST', 'due_dates.absence_end_before_start');
  if (input.endsOn > addDays(startsOn, MAX_ABSENCE_DAYS))
    throw new DomainError('BAD_REQUEST', 'due_dates.absence_too_long');
  // Read committed: the person's rows are replaced by key in one transaction; two requests at once
  // may both insert, and the reads then see two rows: the one ending last counts (absenceOn) (ADR 028).
  return transaction(db, async (tx) => {
    const target = await findStaffMember(tx, companyId, input.userId);
    assertMayManage(actor, target);
    await tx.delete(absences).where(and(eq(absences.userId, target.id), gte(absences.endsOn, today)));
    const [row] = await tx
      .insert(absences)
      .values({ userId: target.id, companyId, startsOn, endsOn: input.endsOn, createdBy: actor.id })
      .returning({ id: absences.id, userId: absences.userId, startsOn: absences.startsOn, endsOn: absences.endsOn });
    await audit(tx, {
      action: 'absence.recorded',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: target.id,
      companyId,
      details: { startsOn, endsOn: input.endsOn },
    });
    if (!row) throw new Error('absence not recorded');
    return row;
  });
}

/**
 * The person is back: a current absence ends yesterday (due dates move by the days actually
 * missed), a planned one is dropped.
 */
export async function endAbsence(
  db: TDatabase,
  actor: TSessionUser,
  companyId: string,
  input: { userId: string },
  now: Date,
): Promise<{ userId: string; ended: number }> {
  const today = berlinDay(now);
  return transaction(db, async (tx) => {
    const target = await findStaffMember(tx, companyId, input.userId);
    assertMayManage(actor, target);
    const open = await tx
      .select({ id: absences.id, startsOn: absences.startsOn })
      .from(absences)
      .where(and(eq(absences.userId, target.id), gte(absences.endsOn, today)));
    for (const absence of open) {
      if (absence.startsOn >= today) await tx.delete(absences).where(eq(absences.id, absence.id));
      else
        await tx
          .update(absences)
          .set({ endsOn: addDays(today, -1) })
          .where(eq(absences.id, absence.id));
    }
    if (open.length > 0) {
      await audit(tx, {
        action: 'absence.ended',
        actorId: actor.id,
        actorRole: actor.role,
        targetId: target.id,
        companyId,
      });
    }
    return { userId: target.id, ended: open.length };
  });
}

/** Every absence of a company's people, oldest first (due dates and reminders read them all). */
export async function companyAbsences(db: TDb, companyId: string): Promise<TAbsence[]> {
  return db
    .select({ id: absences.id, userId: absences.userId, startsOn: absences.startsOn, endsOn: absences.endsOn })
    .from(absences)
    .where(eq(absences.companyId, companyId))
    .orderBy(asc(absences.startsOn));
}

/** One person's absences. */
export async function absencesOf(db: TDb, userId: string): Promise<TAbsence[]> {
  return db
    .select({ id: absences.id, userId: absences.userId, startsOn: absences.startsOn, endsOn: absences.endsOn })
    .from(absences)
    .where(eq(absences.userId, userId))
    .orderBy(asc(absences.startsOn));
}
