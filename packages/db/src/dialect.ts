/** The two databases the portal runs on (ADR 028). */
export type TDialect = 'sqlite' | 'postgres';

/** PostgreSQL when the location is a `postgres://` or `postgresql://` URL, SQLite (a file) otherwise. */
export const dialectOfLocation = (location: string): TDialect =>
  /^postgres(ql)?:\/\//i.test(location) ? 'postgres' : 'sqlite';
