import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The PostgreSQL twin of ./sqlite.ts (ADR 028): the same tables, columns, defaults, indexes and
 * constraints, checked by parity.test.ts; its rows have the same TypeScript types, so services are
 * written once. Change both files together and generate the migrations of both dialects.
 */

/**
 * Timestamps are Unix milliseconds in a `bigint`, as on SQLite: one arithmetic for both databases
 * (the statistics count hours as `ms / 3600000`), read as `Date`. Reports in SQL read them with
 * `to_timestamp(column / 1000.0)`.
 */
const epochMs = customType<{ data: Date; driverData: number | string }>({
  dataType: () => 'bigint',
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});
const timestamp = (name: string) => epochMs(name);
const createdAt = () =>
  timestamp('created_at').notNull().default(sql`(floor(extract(epoch from clock_timestamp()) * 1000))::bigint`);
const flag = (name: string) => boolean(name).notNull().default(false);
const uuid = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const companies = pgTable(
  'companies',
  {
    id: uuid(),
    companyName: text('company_name').notNull(),
    street: text('street').notNull().default(''),
    postCode: text('post_code').notNull().default(''),
    city: text('city').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    insuranceNumber: text('insurance_number').notNull().default(''),
    /** Number of employees the policyholder declares (not the number of accounts). */
    employeeCount: integer('employee_count'),
    ownerId: text('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Last e-learning reset: the spec allows one every 30 days. */
    lastProgressResetAt: timestamp('last_progress_reset_at'),
    /**
     * Set when a company registers itself, cleared when the registrant opens the confirmation link
     * (issue 37): until then it cannot invite, upload, name contacts, run simulations or reach the
     * insurer; housekeeping deletes it after a week. Null for confirmed and provider-made companies.
     */
    confirmationPendingSince: timestamp('confirmation_pending_since'),
    /** The provider's approval of the company's phishing simulations, where it is required (issue 37). */
    phishingApprovedAt: timestamp('phishing_approved_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (table) => [
    // The owner's AVV in the admin statistics, and deleting a person (`on delete set null`) without
    // scanning every company (ADR 021).
    index('companies_owner_idx').on(table.ownerId),
    // Registrations per period in the admin statistics (ADR 021).
    index('companies_created_idx').on(table.createdAt),
    // The insurer's portfolio in policy-number order, keyset-paged with the id as tie-breaker (ADR 035).
    index('companies_insurance_number_idx').on(table.insuranceNumber, table.id),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /** Trimmed and lower-cased; unique over all roles. */
    email: text('email').notNull(),
    salutation: text('salutation', { enum: ['Mr', 'Mrs'] }),
    role: text('role', { enum: ['admin', 'insurer', 'employer', 'manager', 'employee'] }).notNull(),
    /** Null until the person has set a password (invited, not yet signed in). */
    passwordHash: text('password_hash'),
    /** Account activated: the person has set a password at least once. */
    active: flag('active'),
    isFirstLogin: boolean('is_first_login').notNull().default(true),
    /** Blocked by an admin ("lock status"): cannot sign in, sessions end. */
    locked: flag('locked'),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    dataProtectionPolicyAccepted: flag('data_protection_policy_accepted'),
    lang: text('lang', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    sawVideo: flag('saw_video'),
    orderProcessingAccepted: flag('order_processing_accepted'),
    orderProcessingAcceptedAt: timestamp('order_processing_accepted_at'),
    phoneNumber: text('phone_number').notNull().default(''),
    street: text('street').notNull().default(''),
    postCode: text('post_code').notNull().default(''),
    city: text('city').notNull().default(''),
    /**
     * The person's team or department as the company names it (free text, '' for none): a
     * phishing campaign can address a team (issue 24), the staff list shows and filters it.
     */
    team: text('team').notNull().default(''),
    /** TOTP (RFC 6238) secret, set once confirmed with a code; never leaves the data layer. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled, until the first code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step a code was accepted for: a code works once (ASVS 2.8.4). */
    totpLastUsedStep: integer('totp_last_used_step'),
    passwordChangedAt: timestamp('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_company_role_idx').on(table.companyId, table.role),
    // The AVV figure of the admin statistics: owners who accepted, without reading every owner row (ADR 021).
    index('users_avv_accepted_idx').on(table.id).where(sql`${table.orderProcessingAccepted} = true`),
  ],
);

/** Which courses are assigned to whom (spec §3 assignedCourseList). */
export const courseAssignments = pgTable(
  'course_assignments',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    assignedAt: createdAt(),
    /**
     * This person's own due date (`YYYY-MM-DD`, a calendar day in Germany), set by the employer;
     * null: the course's date for the company, else the company's "within N days" (ADR 033).
     */
    dueOn: text('due_on'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseSlug] })],
);

/** Server-side sessions (Lucia guide): the token is `id.secret`, only SHA-256(secret) is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'insurer', 'employer', 'manager', 'employee'] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at').notNull(),
    /** Idle timeout in seconds at creation (the `ttl` of the login answer). */
    ttl: integer('ttl').notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Invitation, password reset and first-login links, and the short-lived challenge between password
 * and TOTP code at sign-in; only SHA-256 of the token is stored.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid(),
    kind: text('kind', {
      enum: ['invitation', 'reset', 'first_login', 'totp_challenge', 'email_confirmation'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
  },
  (table) => [
    uniqueIndex('one_time_tokens_hash_unique').on(table.tokenHash),
    index('one_time_tokens_user_kind_idx').on(table.userId, table.kind),
  ],
);

/**
 * Attempts per limited check and subject (`account:<email>`, `ip:<ip>`, `reset:<email>`, …), claimed
 * before the check (packages/core/src/auth/throttle.ts, ADR 004). The column keeps its first name.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at').notNull(),
  lockedUntil: timestamp('locked_until'),
});

/** Append-only record of AVV (order processing agreement) acceptances. */
export const avvAcceptances = pgTable(
  'avv_acceptances',
  {
    id: uuid(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contractVersion: text('contract_version').notNull(),
    acceptedAt: timestamp('accepted_at').notNull(),
    sourceIp: text('source_ip').notNull().default(''),
  },
  (table) => [index('avv_acceptances_company_idx').on(table.companyId)],
);

/**
 * Security events. No foreign keys on purpose: entries outlive the users they name and are
 * anonymised (ids removed) when a company is deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    at: createdAt(),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorRole: text('actor_role'),
    targetId: text('target_id'),
    companyId: text('company_id'),
    ip: text('ip'),
    /** JSON with non-secret details (e.g. `{ "reason": "locked" }`). */
    details: text('details'),
  },
  (table) => [
    index('audit_log_company_idx').on(table.companyId),
    index('audit_log_action_at_idx').on(table.action, table.at),
  ],
);

/** Transactional outbox: written in the same transaction as the change, sent by the worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid(),
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    cc: text('cc'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    lang: text('lang', { enum: ['de', 'en'] }).notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** JSON `[{ filename, contentType, base64 }]`, e.g. the company certificate of a reset; removed after delivery. */
    attachments: text('attachments'),
    /** Another sender than the portal's (a phishing simulation's, ADR 036); null: the portal's `MAIL_FROM`. */
    fromAddress: text('from_address'),
    /** JSON object of extra headers, e.g. `X-Portal-Simulation` (ADR 036). */
    headers: text('headers'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    lastError: text('last_error'),
    /**
     * The worker that claimed the mail for sending, until when (ADR 028): another process's worker
     * leaves it alone until the lease runs out, so a mail goes out once even with several processes.
     */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until'),
    sentAt: timestamp('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_status_next_idx').on(table.status, table.nextAttemptAt)],
);

/**
 * The twelve courses, synced from `content/courses` at every start (the files are the source of
 * truth; this table gives queries and foreign keys something to join). Titles in both languages.
 */
export const courses = pgTable('courses', {
  id: uuid(),
  slug: text('slug').notNull().unique(),
  image: text('image').notNull(),
  section: text('section').notNull(),
  titleDe: text('title_de').notNull(),
  titleEn: text('title_en').notNull(),
  version: text('version').notNull(),
  estimatedMinutes: integer('estimated_minutes').notNull(),
  slideCount: integer('slide_count').notNull(),
  /** False when a course folder disappears from content: old progress stays, nobody can start it. */
  active: boolean('active').notNull().default(true),
  syncedAt: timestamp('synced_at').notNull(),
});

/** One learner's progress in one course (spec §3 "course progress per training slug"). */
export const courseProgress = pgTable(
  'course_progress',
  {
    id: uuid(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Denormalised from the user so company statistics need no join through users. */
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    status: text('status', { enum: ['started', 'completed'] })
      .notNull()
      .default('started'),
    /** Current slide (0-based) and the furthest slide reached in this run through the module. */
    slideIndex: integer('slide_index').notNull().default(0),
    maxSlideIndex: integer('max_slide_index').notNull().default(0),
    quizRepeatCount: integer('quiz_repeat_count').notNull().default(0),
    moduleRepeatCount: integer('module_repeat_count').notNull().default(0),
    /** Active seconds on slides and quiz (DECISIONS.md: visible page, interaction within 2 min). */
    workingSeconds: integer('working_seconds').notNull().default(0),
    /** JSON `{ slideId: seconds }`: time spent per slide, for the attention measure. */
    slideSeconds: text('slide_seconds').notNull().default('{}'),
    /** Per mille (0-1000) of seen slides read for at least their minimum reading time. */
    attention: integer('attention_permille').notNull().default(0),
    bestScore: integer('best_score'),
    /** Last "repeat module": a quiz started after it is a fresh try, not a quiz repeat. */
    moduleRestartedAt: timestamp('module_restarted_at'),
    contentVersion: text('content_version').notNull(),
    startedAt: timestamp('started_at').notNull(),
    completedAt: timestamp('completed_at'),
    updatedAt: timestamp('updated_at').notNull(),
    /**
     * 1 for the first run through the course; one more for each yearly refresher (ADR 033). The
     * completed runs before it are kept in `course_cycles`.
     */
    cycle: integer('cycle').notNull().default(1),
  },
  (table) => [
    uniqueIndex('course_progress_user_course_unique').on(table.userId, table.courseSlug),
    index('course_progress_company_idx').on(table.companyId, table.courseSlug),
    // Admin statistics: companies with progress saved in a period, one look-up per company (ADR 021).
    index('course_progress_company_updated_idx').on(table.companyId, table.updatedAt),
  ],
);

/** One quiz attempt: five questions drawn from the bank, graded on the server. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid(),
    progressId: text('progress_id')
      .notNull()
      .references(() => courseProgress.id, { onDelete: 'cascade' }),
    /** JSON array of the drawn question ids, in the order shown. */
    questionIds: text('question_ids').notNull(),
    /** JSON `{ questionId: answerIds[] }` of what the learner chose. */
    answers: text('answers').notNull().default('{}'),
    correctCount: integer('correct_count').notNull().default(0),
    /** Percent 0-100 once every question is answered. */
    score: integer('score'),
    passed: boolean('passed'),
    startedAt: timestamp('started_at').notNull(),
    finishedAt: timestamp('finished_at'),
  },
  (table) => [index('quiz_attempts_progress_idx').on(table.progressId)],
);

/**
 * Employee lists uploaded by a policyholder (spec §5: 50 or more people, processed by the
 * provider within five working days). The admin reviews and imports them (admin issue).
 */
export const employeeUploads = pgTable(
  'employee_uploads',
  {
    id: uuid(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    /** JSON of the parsed rows (`TCsvRow[]`), errors included, for the admin's preview. */
    rows: text('rows').notNull(),
    validCount: integer('valid_count').notNull(),
    invalidCount: integer('invalid_count').notNull(),
    cc: text('cc'),
    status: text('status', { enum: ['pending', 'imported', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at'),
  },
  (table) => [
    index('employee_uploads_company_idx').on(table.companyId),
    index('employee_uploads_status_idx').on(table.status),
  ],
);

/**
 * Issued certificates (DECISIONS.md "Certificates"). `content` is the snapshot the PDF is drawn
 * from, so a certificate reads the same every time it is downloaded. When its company or holder is
 * deleted the row stays as a tombstone without personal data (`content`, `user_id`, `company_id`
 * null, `revoked_reason` set), so `/verify/{code}` can say "revoked" instead of "unknown".
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid(),
    /** Random, shown on the PDF and in the QR code; the key of `/verify/{code}`. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['personal', 'company'] }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** JSON `TCertificateContent`; null once anonymised. */
    content: text('content'),
    issuedAt: timestamp('issued_at').notNull(),
    validUntil: timestamp('valid_until').notNull(),
    revokedAt: timestamp('revoked_at'),
    revokedReason: text('revoked_reason', { enum: ['progress_reset', 'company_deleted', 'holder_deleted'] }),
  },
  (table) => [
    uniqueIndex('certificates_code_unique').on(table.code),
    index('certificates_user_idx').on(table.userId),
    index('certificates_company_idx').on(table.companyId, table.kind),
    // Certificates issued per kind and period in the admin statistics (ADR 021).
    index('certificates_kind_issued_idx').on(table.kind, table.issuedAt),
  ],
);

/**
 * One-time recovery codes for two-factor sign-in (10 per enrolment), for a lost phone. Only the
 * SHA-256 of a code is stored; a used code keeps its row with `used_at`.
 */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: uuid(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at'),
  },
  (table) => [
    index('totp_recovery_codes_user_idx').on(table.userId),
    uniqueIndex('totp_recovery_codes_hash_unique').on(table.codeHash),
  ],
);

// ── Admin statistics summary (ADR 021) ───────────────────────────────────────────────────────
// Running totals that triggers keep in step with every insert, update and delete of users,
// course_assignments and course_progress (migration 0008_admin_statistics_summary, which also
// fills them from the existing rows). Never written by application code. A migration that
// rebuilds one of those tables (drizzle-kit does for some column changes) drops its triggers:
// recreate them in it; core's statistics-summary.integration.test.ts fails until then.

/** Accounts of companies (no admins): `users` with a company and a role other than admin. */
export const statsPeople = pgTable(
  'stats_people',
  {
    /** Always 1: a single row. */
    id: integer('id').primaryKey(),
    employees: integer('employees').notNull().default(0),
    /** Sum of `users.active` over those accounts. */
    activated: integer('activated').notNull().default(0),
  },
  (table) => [check('stats_people_single_row', sql`${table.id} = 1`)],
);

/** Per course: rows of `course_assignments`, of `course_progress`, and of those with status `completed`. */
export const statsCourseCounts = pgTable('stats_course_counts', {
  courseSlug: text('course_slug').primaryKey(),
  assigned: integer('assigned').notNull().default(0),
  started: integer('started').notNull().default(0),
  completed: integer('completed').notNull().default(0),
});

/**
 * Per company, the latest `updated_at` of its course progress. When no progress is newer than the
 * end of a period (every period that ends today), the companies active in it are those whose
 * latest save is not before its start: one index range instead of a look-up per company.
 */
export const statsCompanyActivity = pgTable(
  'stats_company_activity',
  {
    companyId: text('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null once the company has no progress left. */
    lastProgressAt: bigint('last_progress_at', { mode: 'number' }),
  },
  (table) => [index('stats_company_activity_last_idx').on(table.lastProgressAt)],
);

/**
 * Progress rows per UTC hour (`floor(ms / 3,600,000)`) of `started_at` and of `completed_at`.
 * German midnights are whole UTC hours, so a period or bucket of German days is an exact range of
 * hours. On SQLite `hour` is the rowid: a range is one ordered read.
 */
export const statsProgressHours = pgTable('stats_progress_hours', {
  hour: integer('hour').primaryKey(),
  started: integer('started').notNull().default(0),
  completed: integer('completed').notNull().default(0),
});

/**
 * Completions per course and UTC hour of `completed_at`, for the per-course figures of a period.
 * On SQLite it is created `WITHOUT ROWID`; PostgreSQL keeps the key in its primary-key index.
 */
export const statsCourseCompletions = pgTable(
  'stats_course_completions',
  {
    courseSlug: text('course_slug').notNull(),
    hour: integer('hour').notNull(),
    completed: integer('completed').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.courseSlug, table.hour] })],
);

/**
 * How often the data of a company changed, per kind (ADR 023, ADR 028): `structure` counts
 * changes of its people and their course assignments, `progress` changes of its learning progress
 * and quiz results. Triggers on those tables keep both, so a cache in any process sees another
 * process's change with one key look-up; a change rolled back is not counted.
 */
export const companyVersions = pgTable('company_versions', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  structure: integer('structure').notNull().default(0),
  progress: bigint('progress', { mode: 'number' }).notNull().default(0),
});

/**
 * The database job queue (ADR 032): scheduled and one-off work that must run once whichever server
 * process takes it. `key` is unique, so enqueuing the same job twice (two processes planning the
 * same schedule occurrence) adds it once. A job stays `pending` while a runner holds its lease;
 * a runner killed half way leaves it to the others once `lease_until` has passed.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid(),
    /** The handler that runs it (packages/core/src/jobs/handlers.ts). */
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    /** JSON for the handler; never secrets. */
    payload: text('payload'),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    runAt: timestamp('run_at').notNull(),
    /** Runs started, counted when a runner claims the job (a killed run counts too). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until'),
    finishedAt: timestamp('finished_at'),
    createdAt: createdAt(),
  },
  (table) => [index('jobs_status_run_at_idx').on(table.status, table.runAt)],
);

/** Every run of a job: who ran it, when it started and ended, and how it ended (ADR 032). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    attempt: integer('attempt').notNull(),
    owner: text('owner').notNull(),
    startedAt: timestamp('started_at').notNull(),
    endedAt: timestamp('ended_at'),
    /** Empty while running; `lease_expired` when the runner died and another took the job over. */
    result: text('result', { enum: ['succeeded', 'failed', 'lease_expired'] }),
    error: text('error'),
    /** A short JSON summary from the handler (counts), shown on the admin page. */
    output: text('output'),
  },
  (table) => [index('job_runs_started_idx').on(table.startedAt), index('job_runs_job_idx').on(table.jobId)],
);

/**
 * A course's due date for everyone in a company who has it assigned (ADR 033), unless a person has
 * a date of their own (`course_assignments.due_on`). A calendar day, `YYYY-MM-DD`.
 */
export const courseDueDates = pgTable(
  'course_due_dates',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    dueOn: text('due_on').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.courseSlug] })],
);

/**
 * A company's due-date default and reminder ladder (ADR 033). No row: every default below. Changing
 * `show_names` records who and when (works council, docs/privacy.md).
 */
export const reminderSettings = pgTable('reminder_settings', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** "Within N days of assignment" (1-365); null: no default due date. */
  defaultDueDays: integer('default_due_days'),
  remindBefore: boolean('remind_before').notNull().default(true),
  /** The learner's reminder this many days before the due date. */
  remindDaysBefore: integer('remind_days_before').notNull().default(7),
  remindOverdue: boolean('remind_overdue').notNull().default(true),
  /** At most one reminder per learner in this many days. */
  reminderGapDays: integer('reminder_gap_days').notNull().default(7),
  managerDigest: boolean('manager_digest').notNull().default(true),
  completionAlert: boolean('completion_alert').notNull().default(true),
  /** Percent of assigned courses completed below which the employer is alerted. */
  completionThreshold: integer('completion_threshold').notNull().default(80),
  certificateExpiryAlert: boolean('certificate_expiry_alert').notNull().default(true),
  /** Digests and alerts name people only when switched on (works council; default off). */
  showNames: flag('show_names'),
  showNamesChangedBy: text('show_names_changed_by').references(() => users.id, { onDelete: 'set null' }),
  showNamesChangedAt: timestamp('show_names_changed_at'),
  /** The company's Bundesland (feiertagejs code, e.g. `BY`): its holidays join the national ones. */
  state: text('state'),
  /**
   * Whether completion was below the threshold at the last daily run: the employer is alerted when
   * it drops below, once, not every day it stays there. Null until the first run.
   */
  completionBelow: boolean('completion_below'),
  updatedAt: timestamp('updated_at'),
});

/**
 * A person marked absent (parental leave, long illness) from one calendar day to another, both
 * included (ADR 033): no reminders, and due dates move by the absent days. No reason is stored:
 * it could be health data (GDPR Art. 9). Past absences stay, because they moved due dates.
 */
export const absences = pgTable(
  'absences',
  {
    id: uuid(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    startsOn: text('starts_on').notNull(),
    endsOn: text('ends_on').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('absences_company_idx').on(table.companyId),
    index('absences_user_idx').on(table.userId, table.endsOn),
  ],
);

/**
 * Every reminder, digest and alert sent (ADR 033), one row per reason: a learner's course due soon
 * or overdue (`key` = `<slug>@<due day>`), the learner's mail itself (`<day>`: one a day at most), a manager's digest (`<ISO week>`), an employer's alert
 * (`completion@<day>`, `certificate@<certificate id>`). The unique key makes sending idempotent:
 * a run that is repeated, or runs in two processes at once, inserts each reason once and mails only
 * what it inserted. `sent_on` (a Berlin calendar day) keeps learners to one mail per N days.
 */
export const reminderLog = pgTable(
  'reminder_log',
  {
    id: uuid(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'learner_mail',
        'due_soon',
        'overdue',
        'manager_digest',
        'completion_alert',
        'certificate_expiry',
        'refresher',
      ],
    }).notNull(),
    key: text('key').notNull(),
    sentOn: text('sent_on').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('reminder_log_unique').on(table.userId, table.kind, table.key),
    index('reminder_log_company_idx').on(table.companyId, table.sentOn),
  ],
);

/**
 * A completed run through a course, kept when the course opens again as a yearly refresher
 * (ADR 033): what the progress row said at that moment. Nothing of an earlier cycle is lost or
 * overwritten; the quiz attempts stay with the progress row, the earlier ones before `archived_at`.
 */
export const courseCycles = pgTable(
  'course_cycles',
  {
    id: uuid(),
    progressId: text('progress_id')
      .notNull()
      .references(() => courseProgress.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    cycle: integer('cycle').notNull(),
    contentVersion: text('content_version').notNull(),
    workingSeconds: integer('working_seconds').notNull(),
    attention: integer('attention_permille').notNull(),
    bestScore: integer('best_score'),
    quizRepeatCount: integer('quiz_repeat_count').notNull(),
    moduleRepeatCount: integer('module_repeat_count').notNull(),
    startedAt: timestamp('started_at').notNull(),
    completedAt: timestamp('completed_at'),
    /** When the refresher opened the course again. */
    archivedAt: timestamp('archived_at').notNull(),
  },
  (table) => [
    uniqueIndex('course_cycles_progress_cycle_unique').on(table.progressId, table.cycle),
    index('course_cycles_user_idx').on(table.userId),
  ],
);

/**
 * Keys for the insurer's own systems (ADR 035): `Authorization: Bearer pk_<id>_<secret>`. Only
 * SHA-256 of the secret is stored (32 random bytes need no slow hash); the secret is shown once.
 * Revoked keys stay for the audit log's sake and the admins' list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid(),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['insurer:read'] }).notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at'),
    revokedAt: timestamp('revoked_at'),
    /** Written at most once a minute per key, so that calls do not all write it. */
    lastUsedAt: timestamp('last_used_at'),
  },
  (table) => [index('api_keys_created_idx').on(table.createdAt)],
);

/**
 * Per company, the figures of the insurer's portfolio (ADR 035): people with at least one assigned
 * course, assigned courses, and assigned courses whose progress is completed (of the company's
 * people, by `users.company_id`). Kept by triggers on course_assignments, course_progress, users
 * and companies (hand-written in the migration that adds it, like the statistics summary above);
 * never written by application code. `statistics-summary.ts` recomputes and compares it.
 */
export const companySummary = pgTable('company_summary', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  learners: integer('learners').notNull().default(0),
  assigned: integer('assigned').notNull().default(0),
  completed: integer('completed').notNull().default(0),
});

/**
 * Per company, the learners with an overdue course and with one due soon, as the daily reminder run
 * counted them (ADR 033, ADR 035): they move with the day, not with rows, so no trigger can keep
 * them. The portfolio shows them "as of" `counted_on`; the single-policy call counts live.
 */
export const companyDueCounts = pgTable(
  'company_due_counts',
  {
    companyId: text('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    overdue: integer('overdue').notNull().default(0),
    dueSoon: integer('due_soon').notNull().default(0),
    /** The Berlin day of the count, `YYYY-MM-DD`. */
    countedOn: text('counted_on').notNull(),
  },
  (table) => [index('company_due_counts_overdue_idx').on(table.overdue, table.companyId)],
);

/**
 * Change notices for the insurer's systems (ADR 035): one row per company certificate issued,
 * renewed or expired. The unique (certificate, kind) makes an event happen once, whichever process
 * writes it; each is delivered to every webhook endpoint through the job queue.
 */
export const insurerEvents = pgTable(
  'insurer_events',
  {
    id: uuid(),
    kind: text('kind', { enum: ['certificate_issued', 'certificate_renewed', 'certificate_expired'] }).notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    policyNumber: text('policy_number').notNull(),
    certificateId: text('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    validUntil: timestamp('valid_until').notNull(),
    occurredAt: timestamp('occurred_at').notNull(),
  },
  (table) => [
    uniqueIndex('insurer_events_certificate_kind_unique').on(table.certificateId, table.kind),
    index('insurer_events_occurred_idx').on(table.occurredAt),
  ],
);

/**
 * Where the insurer's systems receive change notices (ADR 035): an HTTPS URL and the secret that
 * signs each delivery, sealed like the TOTP secrets (ADR 026) because signing needs it in clear.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  secretSealed: text('secret_sealed').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** Set when an admin removes it: no new deliveries; its log stays. */
  removedAt: timestamp('removed_at'),
});

/**
 * Per company, the phishing-simulation switches (ADR 036): the kill switch, the works-council
 * choice to show names (who and when), how long events are kept, and where reports of real
 * mails go. No row: the defaults (sending allowed, counts only, 12 months, no report contact).
 */
export const phishingSettings = pgTable('phishing_settings', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  sendingStoppedAt: timestamp('sending_stopped_at'),
  sendingStoppedBy: text('sending_stopped_by').references(() => users.id, { onDelete: 'set null' }),
  namesVisibleAt: timestamp('names_visible_at'),
  namesVisibleBy: text('names_visible_by').references(() => users.id, { onDelete: 'set null' }),
  retentionMonths: integer('retention_months').notNull().default(12),
  reportContactEmail: text('report_contact_email').notNull().default(''),
  /** When the contact opened its confirmation link; nothing is forwarded before (issue 37). */
  reportContactConfirmedAt: timestamp('report_contact_confirmed_at'),
  /** SHA-256 of the contact's confirmation link token, and when it expires. */
  reportContactTokenHash: text('report_contact_token_hash'),
  reportContactTokenExpiresAt: timestamp('report_contact_token_expires_at'),
  updatedAt: timestamp('updated_at'),
});

/**
 * A mail domain a company claims (issue 37): proven once a DNS TXT record on the domain carries
 * `verification` (looked up by the portal). Simulated mails go only to people on a proven domain.
 */
export const companyMailDomains = pgTable(
  'company_mail_domains',
  {
    id: uuid(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-case, without a trailing dot; a subdomain is a domain of its own. */
    domain: text('domain').notNull(),
    /** The TXT value to publish, `portal-verification=<random>`; not a secret, it is public in DNS. */
    verification: text('verification').notNull(),
    verifiedAt: timestamp('verified_at'),
    lastCheckedAt: timestamp('last_checked_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('company_mail_domains_company_domain_unique').on(table.companyId, table.domain)],
);

/**
 * A simulation campaign of one company (ADR 036): its templates (one of the list at random per
 * recipient), its audience as a rule (`{"kind":"all"}`, roles or chosen people, resolved when a
 * round is planned), the send window and the repeat. `retired_*` keep the counts of messages the
 * retention job deleted, so trends outlive the rows that name people.
 */
export const phishingCampaigns = pgTable(
  'phishing_campaigns',
  {
    id: uuid(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['draft', 'running', 'paused', 'stopped', 'finished'] })
      .notNull()
      .default('draft'),
    /** JSON array of template slugs. */
    templates: text('templates').notNull(),
    /** JSON: `{"kind":"all"}`, `{"kind":"roles","roles":[…]}` or `{"kind":"people","ids":[…]}`. */
    audience: text('audience').notNull(),
    /** The first day of the window, `YYYY-MM-DD` in Berlin. */
    startsOn: text('starts_on').notNull(),
    windowDays: integer('window_days').notNull(),
    startHour: integer('start_hour').notNull().default(9),
    endHour: integer('end_hour').notNull().default(17),
    trackOpens: flag('track_opens'),
    repeat: text('repeat', { enum: ['none', 'monthly', 'quarterly', 'half-yearly'] })
      .notNull()
      .default('none'),
    /** Rounds planned so far; round n starts `repeat` × n after `starts_on`. */
    rounds: integer('rounds').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at'),
    pausedAt: timestamp('paused_at'),
    endedAt: timestamp('ended_at'),
    retiredSent: integer('retired_sent').notNull().default(0),
    retiredOpened: integer('retired_opened').notNull().default(0),
    retiredClicked: integer('retired_clicked').notNull().default(0),
    retiredSubmitted: integer('retired_submitted').notNull().default(0),
    retiredReported: integer('retired_reported').notNull().default(0),
  },
  (table) => [index('phishing_campaigns_company_idx').on(table.companyId, table.createdAt)],
);

/**
 * One simulated mail to one person in one round (ADR 036), with the first time of each event.
 * `token_hash` is SHA-256 of the link token, set when the mail is queued; the token itself is only
 * in the mail. `user_id` is null once the person is deleted: the counts stay.
 */
export const phishingMessages = pgTable(
  'phishing_messages',
  {
    id: uuid(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => phishingCampaigns.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    templateSlug: text('template_slug').notNull(),
    templateVersion: text('template_version').notNull(),
    lang: text('lang', { enum: ['de', 'en'] }).notNull(),
    sendAt: timestamp('send_at').notNull(),
    tokenHash: text('token_hash'),
    /** The outbox row of the mail while it waits there: the kill switch takes back what is undelivered. */
    outboxId: text('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at'),
    openedAt: timestamp('opened_at'),
    clickedAt: timestamp('clicked_at'),
    submittedAt: timestamp('submitted_at'),
    reportedAt: timestamp('reported_at'),
    /** Set when the campaign was stopped or the company's kill switch pulled before it was sent. */
    cancelledAt: timestamp('cancelled_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('phishing_messages_round_user_unique').on(table.campaignId, table.round, table.userId),
    uniqueIndex('phishing_messages_token_unique').on(table.tokenHash),
    // The dispatcher's question: which unsent messages are due?
    index('phishing_messages_due_idx')
      .on(table.sendAt)
      .where(sql`${table.sentAt} is null and ${table.cancelledAt} is null`),
    index('phishing_messages_campaign_idx').on(table.campaignId, table.round),
    index('phishing_messages_company_created_idx').on(table.companyId, table.createdAt),
    index('phishing_messages_user_idx').on(table.userId),
  ],
);
