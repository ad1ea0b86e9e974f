import { describe, expect, it } from 'vitest';
import { databaseLabel } from './database-label.ts';

describe('databaseLabel (the start log line)', () => {
  it('names a SQLite file as given', () => {
    expect(databaseLabel('./data/portal.sqlite')).toBe('SQLite ./data/portal.sqlite');
  });

  it('names PostgreSQL by host, port and database only, never the credentials or options', () => {
    const label = databaseLabel('postgres://portal:geheim%21@db.internal:6432/portal_prod?sslmode=require&password=x');
    expect(label).toBe('PostgreSQL db.internal:6432/portal_prod');
    expect(label).not.toMatch(/geheim|portal:|sslmode|password/);
    expect(databaseLabel('postgresql://u:p@localhost/portal')).toBe('PostgreSQL localhost:5432/portal');
  });

  it('says nothing of a URL it cannot parse', () => {
    expect(databaseLabel('postgres://u:secret@[broken')).toBe('PostgreSQL (DATABASE_URL)');
  });
});
