import {
  absences,
  asc,
  avvAcceptances,
  companies,
  courseAssignments,
  courseCycles,
  courseDueDates,
  courseProgress,
  eq,
  reminderLog,
  reminderSettings,
  type TDb,
  users,
} from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { textAsSqlite } from '../employees/text-as-sqlite.ts';
import { notFound } from '../errors.ts';

/**
 * DECISIONS.md: the policyholder can export the company's data. Everything the portal keeps about
 * the company and its people, without secrets (no hashes, tokens or TOTP secrets), as plain JSON.
 */
export async function exportCompanyData(db: TDb, viewer: TSessionUser, companyId: string, now = new Date()) {
  if (viewer.role !== 'admin' && (viewer.role !== 'employer' || viewer.companyId !== companyId)) throw notFound();
  const [company] = await db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      street: companies.street,
      postCode: companies.postCode,
      city: companies.city,
      phoneNumber: companies.phoneNumber,
      insuranceNumber: companies.insuranceNumber,
      employeeCount: companies.employeeCount,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  const people = await db
    .select({
      id: users.id,
      salutation: users.salutation,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      role: users.role,
      active: users.active,
      locked: users.locked,
      lang: users.lang,
      phoneNumber: users.phoneNumber,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(textAsSqlite(db, users.lastname)), asc(textAsSqlite(db, users.firstname)));
  const assignments = await db
    .select({
      userId: courseAssignments.userId,
      courseSlug: courseAssignments.courseSlug,
      assignedAt: courseAssignments.assignedAt,
      dueOn: courseAssignments.dueOn,
    })
    .from(courseAssignments)
    .innerJoin(users, eq(users.id, courseAssignments.userId))
    .where(eq(users.companyId, companyId));
  const progress = await db
    .select({
      userId: courseProgress.userId,
      courseSlug: courseProgress.courseSlug,
      status: courseProgress.status,
      workingSeconds: courseProgress.workingSeconds,
      attentionPermille: courseProgress.attention,
      quizRepeatCount: courseProgress.quizRepeatCount,
      moduleRepeatCount: courseProgress.moduleRepeatCount,
      bestScore: courseProgress.bestScore,
      startedAt: courseProgress.startedAt,
      completedAt: courseProgress.completedAt,
      cycle: courseProgress.cycle,
    })
    .from(courseProgress)
    .where(eq(courseProgress.companyId, companyId));
  const avv = await db
    .select({
      userId: avvAcceptances.userId,
      contractVersion: avvAcceptances.contractVersion,
      acceptedAt: avvAcceptances.acceptedAt,
    })
    .from(avvAcceptances)
    .where(eq(avvAcceptances.companyId, companyId));
  // Due dates, absences, reminders and earlier course runs (issue 22, docs/privacy.md).
  const dueDates = await db
    .select({ courseSlug: courseDueDates.courseSlug, dueOn: courseDueDates.dueOn })
    .from(courseDueDates)
    .where(eq(courseDueDates.companyId, companyId));
  const [settings] = await db
    .select({
      defaultDueDays: reminderSettings.defaultDueDays,
      remindBefore: reminderSettings.remindBefore,
      remindDaysBefore: reminderSettings.remindDaysBefore,
      remindOverdue: reminderSettings.remindOverdue,
      reminderGapDays: reminderSettings.reminderGapDays,
      managerDigest: reminderSettings.managerDigest,
      completionAlert: reminderSettings.completionAlert,
      completionThreshold: reminderSettings.completionThreshold,
      certificateExpiryAlert: reminderSettings.certificateExpiryAlert,
      showNames: reminderSettings.showNames,
      showNamesChangedBy: reminderSettings.showNamesChangedBy,
      showNamesChangedAt: reminderSettings.showNamesChangedAt,
      state: reminderSettings.state,
    })
    .from(reminderSettings)
    .where(eq(reminderSettings.companyId, companyId));
  const absenceRows = await db
    .select({ userId: absences.userId, startsOn: absences.startsOn, endsOn: absences.endsOn })
    .from(absences)
    .where(eq(absences.companyId, companyId));
  const reminders = await db
    .select({ userId: reminderLog.userId, kind: reminderLog.kind, key: reminderLog.key, sentOn: reminderLog.sentOn })
    .from(reminderLog)
    .where(eq(reminderLog.companyId, companyId));
  const cycles = await db
    .select({
      userId: courseCycles.userId,
      courseSlug: courseCycles.courseSlug,
      cycle: courseCycles.cycle,
      contentVersion: courseCycles.contentVersion,
      workingSeconds: courseCycles.workingSeconds,
      bestScore: courseCycles.bestScore,
      startedAt: courseCycles.startedAt,
      completedAt: courseCycles.completedAt,
    })
    .from(courseCycles)
    .where(eq(courseCycles.companyId, companyId));
  return {
    exportedAt: now.toISOString(),
    company: { ...company, createdAt: company.createdAt.toISOString() },
    people: people.map((person) => ({ ...person, createdAt: person.createdAt.toISOString() })),
    assignments: assignments.map((row) => ({ ...row, assignedAt: row.assignedAt.toISOString() })),
    progress: progress.map((row) => ({
      ...row,
      startedAt: row.startedAt.toISOString(),
      completedAt: iso(row.completedAt),
    })),
    avvAcceptances: avv.map((row) => ({ ...row, acceptedAt: row.acceptedAt.toISOString() })),
    courseDueDates: dueDates,
    reminderSettings: settings ? { ...settings, showNamesChangedAt: iso(settings.showNamesChangedAt) } : null,
    absences: absenceRows,
    reminders,
    courseCycles: cycles.map((row) => ({
      ...row,
      startedAt: row.startedAt.toISOString(),
      completedAt: iso(row.completedAt),
    })),
  };
}
