/*
 * `npm run generate:api-client`: writes packages/api-client/src/schema.ts, the types of every REST
 * call, from the served OpenAPI document (ADR 034). Run it after changing a procedure's input,
 * output or REST meta; `npm run check:openapi` fails until then.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_CLIENT_SCHEMA, renderApiClientSchema } from './support/api-client-schema.ts';

const file = fileURLToPath(API_CLIENT_SCHEMA);
writeFileSync(file, await renderApiClientSchema());
console.log(`wrote ${file}`);
