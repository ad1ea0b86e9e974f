// Test helpers only (`@portal/db/testing`); application code never imports them.
export { freePort, startPostgresCluster, type TPostgresCluster } from './postgres-cluster.ts';
export { createTestDatabase, type TTestDatabase } from './test-database.ts';
