import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { syncCourses } from '@portal/core';
import { courseAssignments, transaction } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';
import { changedRows, snapshotTables } from '../test/db-snapshot.ts';
import { MAX_JSON_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from './body-limit.ts';

/**
 * Request bodies are bounded before anything reads them: over a real socket, with a declared
 * length and chunked, on the REST layer, tRPC and the upload routes. A refused body gets a
 * translated 413 in the called layer's error shape and changes nothing.
 */

let t: TTestDb;
let base: string;
let close = () => {};
let employeeToken: string;
let employerToken: string;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestDb();
  const employer = await seedEmployer(t.db, { companyName: 'Grenzen GmbH' });
  const employee = await seedEmployee(t.db, employer.companyId, { lastname: 'Groß' });
  employerToken = employer.token;
  employeeToken = (await sessionFor(t.db, employee)).token;
  await syncCourses(t.db);
  await transaction(t.db, (tx) => tx.insert(courseAssignments).values({ userId: employee.id, courseSlug: 'malware' }));
  const app = createApp({ db: t.db, config: t.config, logger: silent, webDist: '/nonexistent/web/dist' });
  await new Promise<void>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
    close = () => server.close();
  });
});
afterAll(async () => {
  close();
  await t.cleanup();
});

/** A JSON body of about `bytes` bytes that is otherwise a valid save. */
const bigSave = (bytes: number) =>
  JSON.stringify({
    trainingSlug: 'malware',
    slideIndex: 0,
    workingSeconds: 1,
    slideSeconds: {},
    pad: 'x'.repeat(bytes),
  });

/** The same bytes as a stream, so that fetch sends them chunked, without a Content-Length. */
function chunked(text: string): { body: ReadableStream<Uint8Array>; duplex: 'half' } {
  const bytes = new TextEncoder().encode(text);
  return {
    body: new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
          controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
        }
        controller.close();
      },
    }),
    duplex: 'half',
  };
}

const headers = (token: string, lang = 'de') => ({
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
  'accept-language': lang,
});

describe('request body limit', () => {
  it('refuses a REST body over 1 MB with a translated 413 and changes nothing, declared or chunked', async () => {
    const before = await snapshotTables(t.db);
    const declared = await fetch(`${base}/api/progress/save-progress`, {
      method: 'POST',
      headers: headers(employeeToken),
      body: bigSave(MAX_JSON_BODY_BYTES),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Die Anfrage ist zu groß und wurde nicht verarbeitet.',
      messageKey: 'errors.PAYLOAD_TOO_LARGE',
      issues: null,
    });
    const streamed = await fetch(`${base}/api/progress/save-progress`, {
      method: 'POST',
      headers: headers(employeeToken, 'en'),
      ...chunked(bigSave(MAX_JSON_BODY_BYTES)),
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ message: 'The request is too large and was not processed.' });
    expect(changedRows(before, await snapshotTables(t.db))).toEqual([]);
  });

  it('refuses a tRPC body over 1 MB in the tRPC error shape', async () => {
    const response = await fetch(`${base}/trpc/progress.saveProgress`, {
      method: 'POST',
      headers: headers(employeeToken),
      ...chunked(bigSave(MAX_JSON_BODY_BYTES)),
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: { data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413, messageKey: 'errors.PAYLOAD_TOO_LARGE' } },
    });
  });

  it('lets a body under the limit through to the procedure, declared and chunked', async () => {
    // 900 KB of padding in a key the procedure ignores: the save goes through.
    for (const init of [{ body: bigSave(900 * 1024) }, chunked(bigSave(900 * 1024))]) {
      const response = await fetch(`${base}/api/progress/save-progress`, {
        method: 'POST',
        headers: headers(employeeToken),
        ...init,
      } as RequestInit);
      expect(response.status).toBe(200);
    }
  });

  it('gives the upload routes room for a 2 MB file, and no more', async () => {
    const form = (bytes: number) => {
      const data = new FormData();
      data.set('file', new File(['x'.repeat(bytes)], 'liste.csv', { type: 'text/csv' }));
      return data;
    };
    const auth = { authorization: `Bearer ${employerToken}`, 'accept-language': 'de' };
    const tooBig = await fetch(`${base}/api/employee/upload-employee-list`, {
      method: 'POST',
      headers: auth,
      body: form(MAX_UPLOAD_BODY_BYTES),
    });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({
      messageKey: 'upload.too_large',
      message: 'Die Datei ist zu groß (höchstens 2 MB).',
    });
    const fits = await fetch(`${base}/api/employee/upload-employee-list`, {
      method: 'POST',
      headers: auth,
      body: form(MAX_JSON_BODY_BYTES + 1024),
    });
    expect(fits.status).not.toBe(413);
  });
});
