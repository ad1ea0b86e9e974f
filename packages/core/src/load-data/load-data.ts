import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { TCompanyCertificateContent, TPersonalCertificateContent } from '@portal/certificates';
import {
  avvAcceptances,
  certificates,
  closeDatabase,
  companies,
  courseAssignments,
  courseProgress,
  dialectOfLocation,
  driverOf,
  eq,
  migrateDatabase,
  openDatabase,
  quizAttempts,
  type TDatabase,
  transaction,
  users,
} from '@portal/db';
import { AVV_VERSION, CERTIFICATE_CODE_ALPHABET } from '@portal/validators';
import { hashPasswordSync } from '../auth/password-hash.ts';
import { certificateValidUntil } from '../certificates/verification-code.ts';
import { courseCatalog, syncCourses } from '../learning/catalog.ts';
import { seededRandom, type TRandom } from './random.ts';

/**
 * Load data for benchmarks (`npm run db:generate-load`, `npm run bench`): many policyholder
 * companies with their people, course assignments, progress over two years, quiz attempts, AVV
 * acceptances and certificates, written through the real schema (a SQLite file with prepared
 * statements, or any database through drizzle).
 * Deterministic for a seed and a `now` (ids included); only the password hash has a random salt.
 * Never run against a live database: it writes thousands of accounts that share one password.
 */

export interface TLoadSize {
  companies: number;
  /** People besides the policyholders (managers and employees), over all companies. */
  employees: number;
  /** Wanted course progress rows; the generated number is within a few per mille of it. */
  progressRows: number;
  /** Employees of the one large company the dashboard benchmark uses (besides its policyholder). */
  bigCompanyEmployees: number;
}

export interface TLoadOptions extends TLoadSize {
  seed: number;
  /** Events lie in the two years before this moment. */
  now: Date;
  /** One hash for every generated account (argon2 per account would take hours). */
  passwordHash: string;
  onProgress?: (message: string) => void;
}

/** The size: 20,000 companies, 200,000 employees, about 1.5 million progress rows. */
export const FULL_LOAD_SIZE: TLoadSize = {
  companies: 20_000,
  employees: 200_000,
  progressRows: 1_500_000,
  bigCompanyEmployees: 5_000,
};
export const LOAD_SEED = 20_261_122;
/** Where `npm run db:generate-load` and the benchmarks keep the load data (git-ignored). */
export const LOAD_DATABASE_FILE = 'data/load/portal.sqlite';
/** The password of every generated account (documented in docs/benchmarks.md); load data only. */
export const LOAD_PASSWORD = 'Lastprobe-Kompass-Nebel-2026';
export const LOAD_ADMIN_EMAIL = 'admin@load.example';

export interface TLoadCounts {
  companies: number;
  /** Every account: the admin, policyholders, managers and employees. */
  people: number;
  employers: number;
  managers: number;
  employees: number;
  activated: number;
  blockedCompanies: number;
  avvAccepted: number;
  assignments: number;
  progress: number;
  completed: number;
  quizAttempts: number;
  personalCertificates: number;
  companyCertificates: number;
}

export interface TLoadSummary {
  seed: number;
  now: string;
  size: TLoadSize;
  counts: TLoadCounts;
  /** The company with exactly `bigCompanyEmployees` employees, for the dashboard benchmark. */
  bigCompany: { id: string; name: string; employerEmail: string; employees: number };
  adminEmail: string;
  password: string;
  seconds: number;
}

const DAY = 86_400_000;
const SPAN = 730 * DAY;
const ACTIVE_SHARE = 0.9;
/** Activated people who start and almost surely finish every assigned course. */
const FINISHER_SHARE = 0.25;
const FINISHER_COMPLETES = 0.95;
/** The others start a share of their courses (set to reach `progressRows`) and finish some. */
const OTHERS_COMPLETE = 0.45;
const REVOKED_COURSE_SHARE = 0.02;
const QUIZ_ATTEMPT_SHARE = 0.1;
const PERSONAL_CERTIFICATE_COURSES = 6;

const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hannah',
  'Jonas',
  'Klara',
  'Lukas',
  'Mia',
  'Noah',
  'Paula',
  'Elias',
  'Sophie',
  'Tim',
  'Lena',
  'Jan',
  'Marie',
];
const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Braun',
  'Krüger',
  'Hofmann',
];
const BRANCHES = ['Logistik', 'Bau', 'Handel', 'Steuerberatung', 'Praxis', 'Software', 'Metallbau', 'Immobilien'];
const LEGAL_FORMS = ['GmbH', 'GmbH & Co. KG', 'KG', 'e. K.', 'AG'];
const CITIES = [
  ['Köln', '50667'],
  ['Hamburg', '20095'],
  ['München', '80331'],
  ['Leipzig', '04109'],
  ['Münster', '48143'],
  ['Stuttgart', '70173'],
] as const;

/**
 * How many employees each company gets: exactly `bigCompanyEmployees` for the first, the rest a
 * typical spread of small businesses (most under 10, some up to 50, a few up to 250, very few
 * larger), scaled so that the total is exactly `employees`.
 */
export function companySizes(size: TLoadSize, random: TRandom): number[] {
  const { companies, employees, bigCompanyEmployees } = size;
  if (companies < 1 || employees < bigCompanyEmployees) {
    throw new Error('load data needs a company and at least the large company’s employees');
  }
  const rest = employees - bigCompanyEmployees;
  const raw = Array.from({ length: companies - 1 }, () => {
    const roll = random.next();
    if (roll < 0.8) return random.between(0, 10);
    if (roll < 0.97) return random.between(10, 50);
    if (roll < 0.997) return random.between(50, 250);
    return random.between(250, 1500);
  });
  if (raw.length === 0) {
    if (rest !== 0) throw new Error('one company cannot take more than the large company’s employees');
    return [bigCompanyEmployees];
  }
  const rawTotal = raw.reduce((sum, value) => sum + value, 0) || raw.length;
  const scaled = raw.map((value) => ((rawTotal === raw.length && value === 0 ? 1 : value) * rest) / rawTotal);
  const sizes = scaled.map(Math.floor);
  // Largest remainder: the companies closest to the next whole person get one more.
  let missing = rest - sizes.reduce((sum, value) => sum + value, 0);
  const byRemainder = scaled
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    sizes[index] = (sizes[index] as number) + 1;
    missing -= 1;
  }
  return [bigCompanyEmployees, ...sizes];
}

/** A certificate code in the real format (`K7QM-2XWD-9HTR`), drawn from the seed. */
function certificateCode(random: TRandom): string {
  const chars = Array.from({ length: 12 }, () => CERTIFICATE_CODE_ALPHABET[random.between(0, 32)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

// ── Where the rows go ────────────────────────────────────────────────────────────────────────

type TCompanyRow = typeof companies.$inferInsert & { id: string };
type TPersonRow = typeof users.$inferInsert & { id: string };
type TAvvRow = typeof avvAcceptances.$inferInsert;
type TAssignmentRow = typeof courseAssignments.$inferInsert;
type TProgressRow = typeof courseProgress.$inferInsert & { id: string };
type TQuizRow = typeof quizAttempts.$inferInsert;
type TCertificateRow = typeof certificates.$inferInsert;

/**
 * Receives the generated rows in the order they are made (a company, then its people, each with
 * their assignments, progress and certificates) and writes them; `commit` ends a batch of about
 * 20,000 people, which is one transaction.
 */
interface TLoadSink {
  company(row: TCompanyRow): void;
  person(row: TPersonRow): void;
  owner(companyId: string, ownerId: string): void;
  avv(row: TAvvRow): void;
  assignment(row: TAssignmentRow): void;
  progress(row: TProgressRow): void;
  quiz(row: TQuizRow): void;
  certificate(row: TCertificateRow): void;
  commit(): Promise<void>;
}

/** Rows per multi-row insert: at most 27 columns a row stay below both databases' parameter limits. */
const INSERT_CHUNK = 1000;

/**
 * Any database, through drizzle (`generateLoadData`): a batch is collected per table and written in
 * one `transaction()` as multi-row inserts, tables in the order their foreign keys need.
 */
function portableSink(db: TDatabase): TLoadSink {
  let batch = emptyBatch();
  function emptyBatch() {
    return {
      companies: [] as TCompanyRow[],
      people: [] as TPersonRow[],
      owners: [] as { companyId: string; ownerId: string }[],
      avv: [] as TAvvRow[],
      assignments: [] as TAssignmentRow[],
      progress: [] as TProgressRow[],
      quiz: [] as TQuizRow[],
      certificates: [] as TCertificateRow[],
    };
  }
  async function insertAll<TRow>(rows: TRow[], insert: (chunk: TRow[]) => Promise<unknown>) {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK)
      await insert(rows.slice(start, start + INSERT_CHUNK));
  }
  return {
    company: (row) => batch.companies.push(row),
    person: (row) => batch.people.push(row),
    owner: (companyId, ownerId) => batch.owners.push({ companyId, ownerId }),
    avv: (row) => batch.avv.push(row),
    assignment: (row) => batch.assignments.push(row),
    progress: (row) => batch.progress.push(row),
    quiz: (row) => batch.quiz.push(row),
    certificate: (row) => batch.certificates.push(row),
    async commit() {
      const rows = batch;
      batch = emptyBatch();
      // Read committed: generated rows with new ids, nothing read; one transaction per batch.
      await transaction(db, async (tx) => {
        await insertAll(rows.companies, (chunk) => tx.insert(companies).values(chunk));
        await insertAll(rows.people, (chunk) => tx.insert(users).values(chunk));
        for (const { companyId, ownerId } of rows.owners) {
          await tx.update(companies).set({ ownerId }).where(eq(companies.id, companyId));
        }
        await insertAll(rows.avv, (chunk) => tx.insert(avvAcceptances).values(chunk));
        await insertAll(rows.assignments, (chunk) => tx.insert(courseAssignments).values(chunk));
        await insertAll(rows.progress, (chunk) => tx.insert(courseProgress).values(chunk));
        await insertAll(rows.quiz, (chunk) => tx.insert(quizAttempts).values(chunk));
        await insertAll(rows.certificates, (chunk) => tx.insert(certificates).values(chunk));
      });
    },
  };
}

type TSqliteConnection = NonNullable<ReturnType<typeof driverOf>['sqliteConnection']>;

const ms = (date: Date | null | undefined) => (date ? date.getTime() : null);
const bit = (flag: boolean | null | undefined) => (flag ? 1 : 0);

/**
 * A SQLite file of its own (`createLoadDatabase`): prepared statements on one raw connection, each
 * row written as it is made, a batch one transaction. Several times faster than building a query
 * object per row, which matters at 1.5 million progress rows (docs/benchmarks.md).
 */
function sqliteFileSink(sqlite: TSqliteConnection): TLoadSink {
  const statements = {
    company: sqlite.prepare(
      `insert into companies (id, company_name, street, post_code, city, phone_number, insurance_number,
                              employee_count, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    owner: sqlite.prepare('update companies set owner_id = ? where id = ?'),
    person: sqlite.prepare(
      `insert into users (id, firstname, lastname, email, salutation, role, password_hash, active, is_first_login,
                          locked, company_id, data_protection_policy_accepted, lang, saw_video,
                          order_processing_accepted, order_processing_accepted_at, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    avv: sqlite.prepare(
      `insert into avv_acceptances (id, user_id, company_id, contract_version, accepted_at, source_ip)
       values (?, ?, ?, ?, ?, ?)`,
    ),
    assignment: sqlite.prepare('insert into course_assignments (user_id, course_slug, created_at) values (?, ?, ?)'),
    progress: sqlite.prepare(
      `insert into course_progress (id, user_id, company_id, course_slug, status, slide_index, max_slide_index,
                                    quiz_repeat_count, module_repeat_count, working_seconds, attention_permille,
                                    best_score, content_version, started_at, completed_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    quiz: sqlite.prepare(
      `insert into quiz_attempts (id, progress_id, question_ids, answers, correct_count, score, passed, started_at,
                                  finished_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    certificate: sqlite.prepare(
      `insert into certificates (id, code, kind, user_id, company_id, content, issued_at, valid_until, revoked_at,
                                 revoked_reason)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
  const begin = () => {
    if (!sqlite.inTransaction) sqlite.exec('BEGIN');
  };
  return {
    company(row) {
      begin();
      statements.company.run(
        row.id,
        row.companyName,
        row.street,
        row.postCode,
        row.city,
        row.phoneNumber,
        row.insuranceNumber,
        row.employeeCount,
        ms(row.createdAt),
      );
    },
    person(row) {
      begin();
      statements.person.run(
        row.id,
        row.firstname,
        row.lastname,
        row.email,
        row.salutation,
        row.role,
        row.passwordHash,
        bit(row.active),
        bit(row.isFirstLogin),
        bit(row.locked),
        row.companyId,
        bit(row.dataProtectionPolicyAccepted),
        row.lang,
        bit(row.sawVideo),
        bit(row.orderProcessingAccepted),
        ms(row.orderProcessingAcceptedAt),
        ms(row.createdAt),
      );
    },
    owner(companyId, ownerId) {
      statements.owner.run(ownerId, companyId);
    },
    avv(row) {
      statements.avv.run(row.id, row.userId, row.companyId, row.contractVersion, ms(row.acceptedAt), row.sourceIp);
    },
    assignment(row) {
      statements.assignment.run(row.userId, row.courseSlug, ms(row.assignedAt));
    },
    progress(row) {
      statements.progress.run(
        row.id,
        row.userId,
        row.companyId,
        row.courseSlug,
        row.status,
        row.slideIndex,
        row.maxSlideIndex,
        row.quizRepeatCount,
        row.moduleRepeatCount,
        row.workingSeconds,
        row.attention,
        row.bestScore,
        row.contentVersion,
        ms(row.startedAt),
        ms(row.completedAt),
        ms(row.updatedAt),
      );
    },
    quiz(row) {
      statements.quiz.run(
        row.id,
        row.progressId,
        row.questionIds,
        row.answers,
        row.correctCount,
        row.score,
        row.passed === null || row.passed === undefined ? null : bit(row.passed),
        ms(row.startedAt),
        ms(row.finishedAt),
      );
    },
    certificate(row) {
      statements.certificate.run(
        row.id,
        row.code,
        row.kind,
        row.userId,
        row.companyId,
        row.content,
        ms(row.issuedAt),
        ms(row.validUntil),
        ms(row.revokedAt),
        row.revokedReason,
      );
    },
    async commit() {
      if (sqlite.inTransaction) sqlite.exec('COMMIT');
    },
  };
}

// ── The generator ────────────────────────────────────────────────────────────────────────────

/**
 * Fills a migrated database whose courses are synced, through drizzle: works on SQLite and on
 * PostgreSQL (tests of the statistics use it on both). Companies are written in batches of about
 * 20,000 people, each batch one transaction. `createLoadDatabase` writes the full-size file faster.
 */
export function generateLoadData(db: TDatabase, options: TLoadOptions): Promise<Omit<TLoadSummary, 'seconds'>> {
  return generate(portableSink(db), options);
}

async function generate(sink: TLoadSink, options: TLoadOptions): Promise<Omit<TLoadSummary, 'seconds'>> {
  const random = seededRandom(options.seed);
  const now = options.now.getTime();
  const catalog = [...courseCatalog().values()];
  const slugs = catalog.map((course) => course.meta.slug);
  const courseBySlug = new Map(catalog.map((course) => [course.meta.slug as string, course]));
  const questionIds = new Map(
    catalog.map((course) => [
      course.meta.slug as string,
      JSON.stringify(course.text.de.quiz.slice(0, 5).map((q) => q.id)),
    ]),
  );
  const titles = new Map(
    catalog.map((course) => [course.meta.slug as string, { de: course.text.de.title, en: course.text.en.title }]),
  );
  const sizes = companySizes(options, random);
  // Each company assigns 6-12 courses (the large one 6, like bench-workspace) to all its people.
  const plans = sizes.map((_, index) => {
    const count = index === 0 ? 6 : random.between(6, slugs.length + 1);
    return random.shuffle(slugs).slice(0, count);
  });
  // The share of an active person's assignments with progress that gives about `progressRows`.
  const activePeople = sizes.reduce((sum, staff) => sum + 1 + ACTIVE_SHARE * staff, 0);
  const activeAssignments = sizes.reduce(
    (sum, staff, index) => sum + (1 + ACTIVE_SHARE * staff) * (plans[index] as string[]).length,
    0,
  );
  const wanted = Math.min(
    1,
    Math.max(0, options.progressRows - REVOKED_COURSE_SHARE * activePeople) / activeAssignments,
  );
  const finisherShare = Math.min(FINISHER_SHARE, wanted);
  const othersStart = finisherShare === 1 ? 0 : (wanted - finisherShare) / (1 - finisherShare);

  const counts: TLoadCounts = {
    companies: 0,
    people: 0,
    employers: 0,
    managers: 0,
    employees: 0,
    activated: 0,
    blockedCompanies: 0,
    avvAccepted: 0,
    assignments: 0,
    progress: 0,
    completed: 0,
    quizAttempts: 0,
    personalCertificates: 0,
    companyCertificates: 0,
  };
  const codes = new Set<string>();
  const freshCode = () => {
    let code = certificateCode(random);
    while (codes.has(code)) code = certificateCode(random);
    codes.add(code);
    return code;
  };
  const certificate = (
    kind: 'personal' | 'company',
    userId: string | null,
    companyId: string,
    content: TPersonalCertificateContent | TCompanyCertificateContent,
    issuedAt: number,
  ) => {
    const revoked = random.chance(0.02);
    sink.certificate({
      id: random.uuid(),
      code: freshCode(),
      kind,
      userId,
      companyId,
      content: JSON.stringify(content),
      issuedAt: new Date(issuedAt),
      validUntil: certificateValidUntil(new Date(issuedAt)),
      revokedAt: revoked ? new Date(Math.min(now, issuedAt + random.between(DAY, 90 * DAY))) : null,
      revokedReason: revoked ? 'progress_reset' : null,
    });
    if (kind === 'personal') counts.personalCertificates += 1;
    else counts.companyCertificates += 1;
  };

  const adminHash = options.passwordHash;
  sink.person({
    id: random.uuid(),
    firstname: 'Lena',
    lastname: 'Lastadmin',
    email: LOAD_ADMIN_EMAIL,
    salutation: 'Mrs',
    role: 'admin',
    passwordHash: adminHash,
    active: true,
    isFirstLogin: false,
    locked: false,
    companyId: null,
    dataProtectionPolicyAccepted: true,
    lang: 'de',
    sawVideo: true,
    orderProcessingAccepted: false,
    orderProcessingAcceptedAt: null,
    createdAt: new Date(now - SPAN),
  });
  counts.people += 1;

  /** One progress row (and maybe a quiz attempt); returns its completion time or null. */
  const progress = (
    userId: string,
    companyId: string,
    slug: string,
    personCreatedAt: number,
    completeShare: number,
  ): number | null => {
    const course = courseBySlug.get(slug);
    const slides = course?.text.de.slides.length ?? 10;
    const minutes = course?.meta.estimatedMinutes ?? 15;
    const startedAt = random.between(personCreatedAt, now);
    const completed = random.chance(completeShare);
    const completedAt = completed ? Math.min(now, startedAt + random.between(600_000, 30 * DAY)) : null;
    const updatedAt = completedAt ?? random.between(startedAt, now);
    const maxSlide = completed ? slides - 1 : random.between(0, slides);
    const score = completed ? random.between(80, 101) : random.chance(0.2) ? random.between(20, 80) : null;
    const id = random.uuid();
    sink.progress({
      id,
      userId,
      companyId,
      courseSlug: slug,
      status: completed ? 'completed' : 'started',
      slideIndex: maxSlide,
      maxSlideIndex: maxSlide,
      quizRepeatCount: random.chance(0.2) ? random.between(1, 3) : 0,
      moduleRepeatCount: random.chance(0.05) ? 1 : 0,
      workingSeconds: Math.round(((maxSlide + 1) / slides) * minutes * 60 * (0.6 + random.next())),
      attention: random.between(500, 1001),
      bestScore: score,
      contentVersion: course?.meta.version ?? '1.0.0',
      startedAt: new Date(startedAt),
      completedAt: completedAt === null ? null : new Date(completedAt),
      updatedAt: new Date(updatedAt),
    });
    counts.progress += 1;
    if (completedAt !== null) {
      counts.completed += 1;
      if (random.chance(QUIZ_ATTEMPT_SHARE)) {
        sink.quiz({
          id: random.uuid(),
          progressId: id,
          questionIds: questionIds.get(slug) ?? '[]',
          answers: '{}',
          correctCount: Math.round((score ?? 0) / 20),
          score,
          passed: true,
          startedAt: new Date(completedAt - random.between(60_000, 600_000)),
          finishedAt: new Date(completedAt),
        });
        counts.quizAttempts += 1;
      }
    }
    return completedAt;
  };

  let bigCompany: TLoadSummary['bigCompany'] | undefined;
  const writeCompany = (index: number) => {
    const staff = sizes[index] as number;
    const plan = plans[index] as string[];
    const companyId = random.uuid();
    const createdAt = index === 0 ? now - 700 * DAY : random.between(now - SPAN, now - DAY);
    const [city, postCode] = random.pick(CITIES);
    const name =
      index === 0
        ? 'Großkunde Logistik GmbH'
        : `${random.pick(LAST_NAMES)} ${random.pick(BRANCHES)} ${random.pick(LEGAL_FORMS)}`;
    const ownerId = random.uuid();
    const avv = index === 0 || random.chance(0.85);
    const blocked = index !== 0 && random.chance(0.02);
    const company = {
      name,
      street: `Hauptstraße ${random.between(1, 200)}`,
      postCode,
      city,
      insuranceNumber: `AS-${String(1_000_000_000 + index).padStart(10, '0')}`,
    };
    sink.company({
      id: companyId,
      companyName: name,
      street: company.street,
      postCode,
      city,
      phoneNumber: `+49 221 ${random.between(100_000, 999_999)}`,
      insuranceNumber: company.insuranceNumber,
      employeeCount: staff + 1,
      createdAt: new Date(createdAt),
    });
    counts.companies += 1;
    if (blocked) counts.blockedCompanies += 1;
    const acceptedAt = avv ? Math.min(now, createdAt + random.between(0, 14 * DAY)) : null;
    const employerEmail = `inhaber@firma${index}.load.example`;

    const perCourse = new Map(plan.map((slug) => [slug, { assigned: 0, completed: 0 }]));
    let enrolled = 0;
    let certified = 0;
    for (let p = 0; p <= staff; p++) {
      const owner = p === 0;
      const userId = owner ? ownerId : random.uuid();
      const role = owner
        ? 'employer'
        : p <= Math.max(staff >= 5 ? 1 : 0, Math.floor(staff / 25))
          ? 'manager'
          : 'employee';
      const active = owner || random.chance(ACTIVE_SHARE);
      const personCreatedAt = owner ? createdAt : Math.min(now - 60_000, createdAt + random.between(0, 60 * DAY));
      const firstname = random.pick(FIRST_NAMES);
      const lastname = random.pick(LAST_NAMES);
      // Property order is evaluation order: the random draws stay in the order of the seed's data.
      sink.person({
        id: userId,
        firstname,
        lastname,
        email: owner ? employerEmail : `p${p}@firma${index}.load.example`,
        salutation: random.chance(0.5) ? 'Mr' : 'Mrs',
        role,
        passwordHash: active ? options.passwordHash : null,
        active,
        isFirstLogin: !active,
        locked: (owner && blocked) || (!owner && random.chance(0.005)),
        companyId,
        dataProtectionPolicyAccepted: active,
        lang: random.chance(0.1) ? 'en' : 'de',
        sawVideo: active,
        orderProcessingAccepted: owner && avv,
        orderProcessingAcceptedAt: owner && acceptedAt !== null ? new Date(acceptedAt) : null,
        createdAt: new Date(personCreatedAt),
      });
      counts.people += 1;
      if (active) counts.activated += 1;
      if (role === 'employer') counts.employers += 1;
      else if (role === 'manager') counts.managers += 1;
      else counts.employees += 1;
      if (owner) sink.owner(companyId, userId);
      if (owner && avv && acceptedAt !== null) {
        sink.avv({
          id: random.uuid(),
          userId,
          companyId,
          contractVersion: AVV_VERSION,
          acceptedAt: new Date(acceptedAt),
          sourceIp: '203.0.113.10',
        });
        counts.avvAccepted += 1;
      }

      enrolled += 1;
      const finisher = active && random.chance(finisherShare);
      const completions: { slug: string; completedAt: number }[] = [];
      for (const slug of plan) {
        sink.assignment({ userId, courseSlug: slug, assignedAt: new Date(personCreatedAt) });
        counts.assignments += 1;
        const course = perCourse.get(slug) as { assigned: number; completed: number };
        course.assigned += 1;
        if (!active || !(finisher || random.chance(othersStart))) continue;
        const completeShare = finisher ? FINISHER_COMPLETES : OTHERS_COMPLETE;
        const completedAt = progress(userId, companyId, slug, personCreatedAt, completeShare);
        if (completedAt !== null) {
          course.completed += 1;
          completions.push({ slug, completedAt });
        }
      }
      // A course revoked after it was started: the progress stays.
      if (active && plan.length < slugs.length && random.chance(REVOKED_COURSE_SHARE)) {
        const revoked = slugs.find((slug) => !plan.includes(slug)) as string;
        progress(userId, companyId, revoked, personCreatedAt, OTHERS_COMPLETE);
      }
      if (completions.length === plan.length && plan.length >= PERSONAL_CERTIFICATE_COURSES) {
        certified += 1;
        if (random.chance(0.7)) {
          const last = Math.max(...completions.map((entry) => entry.completedAt));
          certificate(
            'personal',
            userId,
            companyId,
            {
              kind: 'personal',
              holder: { firstname, lastname },
              companyName: name,
              courses: completions.map((entry) => ({
                slug: entry.slug,
                title: titles.get(entry.slug) as { de: string; en: string },
                completedAt: new Date(entry.completedAt).toISOString(),
              })),
            },
            Math.min(now, last + random.between(0, 3 * DAY)),
          );
        }
      }
    }
    if (avv && random.chance(0.5)) {
      certificate(
        'company',
        null,
        companyId,
        {
          kind: 'company',
          company,
          enrolled,
          certified,
          courses: plan.map((slug) => ({
            slug,
            title: titles.get(slug) as { de: string; en: string },
            ...(perCourse.get(slug) as { assigned: number; completed: number }),
          })),
        },
        random.between(acceptedAt ?? createdAt, now),
      );
    }
    if (index === 0) bigCompany = { id: companyId, name, employerEmail, employees: staff };
  };

  const started = performance.now();
  const BATCH_PEOPLE = 20_000;
  let index = 0;
  while (index < sizes.length) {
    let people = 0;
    while (index < sizes.length && people < BATCH_PEOPLE) {
      people += (sizes[index] as number) + 1;
      writeCompany(index);
      index += 1;
    }
    await sink.commit();
    options.onProgress?.(
      `  ${counts.companies.toLocaleString('en')} companies, ${counts.people.toLocaleString('en')} people, ` +
        `${counts.progress.toLocaleString('en')} progress rows (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }

  return {
    seed: options.seed,
    now: options.now.toISOString(),
    size: {
      companies: options.companies,
      employees: options.employees,
      progressRows: options.progressRows,
      bigCompanyEmployees: options.bigCompanyEmployees,
    },
    counts,
    bigCompany: bigCompany as TLoadSummary['bigCompany'],
    adminEmail: LOAD_ADMIN_EMAIL,
    password: LOAD_PASSWORD,
  };
}

// ── The load database file ───────────────────────────────────────────────────────────────────

/** The summary written beside a load database (`load-info.json` in its folder). */
export const loadInfoFile = (databaseFile: string) => join(dirname(resolve(databaseFile)), 'load-info.json');

export function readLoadInfo(databaseFile: string): (TLoadSummary & { file: string; bytes: number }) | null {
  const info = loadInfoFile(databaseFile);
  if (!existsSync(resolve(databaseFile)) || !existsSync(info)) return null;
  const parsed = JSON.parse(readFileSync(info, 'utf8')) as TLoadSummary & { file: string; bytes: number };
  return parsed.file === resolve(databaseFile) ? parsed : null;
}

/**
 * Bulk load on a SQLite connection: drops every index that is not a key constraint while `write`
 * runs, then recreates each from its own `CREATE INDEX` statement, so the schema ends as the
 * migrations made it. Building an index once from sorted rows costs a fraction of growing it row
 * by row. Triggers stay: they keep the statistics summary as they do in production.
 */
export async function withoutIndexes<T>(
  sqlite: TSqliteConnection,
  write: () => Promise<T>,
  onProgress?: (message: string) => void,
): Promise<T> {
  const indexes = sqlite
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null order by name`)
    .all() as { name: string; sql: string }[];
  for (const { name } of indexes) sqlite.exec(`drop index "${name.replaceAll('"', '""')}"`);
  const result = await write();
  const started = performance.now();
  sqlite.transaction(() => {
    for (const { sql: statement } of indexes) sqlite.exec(statement);
  })();
  onProgress?.(`  ${indexes.length} indexes rebuilt (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

/**
 * Creates the SQLite file `file` afresh (an existing file and its WAL are deleted): real
 * migrations, the course catalog, then the load data. Durability is off while generating (a crash
 * leaves a file to throw away) and back to the normal setting at the end. Writes `load-info.json`
 * beside it. The load data set is a SQLite file (docs/benchmarks.md); `generateLoadData` fills any
 * database, slower.
 */
export async function createLoadDatabase(
  file: string,
  options: TLoadOptions,
): Promise<TLoadSummary & { file: string; bytes: number }> {
  const started = performance.now();
  if (dialectOfLocation(file) !== 'sqlite') throw new Error('the load database is a SQLite file, not a URL');
  const path = resolve(file);
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
  rmSync(loadInfoFile(path), { force: true });
  const db = openDatabase(path);
  try {
    await migrateDatabase(db);
    await syncCourses(db, courseCatalog(), options.now);
    /*
     * The bulk load runs on one raw connection with prepared statements: this function owns the
     * new file and nothing else uses `db` meanwhile, so its read connection (the one `driverOf`
     * hands out) is allowed to write for the duration. Pragmas are per connection.
     */
    const sqlite = driverOf(db).sqliteConnection;
    if (!sqlite) throw new Error('a SQLite database without its connection');
    sqlite.pragma('query_only = OFF');
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('cache_size = -2097152'); // 2 GiB of page cache while writing
    sqlite.pragma('temp_store = MEMORY');
    const summary = await withoutIndexes(sqlite, () => generate(sqliteFileSink(sqlite), options), options.onProgress);
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.pragma('query_only = ON');
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const result = { ...summary, seconds, file: path, bytes: statSync(path).size };
    writeFileSync(loadInfoFile(path), `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await closeDatabase(db);
  }
}

/**
 * The full-size load database at `file` for a benchmark: the existing one when its summary says it
 * was generated there, else a new one. A file without a summary is never replaced (it may be a
 * real database); `npm run db:generate-load` decides that.
 */
export async function ensureLoadDatabase(
  file: string,
  onProgress?: (message: string) => void,
): Promise<TLoadSummary & { file: string; bytes: number; reused: boolean }> {
  const existing = readLoadInfo(file);
  if (existing) return { ...existing, reused: true };
  if (existsSync(resolve(file))) {
    throw new Error(
      `${resolve(file)} exists without a load-info.json naming it; run npm run db:generate-load to replace it`,
    );
  }
  const created = await createLoadDatabase(file, {
    ...FULL_LOAD_SIZE,
    seed: LOAD_SEED,
    now: new Date(),
    passwordHash: hashPasswordSync(LOAD_PASSWORD),
    ...(onProgress && { onProgress }),
  });
  return { ...created, reused: false };
}
