import type { reminderLog } from '@portal/db';
import type { TReminderSettings } from '../due-dates/reminder-settings.ts';
import type { TEnqueueMail } from '../mail/outbox.ts';
import type { TReminderCourse } from '../mail/reminder-mails.ts';

/*
 * The shapes the reminder run passes between its steps (ADR 033): what it read about a company
 * and a person, and the plan of one slice, which the write step turns into rows.
 */

export type TReminderKind = (typeof reminderLog.$inferInsert)['kind'];

/** One row of `reminder_log` this run wants to insert: the reason a mail goes out (or a state). */
export interface TReason {
  companyId: string;
  userId: string;
  kind: TReminderKind;
  key: string;
}

/** `userId|kind|key`: how a plan ties a mail or an action to the reason that decides it. */
export const reasonKey = (reason: Pick<TReason, 'userId' | 'kind' | 'key'>) =>
  `${reason.userId}|${reason.kind}|${reason.key}`;

export interface TPerson {
  id: string;
  companyId: string;
  role: 'employer' | 'manager' | 'employee';
  firstname: string;
  lastname: string;
  email: string;
  lang: 'de' | 'en';
  /** Signed in at least once and not blocked: only they get mail. */
  reachable: boolean;
}

/** A company the run visits today, with everything company-wide that its decisions need. */
export interface TCompany {
  id: string;
  name: string;
  ownerId: string | null;
  settings: TReminderSettings;
  /** The completion state the last run recorded (null: never recorded). */
  completionBelow: boolean | null;
  people: TPerson[];
  /** The course's due date for the whole company, by course slug. */
  courseDueOn: Map<string, string>;
  /** The newest company certificate that is not revoked. */
  certificate: { id: string; validUntil: Date } | undefined;
}

export interface TCourseDue {
  slug: string;
  completed: boolean;
  dueOn: string | null;
}

/** What the company's decisions need to know of one person, once the person has been visited. */
export interface TPersonSummary {
  person: TPerson;
  absent: boolean;
  courses: number;
  completed: number;
  overdue: boolean;
  dueSoon: boolean;
}

export interface TRenewal {
  person: TPerson;
  companyId: string;
  company: string;
}

/** What one slice of the run would write, before the reasons' unique keys decide. */
export interface TPlan {
  reasons: TReason[];
  /** The mail each reason would send, keyed by `reasonKey` of the reason that decides it. */
  mails: Map<string, TEnqueueMail>;
  /** A learner's mail lists only the courses whose reasons this run inserts. */
  learnerCourses: Map<string, TReminderCourse[]>;
  completionStates: { companyId: string; below: boolean }[];
  /** Per visited company, its learners with an overdue course and with one due soon (ADR 035). */
  dueCounts: { companyId: string; overdue: number; dueSoon: number }[];
  /** Refresher reasons: their holder's courses open again when this run inserts them. */
  refreshers: Set<string>;
  /** Learners who completed their refresher: a new certificate when this run inserts the reason. */
  renewals: Map<string, TRenewal>;
}

export const emptyPlan = (): TPlan => ({
  reasons: [],
  mails: new Map(),
  learnerCourses: new Map(),
  completionStates: [],
  dueCounts: [],
  refreshers: new Set(),
  renewals: new Map(),
});
