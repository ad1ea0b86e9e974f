import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { driverOf, type TDatabase } from './database.ts';

/**
 * An online backup through SQLite's backup API: it copies a consistent snapshot while the server
 * keeps reading and writing (WAL), unlike copying the file, which misses what is still in `-wal`.
 * The copy is switched to rollback-journal mode so it is one self-contained file.
 */
export async function backupDatabase(db: TDatabase, file: string): Promise<void> {
  const connection = driverOf(db).sqliteConnection;
  if (!connection)
    throw new Error('backupDatabase copies SQLite files; back up PostgreSQL with pg_dump (docs/operations.md)');
  mkdirSync(dirname(resolve(file)), { recursive: true });
  await connection.backup(file);
  const copy = new Database(file);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Throws unless the file is a SQLite database that passes `integrity_check`. */
export function verifyDatabaseFile(file: string): void {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const sqlite = new Database(file, { fileMustExist: true });
  try {
    const result = sqlite.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`${file} fails integrity_check: ${String(result)}`);
  } catch (error) {
    // better-sqlite3 reports a file that is no database as SQLITE_NOTADB.
    throw error instanceof Error && !error.message.includes(file)
      ? new Error(`${file} is no usable database: ${error.message}`)
      : error;
  } finally {
    sqlite.close();
  }
}

/**
 * Puts a backup in place of the database file. The server must be stopped: a running server keeps
 * its connection (and its `-wal`) to the old file and would write over the restored one.
 */
export function restoreDatabase(backupFile: string, targetFile: string): void {
  if (!existsSync(backupFile)) throw new Error(`${backupFile} does not exist`);
  mkdirSync(dirname(resolve(targetFile)), { recursive: true });
  // The copy is checked rather than the backup itself, so the backup file is never touched, and
  // the rename means an interrupted restore never leaves half a database in place.
  const partial = `${targetFile}.restoring`;
  copyFileSync(backupFile, partial);
  try {
    verifyDatabaseFile(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  // A `-wal` of the old database would be replayed onto the restored file and corrupt it.
  for (const suffix of ['-wal', '-shm']) rmSync(`${targetFile}${suffix}`, { force: true });
  renameSync(partial, targetFile);
}
