import { appRouter, type TProcedureMeta } from '@portal/api';
import { describe, expect, it } from 'vitest';
import { servedOpenApiDocument } from './openapi-document.ts';

/*
 * Issue 23, point 5: what API users rely on in the served document (beside `npm run
 * check:openapi`, which lints it with Redocly's recommended rules).
 */

const document = servedOpenApiDocument('https://portal.example.org');
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) => {
    const operation = item[method];
    return operation ? [{ label: `${method.toUpperCase()} ${path}`, path, method, operation }] : [];
  }),
);

/** `METHOD path` of every procedure built on publicProcedure that the REST layer serves. */
const publicCalls = new Set(
  Object.values(appRouter._def.procedures).flatMap((procedure) => {
    const meta = (procedure as unknown as { _def: { meta?: TProcedureMeta } })._def.meta;
    return meta?.public && meta.openapi ? [`${meta.openapi.method} ${meta.openapi.path}`] : [];
  }),
);

describe('the OpenAPI document', () => {
  it('gives every operation a unique operationId, its security and its 4xx answers', () => {
    expect(operations.length).toBeGreaterThan(90);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { label, operation } of operations) {
      expect(operation.security, label).toBeInstanceOf(Array);
      expect(
        Object.keys(operation.responses ?? {}).filter((code) => /^4\d\d$/.test(code)),
        label,
      ).not.toEqual([]);
    }
  });

  it('declares that sign-in and the other public calls need no token, the insurer’s read calls a session or an API key, and every other call the bearer', () => {
    for (const call of ['POST /employee/login', 'POST /appuser/login', 'POST /employee/login-totp'])
      expect(publicCalls, call).toContain(call);
    for (const { label, operation } of operations) {
      const open = publicCalls.has(label) || label === 'GET /pdf/avv';
      const keyCall = label.startsWith('GET /insurer/policies');
      expect(operation.security, label).toEqual(
        open ? [] : keyCall ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }],
      );
    }
  });

  it('describes the error answers as the REST layer sends them', () => {
    const schemas = document.components?.schemas ?? {};
    const errors = Object.entries(schemas).filter(([name]) => name.startsWith('error.'));
    expect(errors.length).toBeGreaterThan(0);
    for (const [name, schema] of errors) {
      expect(schema, name).toMatchObject({ required: ['success', 'code', 'message', 'messageKey', 'issues'] });
      expect(schema, name).not.toHaveProperty('additionalProperties', false);
    }
  });
});
