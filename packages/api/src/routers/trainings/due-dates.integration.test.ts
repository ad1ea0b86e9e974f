import { syncCourses } from '@portal/core';
import { and, auditLog, courseAssignments, eq, transaction } from '@portal/db';
import { addDays, berlinDay, formatDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  completeCourses,
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../test/test-db.ts';

/*
 * Issue 22 points 2 and 3 through the API, on SQLite and PostgreSQL: due dates per course and per
 * person, the company's "within N days", absences that move them, the learner's view and the
 * dashboard's counts, and bad input that changes nothing.
 */

let t: TTestDb;
let employer: TSeededUser & { companyId: string; token: string };
let manager: TSeededUser;
let people: TSeededUser[];
const today = berlinDay(new Date());

const as = (person: { token?: string }) => callerFor(t.db, { token: person.token ?? '' });
const tokenOf = async (person: TSeededUser) => (await sessionFor(t.db, person)).token;

async function backdateAssignment(userId: string, slug: string, days: number) {
  await transaction(t.db, (tx) =>
    tx
      .update(courseAssignments)
      .set({ assignedAt: new Date(Date.now() - days * 24 * 3600 * 1000) })
      .where(and(eq(courseAssignments.userId, userId), eq(courseAssignments.courseSlug, slug))),
  );
}

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  employer = await seedEmployer(t.db);
  manager = await seedEmployee(t.db, employer.companyId, { role: 'manager', lastname: 'Leitung' });
  people = [];
  for (const lastname of ['Anton', 'Berta', 'Cäsar', 'Dora'])
    people.push(await seedEmployee(t.db, employer.companyId, { lastname }));
});
afterAll(() => t.cleanup());

describe('due dates (issue 22.2)', () => {
  it('shows the course’s date, a person’s own date, and the company’s default to learners', async () => {
    const { caller } = as(employer);
    const [anton, berta] = people as [TSeededUser, TSeededUser];
    await caller.trainings.assignToAll({ trainingSlug: 'malware' });
    await caller.trainings.assignToAll({ trainingSlug: 'byod' });

    const learner = as({ token: await tokenOf(anton) }).caller;
    const before = await learner.trainings.list({ lang: 'de' });
    expect(before.map((card) => card.due)).toEqual([null, null]);

    const courseDate = addDays(today, 3);
    await caller.trainings.setDueDate({ trainingSlug: 'malware', dueOn: courseDate });
    await caller.trainings.setDueDate({ trainingSlug: 'malware', dueOn: addDays(today, 20), ownerId: berta.id });
    await caller.reminders.updateSettings({ defaultDueDays: 30 });

    const cards = Object.fromEntries((await learner.trainings.list({ lang: 'de' })).map((c) => [c.slug, c.due]));
    expect(cards.malware).toEqual({ dueOn: courseDate, state: 'due_soon' });
    expect(cards.byod).toEqual({ dueOn: addDays(today, 30), state: 'due_later' });
    const bertas = await as({ token: await tokenOf(berta) }).caller.trainings.list({ lang: 'en' });
    expect(bertas.find((card) => card.slug === 'malware')?.due).toEqual({
      dueOn: addDays(today, 20),
      state: 'due_later',
    });

    // Removing the course's date leaves the default for everyone without their own date.
    await caller.trainings.setDueDate({ trainingSlug: 'malware', dueOn: null });
    const after = await learner.trainings.list({ lang: 'de' });
    expect(after.find((card) => card.slug === 'malware')?.due?.dueOn).toBe(addDays(today, 30));
  });

  it('marks a course overdue the day after its date, and a completed course not at all', async () => {
    const cesar = people[2] as TSeededUser;
    await backdateAssignment(cesar.id, 'byod', 31);
    await completeCourses(t.db, { ...cesar, companyId: employer.companyId }, []);
    const cards = await as({ token: await tokenOf(cesar) }).caller.trainings.list({ lang: 'de' });
    expect(cards.find((card) => card.slug === 'byod')?.due).toEqual({ dueOn: addDays(today, -1), state: 'overdue' });

    const dora = people[3] as TSeededUser;
    await backdateAssignment(dora.id, 'byod', 31);
    await transaction(t.db, (tx) =>
      tx
        .delete(courseAssignments)
        .where(and(eq(courseAssignments.userId, dora.id), eq(courseAssignments.courseSlug, 'byod'))),
    );
    await completeCourses(t.db, { ...dora, companyId: employer.companyId }, ['byod']);
    const doras = await as({ token: await tokenOf(dora) }).caller.trainings.list({ lang: 'de' });
    expect(doras.find((card) => card.slug === 'byod')?.due).toBeNull();
  });

  it('refuses a day in the past, an impossible day and N outside 1–365, translated, changing nothing', async () => {
    const { caller, errorOf } = as(employer);
    const settings = await caller.reminders.settings();
    const past = await errorOf(caller.trainings.setDueDate({ trainingSlug: 'byod', dueOn: addDays(today, -1) }));
    expect(past.error.code).toBe('BAD_REQUEST');
    expect(past.shape.data.messageKey).toBe('due_dates.date_in_past');
    expect(past.shape.message).toContain('Vergangenheit');

    const english = callerFor(t.db, { token: employer.token, acceptLanguage: 'en' });
    const impossible = await english.errorOf(
      english.caller.trainings.setDueDate({ trainingSlug: 'byod', dueOn: '2030-02-30' }),
    );
    expect(impossible.shape.data.issues).toEqual([
      { path: 'dueOn', messageKey: 'due_dates.invalid_day', message: expect.stringContaining('valid date') },
    ]);

    for (const defaultDueDays of [0, 366, 1.5, -3]) {
      const { shape } = await errorOf(caller.reminders.updateSettings({ defaultDueDays }));
      expect(shape.data.issues?.[0]?.messageKey, String(defaultDueDays)).toBe('due_dates.days_range');
    }
    expect(await caller.reminders.settings()).toEqual(settings);

    const stranger = await seedEmployee(t.db, (await seedEmployer(t.db, { companyName: 'Fremd GmbH' })).companyId);
    const foreign = await errorOf(
      caller.trainings.setDueDate({ trainingSlug: 'byod', dueOn: addDays(today, 5), ownerId: stranger.id }),
    );
    expect(foreign.error.code).toBe('NOT_FOUND');
    const unassigned = await errorOf(
      caller.trainings.setDueDate({
        trainingSlug: 'remote-work',
        dueOn: addDays(today, 5),
        ownerId: (people[0] as TSeededUser).id,
      }),
    );
    expect(unassigned.shape.data.messageKey).toBe('due_dates.not_assigned');
  });

  it('lets only the policyholder change the settings, and records who switched names on', async () => {
    const managerCaller = as({ token: await tokenOf(manager) });
    const refused = await managerCaller.errorOf(managerCaller.caller.reminders.updateSettings({ showNames: true }));
    // A wrong role answers like a missing thing (DECISIONS.md).
    expect(refused.error.code).toBe('NOT_FOUND');
    expect((await managerCaller.caller.reminders.settings()).showNames).toBe(false);

    const saved = await as(employer).caller.reminders.updateSettings({ showNames: true });
    expect(saved).toMatchObject({
      showNames: true,
      showNamesChangedBy: employer.id,
      showNamesChangedByName: `${employer.firstname} ${employer.lastname}`,
    });
    expect(saved.showNamesChangedAt).not.toBeNull();
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'reminders.names_switched'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: employer.id, companyId: employer.companyId });
    // Saving other fields records nothing more, and keeps what another save changed.
    await as(employer).caller.reminders.updateSettings({ remindDaysBefore: 7 });
    const both = await as(employer).caller.reminders.updateSettings({ showNames: true, reminderGapDays: 5 });
    expect(both).toMatchObject({ remindDaysBefore: 7, reminderGapDays: 5, defaultDueDays: 30 });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'reminders.names_switched'))).toHaveLength(1);
  });
});

describe('absences (issue 22.3)', () => {
  it('moves due dates by the absent days, shows absence on the staff list and apart on the dashboard', async () => {
    const { caller } = as(employer);
    const [anton, berta] = people as [TSeededUser, TSeededUser];
    const learner = as({ token: await tokenOf(anton) }).caller;
    const dueBefore = (await learner.trainings.list({ lang: 'de' })).find((card) => card.slug === 'byod')?.due?.dueOn;
    expect(dueBefore).toBe(addDays(today, 30));

    // Absent from today for 10 days (today included): the due date moves 10 days.
    const absence = await caller.absences.record({ userId: anton.id, endsOn: addDays(today, 9) });
    expect(absence).toMatchObject({ startsOn: today, endsOn: addDays(today, 9) });
    const dueAfter = (await learner.trainings.list({ lang: 'de' })).find((card) => card.slug === 'byod')?.due?.dueOn;
    expect(dueAfter).toBe(addDays(today, 40));

    const staff = await caller.employee.list({ search: 'Anton' });
    expect(staff.items[0]?.absence).toEqual({ startsOn: today, endsOn: addDays(today, 9) });

    const stats = await caller.statistics.company({ lang: 'de' });
    expect(stats.absent).toBe(1);
    // Cäsar is overdue with byod; Anton (absent) counts in neither figure.
    expect(stats.overdue).toBe(1);

    // A manager may mark an employee absent, not the policyholder; an employee may do neither.
    const managerCaller = as({ token: await tokenOf(manager) });
    await managerCaller.caller.absences.record({ userId: berta.id, endsOn: addDays(today, 2) });
    const notEmployer = await managerCaller.errorOf(
      managerCaller.caller.absences.record({ userId: employer.id, endsOn: addDays(today, 2) }),
    );
    expect(notEmployer.error.code).toBe('FORBIDDEN');
    const employeeCaller = as({ token: await tokenOf(berta) });
    const notEmployee = await employeeCaller.errorOf(
      employeeCaller.caller.absences.record({ userId: anton.id, endsOn: addDays(today, 2) }),
    );
    expect(notEmployee.error.code).toBe('NOT_FOUND');
    expect((await caller.statistics.company({ lang: 'de' })).absent).toBe(2);

    // Ending an absence that began today drops it: the due date is back where it was.
    expect(await caller.absences.end({ userId: anton.id })).toEqual({ userId: anton.id, ended: 1 });
    const back = (await learner.trainings.list({ lang: 'de' })).find((card) => card.slug === 'byod')?.due?.dueOn;
    expect(back).toBe(addDays(today, 30));
    expect((await caller.employee.list({ search: 'Anton' })).items[0]?.absence).toBeNull();
  });

  it('refuses an end in the past, before the start, or years away, changing nothing', async () => {
    const { caller, errorOf } = as(employer);
    const dora = people[3] as TSeededUser;
    const cases = [
      [{ endsOn: addDays(today, -1) }, 'due_dates.absence_end_in_past'],
      [{ startsOn: addDays(today, 5), endsOn: addDays(today, 2) }, 'due_dates.absence_end_before_start'],
      [{ endsOn: addDays(today, 5000) }, 'due_dates.absence_too_long'],
    ] as const;
    for (const [input, key] of cases) {
      const { error, shape } = await errorOf(caller.absences.record({ userId: dora.id, ...input }));
      expect(error.code, key).toBe('BAD_REQUEST');
      expect(shape.data.messageKey).toBe(key);
    }
    expect((await caller.employee.list({ search: 'Dora' })).items[0]?.absence).toBeNull();
  });
});

describe('mail previews (issue 22.4)', () => {
  it('shows each rung’s mail in German and English with the company’s settings and a why-line', async () => {
    const { caller } = as(employer);
    const kinds = [
      'learner_due_soon',
      'learner_overdue',
      'manager_digest',
      'completion_alert',
      'certificate_expiry',
    ] as const;
    for (const kind of kinds) {
      const de = await caller.reminders.preview({ kind, lang: 'de' });
      const en = await caller.reminders.preview({ kind, lang: 'en' });
      expect(de.subject, kind).not.toBe(en.subject);
      expect(de.html, kind).toContain('<html lang="de">');
      expect(en.html, kind).toContain('<html lang="en">');
      expect(de.text, kind).toMatch(/Sie erhalten diese/);
      expect(en.text, kind).toMatch(/You (are receiving|receive) this/);
    }
    const learner = await caller.reminders.preview({ kind: 'learner_due_soon', lang: 'de' });
    expect(learner.text).toContain(`fällig bis ${formatDay(addDays(today, 7))}`);
    expect(learner.text).toContain('http://localhost:3000/trainings/');
    // Names were switched on above: the digest preview shows example names, and says why.
    const digest = await caller.reminders.preview({ kind: 'manager_digest', lang: 'de' });
    expect(digest.text).toContain('Überfällig sind:');
    expect(digest.text).toContain('Namen nennt er, weil Ihr Unternehmen das eingeschaltet hat.');

    const employeeCaller = as({ token: await tokenOf(people[0] as TSeededUser) });
    const refused = await employeeCaller.errorOf(
      employeeCaller.caller.reminders.preview({ kind: 'manager_digest', lang: 'de' }),
    );
    expect(refused.error.code).toBe('NOT_FOUND');
  });
});

describe('the company export (issue 22, docs/privacy.md)', () => {
  it('lists due dates, the ladder’s settings and absences', async () => {
    const { caller } = as(employer);
    await caller.trainings.setDueDate({ trainingSlug: 'byod', dueOn: addDays(today, 60) });
    const data = await caller.company.export({ id: employer.companyId });
    expect(data.courseDueDates).toEqual([{ courseSlug: 'byod', dueOn: addDays(today, 60) }]);
    expect(data.reminderSettings).toMatchObject({
      defaultDueDays: 30,
      showNames: true,
      showNamesChangedBy: employer.id,
    });
    const berta = people[1] as TSeededUser;
    expect(data.absences).toContainEqual({ userId: berta.id, startsOn: today, endsOn: addDays(today, 2) });
    expect(data.assignments.find((row) => row.userId === berta.id && row.courseSlug === 'malware')?.dueOn).toBe(
      addDays(today, 20),
    );
    expect(data.progress.every((row) => row.cycle === 1)).toBe(true);
  });
});
