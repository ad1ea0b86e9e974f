/*
 * `npm run check:openapi` (part of `npm test`, issue 23): the OpenAPI document served at
 * /api/openapi.json, linted by Redocly CLI with its recommended rules. Errors fail the check;
 * warnings are printed (docs/decisions/034-openapi-document.md names the ones that stay). Then the
 * typed client's generated types (packages/api-client) must match the document.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { servedOpenApiDocument } from '../apps/server/src/http/openapi-document.ts';
import { API_CLIENT_SCHEMA, renderApiClientSchema } from './support/api-client-schema.ts';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'portal-openapi-'));
const file = join(dir, 'openapi.json');
try {
  // The server URL as a deployment would have it: Redocly warns on localhost.
  writeFileSync(file, JSON.stringify(servedOpenApiDocument('https://portal.example.org'), null, 2));
  execFileSync(join(root, 'node_modules/.bin/redocly'), ['lint', file, '--config', join(root, 'redocly.yaml')], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
} catch (error) {
  console.error('check:openapi: the OpenAPI document has errors (above).');
  process.exitCode = 1;
  if (!(error instanceof Error && 'status' in error)) throw error;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (process.exitCode !== 1) {
  if ((await renderApiClientSchema()) !== readFileSync(API_CLIENT_SCHEMA, 'utf8')) {
    console.error(
      'check:openapi: packages/api-client/src/schema.ts does not match the document. Run `npm run generate:api-client`.',
    );
    process.exitCode = 1;
  } else console.log('check:openapi: the typed client matches the document.');
}
