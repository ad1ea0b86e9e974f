import { type PgTable, alias as pgAlias } from 'drizzle-orm/pg-core';
import { type SQLiteTable, alias as sqliteAlias } from 'drizzle-orm/sqlite-core';
import type { TDialect } from './dialect.ts';
import * as postgres from './schema/postgres.ts';
import * as sqlite from './schema/sqlite.ts';

/*
 * The tables services query, by the names `@portal/db` exports (ADR 028). They are typed as the
 * PostgreSQL tables; a process that opens SQLite binds the SQLite tables behind the same names
 * (`bindTables`), whose rows have the same types (schema/parity.test.ts). ES module exports are
 * live bindings, so every importer sees the bound tables. One process uses one dialect.
 */

export let companies: typeof postgres.companies;
export let users: typeof postgres.users;
export let courseAssignments: typeof postgres.courseAssignments;
export let sessions: typeof postgres.sessions;
export let oneTimeTokens: typeof postgres.oneTimeTokens;
export let loginThrottle: typeof postgres.loginThrottle;
export let avvAcceptances: typeof postgres.avvAcceptances;
export let auditLog: typeof postgres.auditLog;
export let mailOutbox: typeof postgres.mailOutbox;
export let courses: typeof postgres.courses;
export let courseProgress: typeof postgres.courseProgress;
export let quizAttempts: typeof postgres.quizAttempts;
export let employeeUploads: typeof postgres.employeeUploads;
export let certificates: typeof postgres.certificates;
export let totpRecoveryCodes: typeof postgres.totpRecoveryCodes;
export let statsPeople: typeof postgres.statsPeople;
export let statsCourseCounts: typeof postgres.statsCourseCounts;
export let statsCompanyActivity: typeof postgres.statsCompanyActivity;
export let statsProgressHours: typeof postgres.statsProgressHours;
export let statsCourseCompletions: typeof postgres.statsCourseCompletions;
export let companyVersions: typeof postgres.companyVersions;
export let jobs: typeof postgres.jobs;
export let jobRuns: typeof postgres.jobRuns;
export let courseDueDates: typeof postgres.courseDueDates;
export let reminderSettings: typeof postgres.reminderSettings;
export let absences: typeof postgres.absences;
export let reminderLog: typeof postgres.reminderLog;
export let courseCycles: typeof postgres.courseCycles;
export let apiKeys: typeof postgres.apiKeys;
export let companySummary: typeof postgres.companySummary;
export let companyDueCounts: typeof postgres.companyDueCounts;
export let insurerEvents: typeof postgres.insurerEvents;
export let webhookEndpoints: typeof postgres.webhookEndpoints;
export let phishingSettings: typeof postgres.phishingSettings;
export let companyMailDomains: typeof postgres.companyMailDomains;
export let phishingCampaigns: typeof postgres.phishingCampaigns;
export let phishingMessages: typeof postgres.phishingMessages;

function assign(from: typeof postgres): void {
  companies = from.companies;
  users = from.users;
  courseAssignments = from.courseAssignments;
  sessions = from.sessions;
  oneTimeTokens = from.oneTimeTokens;
  loginThrottle = from.loginThrottle;
  avvAcceptances = from.avvAcceptances;
  auditLog = from.auditLog;
  mailOutbox = from.mailOutbox;
  courses = from.courses;
  courseProgress = from.courseProgress;
  quizAttempts = from.quizAttempts;
  employeeUploads = from.employeeUploads;
  certificates = from.certificates;
  totpRecoveryCodes = from.totpRecoveryCodes;
  statsPeople = from.statsPeople;
  statsCourseCounts = from.statsCourseCounts;
  statsCompanyActivity = from.statsCompanyActivity;
  statsProgressHours = from.statsProgressHours;
  statsCourseCompletions = from.statsCourseCompletions;
  companyVersions = from.companyVersions;
  jobs = from.jobs;
  jobRuns = from.jobRuns;
  courseDueDates = from.courseDueDates;
  reminderSettings = from.reminderSettings;
  absences = from.absences;
  reminderLog = from.reminderLog;
  courseCycles = from.courseCycles;
  apiKeys = from.apiKeys;
  companySummary = from.companySummary;
  companyDueCounts = from.companyDueCounts;
  insurerEvents = from.insurerEvents;
  webhookEndpoints = from.webhookEndpoints;
  phishingSettings = from.phishingSettings;
  companyMailDomains = from.companyMailDomains;
  phishingCampaigns = from.phishingCampaigns;
  phishingMessages = from.phishingMessages;
}
// The embedded default, until a PostgreSQL database is opened.
assign(sqlite as unknown as typeof postgres);
let bound: TDialect | null = null;

/** Which dialect's tables are bound. */
export const boundDialect = (): TDialect => bound ?? 'sqlite';

/** Binds the tables of a dialect; a process cannot switch once a database of the other is open. */
export function bindTables(dialect: TDialect): void {
  if (bound === dialect) return;
  if (bound !== null) throw new Error(`this process already uses ${bound}; it cannot open ${dialect} as well`);
  bound = dialect;
  assign((dialect === 'postgres' ? postgres : sqlite) as unknown as typeof postgres);
}

/** A second name for a table in one query (a self-join), in the bound dialect. */
export function alias<TTable extends PgTable, TAlias extends string>(table: TTable, name: TAlias) {
  if (boundDialect() === 'postgres') return pgAlias(table, name);
  return sqliteAlias(table as unknown as SQLiteTable, name) as unknown as ReturnType<typeof pgAlias<TTable, TAlias>>;
}
