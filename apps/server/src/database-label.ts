import { dialectOfLocation } from '@portal/db';

/**
 * How the start log names the database: the SQLite file as given, or for PostgreSQL only host,
 * port and database name. The URL's user name, password and query (`sslmode`, `password=`) never
 * reach the log.
 */
export function databaseLabel(location: string): string {
  if (dialectOfLocation(location) === 'sqlite') return `SQLite ${location}`;
  try {
    const url = new URL(location);
    const host = url.hostname || 'localhost';
    const port = url.port || '5432';
    const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
    return `PostgreSQL ${host}:${port}/${name}`;
  } catch {
    // Not parseable as a URL: say which kind of database, nothing of the text.
    return 'PostgreSQL (DATABASE_URL)';
  }
}
