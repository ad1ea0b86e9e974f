import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { TCompanyCertificateContent, TPersonalCertificateContent } from '@portal/certificates';
import { migrateDatabase, openDatabase, type TDatabase } from '@portal/db';
import { AVV_VERSION, CERTIFICATE_CODE_ALPHABET } from '@portal/validators';
import { hashPasswordSync } from '../auth/password-hash.ts';
import { certificateValidUntil } from '../certificates/verification-code.ts';
import { courseCatalog, syncCourses } from '../learning/catalog.ts';
import { seededRandom, type TRandom } from './random.ts';

/**
 * Load data for benchmarks (`npm run db:generate-load`, `npm run bench`): many policyholder
 * companies with their people, course assignments, progress over two years, quiz attempts, AVV
 * acceptances and certificates, written through the real schema with prepared statements.
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

function statementsOf(db: TDatabase) {
  const sqlite = db.$client;
  return {
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
       values (?, ?, ?, '{}', ?, ?, 1, ?, ?)`,
    ),
    certificate: sqlite.prepare(
      `insert into certificates (id, code, kind, user_id, company_id, content, issued_at, valid_until, revoked_at,
                                 revoked_reason)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
}

/**
 * Fills a migrated database whose courses are synced, with its indexes in place or not
 * (`createLoadDatabase` drops them while writing). Companies are written in batches of about
 * 20,000 people, each batch one transaction.
 */
export function generateLoadData(db: TDatabase, options: TLoadOptions): Omit<TLoadSummary, 'seconds'> {
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
  const statements = statementsOf(db);
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
    statements.certificate.run(
      random.uuid(),
      freshCode(),
      kind,
      userId,
      companyId,
      JSON.stringify(content),
      issuedAt,
      certificateValidUntil(new Date(issuedAt)).getTime(),
      revoked ? Math.min(now, issuedAt + random.between(DAY, 90 * DAY)) : null,
      revoked ? 'progress_reset' : null,
    );
    if (kind === 'personal') counts.personalCertificates += 1;
    else counts.companyCertificates += 1;
  };

  const adminHash = options.passwordHash;
  statements.person.run(
    random.uuid(),
    'Lena',
    'Lastadmin',
    LOAD_ADMIN_EMAIL,
    'Mrs',
    'admin',
    adminHash,
    1,
    0,
    0,
    null,
    1,
    'de',
    1,
    0,
    null,
    now - SPAN,
  );
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
    statements.progress.run(
      id,
      userId,
      companyId,
      slug,
      completed ? 'completed' : 'started',
      maxSlide,
      maxSlide,
      random.chance(0.2) ? random.between(1, 3) : 0,
      random.chance(0.05) ? 1 : 0,
      Math.round(((maxSlide + 1) / slides) * minutes * 60 * (0.6 + random.next())),
      random.between(500, 1001),
      score,
      course?.meta.version ?? '1.0.0',
      startedAt,
      completedAt,
      updatedAt,
    );
    counts.progress += 1;
    if (completedAt !== null) {
      counts.completed += 1;
      if (random.chance(QUIZ_ATTEMPT_SHARE)) {
        statements.quiz.run(
          random.uuid(),
          id,
          questionIds.get(slug) ?? '[]',
          Math.round((score ?? 0) / 20),
          score,
          completedAt - random.between(60_000, 600_000),
          completedAt,
        );
        counts.quizAttempts += 1;
      }
    }
    return completedAt;
  };

  let bigCompany: TLoadSummary['bigCompany'] | undefined;
  const sqlite = db.$client;
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
    statements.company.run(
      companyId,
      name,
      company.street,
      postCode,
      city,
      `+49 221 ${random.between(100_000, 999_999)}`,
      company.insuranceNumber,
      staff + 1,
      createdAt,
    );
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
      statements.person.run(
        userId,
        firstname,
        lastname,
        owner ? employerEmail : `p${p}@firma${index}.load.example`,
        random.chance(0.5) ? 'Mr' : 'Mrs',
        role,
        active ? options.passwordHash : null,
        active ? 1 : 0,
        active ? 0 : 1,
        (owner && blocked) || (!owner && random.chance(0.005)) ? 1 : 0,
        companyId,
        active ? 1 : 0,
        random.chance(0.1) ? 'en' : 'de',
        active ? 1 : 0,
        owner && avv ? 1 : 0,
        owner ? acceptedAt : null,
        personCreatedAt,
      );
      counts.people += 1;
      if (active) counts.activated += 1;
      if (role === 'employer') counts.employers += 1;
      else if (role === 'manager') counts.managers += 1;
      else counts.employees += 1;
      if (owner) statements.owner.run(userId, companyId);
      if (owner && avv) {
        statements.avv.run(random.uuid(), userId, companyId, AVV_VERSION, acceptedAt, '203.0.113.10');
        counts.avvAccepted += 1;
      }

      enrolled += 1;
      const finisher = active && random.chance(finisherShare);
      const completions: { slug: string; completedAt: number }[] = [];
      for (const slug of plan) {
        statements.assignment.run(userId, slug, personCreatedAt);
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
    sqlite.transaction(() => {
      while (index < sizes.length && people < BATCH_PEOPLE) {
        people += (sizes[index] as number) + 1;
        writeCompany(index);
        index += 1;
      }
    })();
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
 * Bulk load: drops every index that is not a key constraint while `write` runs, then recreates
 * each from its own `CREATE INDEX` statement, so the schema ends as the migrations made it.
 * Building an index once from sorted rows costs a fraction of growing it row by row. Triggers
 * stay: they keep the statistics summary as they do in production.
 */
export function withoutIndexes<T>(db: TDatabase, write: () => T, onProgress?: (message: string) => void): T {
  const sqlite = db.$client;
  const indexes = sqlite
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null order by name`)
    .all() as { name: string; sql: string }[];
  for (const { name } of indexes) sqlite.exec(`drop index "${name.replaceAll('"', '""')}"`);
  const result = write();
  const started = performance.now();
  sqlite.transaction(() => {
    for (const { sql: statement } of indexes) sqlite.exec(statement);
  })();
  onProgress?.(`  ${indexes.length} indexes rebuilt (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

/**
 * Creates `file` afresh (an existing file and its WAL are deleted): real migrations, the course
 * catalog, then the load data. Durability is off while generating (a crash leaves a file to
 * throw away) and back to the normal setting at the end. Writes `load-info.json` beside it.
 */
export function createLoadDatabase(
  file: string,
  options: TLoadOptions,
): TLoadSummary & { file: string; bytes: number } {
  const started = performance.now();
  const path = resolve(file);
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
  rmSync(loadInfoFile(path), { force: true });
  const db = openDatabase(path);
  try {
    migrateDatabase(db);
    syncCourses(db, courseCatalog(), options.now);
    db.$client.pragma('synchronous = OFF');
    db.$client.pragma('cache_size = -2097152'); // 2 GiB of page cache while writing
    db.$client.pragma('temp_store = MEMORY');
    const summary = withoutIndexes(db, () => generateLoadData(db, options), options.onProgress);
    db.$client.pragma('synchronous = NORMAL');
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const result = { ...summary, seconds, file: path, bytes: statSync(path).size };
    writeFileSync(loadInfoFile(path), `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    db.$client.close();
  }
}

/**
 * The full-size load database at `file` for a benchmark: the existing one when its summary says it
 * was generated there, else a new one. A file without a summary is never replaced (it may be a
 * real database); `npm run db:generate-load` decides that.
 */
export function ensureLoadDatabase(
  file: string,
  onProgress?: (message: string) => void,
): TLoadSummary & { file: string; bytes: number; reused: boolean } {
  const existing = readLoadInfo(file);
  if (existing) return { ...existing, reused: true };
  if (existsSync(resolve(file))) {
    throw new Error(
      `${resolve(file)} exists without a load-info.json naming it; run npm run db:generate-load to replace it`,
    );
  }
  const created = createLoadDatabase(file, {
    ...FULL_LOAD_SIZE,
    seed: LOAD_SEED,
    now: new Date(),
    passwordHash: hashPasswordSync(LOAD_PASSWORD),
    ...(onProgress && { onProgress }),
  });
  return { ...created, reused: false };
}
