import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { migratePostgres, openPostgresOrm } from './packages/db/src/postgres-database.ts';
import { POSTGRES_TEMPLATE, startPostgresCluster } from './packages/db/src/testing/postgres-cluster.ts';

/**
 * `TEST_DATABASE=postgres npm run test:unit` runs the suite on PostgreSQL (ADR 028): one throwaway
 * cluster for the run, one migrated template database, and each test file copies the template
 * into a database of its own (createTestDatabase), so files still run in parallel.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE !== 'postgres') {
    project.provide('postgresUrl', undefined);
    return;
  }
  const cluster = await startPostgresCluster();
  const admin = openPostgresOrm(cluster.url(), { poolSize: 1 });
  await admin.execute(sql.raw(`create database "${POSTGRES_TEMPLATE}"`));
  await admin.$client.end();
  const template = openPostgresOrm(cluster.url(POSTGRES_TEMPLATE), { poolSize: 1 });
  await migratePostgres(template);
  await template.$client.end();
  project.provide('postgresUrl', cluster.url());
  return () => cluster.stop();
}
