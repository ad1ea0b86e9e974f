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
  lt,
  lte,
  ne,
  notLike,
  or,
  sql,
} from 'drizzle-orm';
export { alias } from 'drizzle-orm/sqlite-core';
export * from './backup.ts';
export * from './client.ts';
export { companyVersion, type TCompanyChangeKind, type TCompanyVersion } from './company-changes.ts';
export { preparedQuery } from './prepared-query.ts';
export * as schema from './schema/sqlite.ts';
export * from './schema/sqlite.ts';
export { seedDemoData, type TDemoCredentials } from './seed.ts';
