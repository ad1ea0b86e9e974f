// One copy of drizzle for the whole repo: services import the operators from here.
export {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  not,
  notExists,
  notLike,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
export * from './backup.ts';
export { companyVersion, type TCompanyVersion } from './company-version.ts';
export {
  CopyRefusedError,
  copySqliteToPostgres,
  type TCopiedTable,
  type TCopyEvent,
} from './copy-to-postgres/copy-to-postgres.ts';
export {
  DATABASE,
  driverOf,
  type TDatabase,
  type TDb,
  type TTransaction,
  type TTransactionOptions,
} from './database.ts';
export { dialectOfLocation, type TDialect } from './dialect.ts';
export { closeDatabase, migrateDatabase, openDatabase, pingDatabase } from './open-database.ts';
export { POSTGRES_MIGRATIONS_FOLDER } from './postgres-database.ts';
export { preparedQuery } from './prepared-query.ts';
export { seedDemoData, type TDemoCredentials } from './seed.ts';
export { SQLITE_MIGRATIONS_FOLDER } from './sqlite-database.ts';
export * from './tables.ts';
export { dialectOf, rawExecute, rawRows, selectForUpdate, transaction } from './transaction.ts';
export { isDatabaseUnavailable } from './unavailable.ts';
