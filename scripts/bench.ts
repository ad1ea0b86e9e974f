/*
 * Benchmarks arrive with the trust-and-speed issue (autocannon against the built server).
 * Until then this measures what the foundation decides: argon2id hashing and session checks.
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession, hashPassword, validateSessionToken, verifyPassword } from '@portal/core';
import { closeDatabase, migrateDatabase, openDatabase, transaction, users } from '@portal/db';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const hashTimes: number[] = [];
let hash = '';
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  hash = await hashPassword('Leuchtturm-Kompass-Nebel-42');
  hashTimes.push(performance.now() - started);
}
const verifyTimes: number[] = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  await verifyPassword(hash, 'Leuchtturm-Kompass-Nebel-42');
  verifyTimes.push(performance.now() - started);
}

const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'bench-')), 'bench.sqlite'));
await migrateDatabase(db);
// Read committed: one insert into an empty database of its own.
const [user] = await transaction(db, (tx) =>
  tx
    .insert(users)
    .values({ firstname: 'B', lastname: 'Ench', email: 'bench@example.com', role: 'employee' })
    .returning({ id: users.id }),
);
if (!user) throw new Error('the bench user was not created');
const { token } = await createSession(db, { userId: user.id, role: 'employee' });
const rounds = 20_000;
const started = performance.now();
for (let i = 0; i < rounds; i++) await validateSessionToken(db, token);
const perCheck = (performance.now() - started) / rounds;
await closeDatabase(db);

console.log(`argon2id hash   median ${median(hashTimes).toFixed(1)} ms`);
console.log(`argon2id verify median ${median(verifyTimes).toFixed(1)} ms`);
console.log(`session check   ${(perCheck * 1000).toFixed(1)} µs per request (${rounds} rounds)`);
