import { rmSync } from 'node:fs';
import { dirname } from 'node:path';

// A fresh database for every run, then the real server entry point.
const file = process.env.DATABASE_FILE;
if (!file?.includes('e2e')) throw new Error('e2e/serve.ts needs an e2e DATABASE_FILE');
rmSync(dirname(file), { recursive: true, force: true });
await import('../apps/server/src/main.ts');
