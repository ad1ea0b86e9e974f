import { type and, dialectOf, sql, type TDb } from '@portal/db';

/** A column or an SQL expression. */
export type TSqlWrapper = NonNullable<Parameters<typeof and>[number]>;

/**
 * Text compared and sorted the same on both databases (ADR 028), as SQLite does it: `lower()`
 * changes A-Z only and text sorts by its code points. PostgreSQL's `lower()` and sort order follow
 * the database's locale (`Ö` would become `ö`, `.` and `-` would be skipped when sorting e-mail
 * addresses); under the "C" collation they do what SQLite does.
 */
export const textAsSqlite = (db: TDb, column: TSqlWrapper) =>
  dialectOf(db) === 'postgres' ? sql`(${column} collate "C")` : sql`${column}`;

/** `%`, `_` and `\` in a search are literal characters, not patterns (with `escape '\'`). */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
