/**
 * `npm run db:generate-load [-- <file>] [--force] [--seed N] [--companies N] [--employees N]
 * [--progress N] [--big N]`: writes the load data set for the benchmarks (issue 7: 20,000
 * companies, 200,000 employees, about 1.5 million progress rows; one company with exactly 5,000
 * employees for the dashboard) into a fresh SQLite file, default `data/load/portal.sqlite` or
 * `LOAD_DATABASE_FILE`. An existing file there is replaced; the live database
 * (`data/portal.sqlite` or `DATABASE_FILE`) only with `--force`. Prints a summary and writes it
 * to `load-info.json` beside the file. Every account's password is `LOAD_PASSWORD`.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { hashPasswordSync, loadConfig } from '@portal/core';
import {
  createLoadDatabase,
  FULL_LOAD_SIZE,
  LOAD_DATABASE_FILE,
  LOAD_PASSWORD,
  LOAD_SEED,
  loadInfoFile,
} from '@portal/core/load-data';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    force: { type: 'boolean', default: false },
    seed: { type: 'string' },
    companies: { type: 'string' },
    employees: { type: 'string' },
    progress: { type: 'string' },
    big: { type: 'string' },
  },
});

const count = (value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback;
  const parsed = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`not a count: ${value}`);
  return parsed;
};

const file = resolve(positionals[0] ?? process.env.LOAD_DATABASE_FILE ?? LOAD_DATABASE_FILE);
const live = new Set([resolve('data/portal.sqlite')]);
try {
  live.add(resolve(loadConfig().DATABASE_FILE));
} catch {
  // An incomplete production configuration: the default live path is still refused.
}
if (live.has(file) && !values.force) {
  console.error(`${file} is the portal's live database; pass --force to replace it with load data.`);
  process.exit(1);
}

console.log(`load data into ${file}`);
const passwordHash = hashPasswordSync(LOAD_PASSWORD);
const summary = await createLoadDatabase(file, {
  companies: count(values.companies, FULL_LOAD_SIZE.companies),
  employees: count(values.employees, FULL_LOAD_SIZE.employees),
  progressRows: count(values.progress, FULL_LOAD_SIZE.progressRows),
  bigCompanyEmployees: count(values.big, FULL_LOAD_SIZE.bigCompanyEmployees),
  seed: count(values.seed, LOAD_SEED),
  now: new Date(),
  passwordHash,
  onProgress: (message) => console.log(message),
});

const n = (value: number) => value.toLocaleString('en');
const { counts, bigCompany } = summary;
console.log(`done in ${summary.seconds.toFixed(1)} s, ${(summary.bytes / 1024 ** 2).toFixed(0)} MiB`);
console.log(
  `  ${n(counts.companies)} companies (${n(counts.avvAccepted)} with AVV, ${n(counts.blockedCompanies)} blocked), ` +
    `${n(counts.people)} people (${n(counts.employers)} policyholders, ${n(counts.managers)} managers, ` +
    `${n(counts.employees)} employees, 1 admin; ${n(counts.activated)} activated)`,
);
console.log(
  `  ${n(counts.assignments)} assignments, ${n(counts.progress)} progress rows (${n(counts.completed)} completed), ` +
    `${n(counts.quizAttempts)} quiz attempts, ${n(counts.personalCertificates)} personal and ` +
    `${n(counts.companyCertificates)} company certificates`,
);
console.log(
  `  large company: ${bigCompany.name}, id ${bigCompany.id}, ${n(bigCompany.employees)} employees, ` +
    `policyholder ${bigCompany.employerEmail}`,
);
console.log(`  admin ${summary.adminEmail}; every account's password: ${LOAD_PASSWORD}`);
console.log(`  summary in ${loadInfoFile(file)}`);
