import { afterAll, describe, expect, it } from 'vitest';
import { readReportMail } from './report-read.ts';
import { createReportReader } from './report-reader.ts';

const BASES = ['https://links.example'];
const token = 'A'.repeat(43);
const reader = createReportReader({ linkBases: BASES, limits: { maxParts: 50, maxDepth: 5 } });
afterAll(() => reader.close());

const small = Buffer.from(`From: a@b.example\r\nSubject: Fwd: Paket\r\n\r\nhttps://links.example/p/${token}\r\n`);

/** A report with a large attachment in base64: mailparser decodes it for a long while. */
const heavy = (megabytes: number) => {
  const base64 = Buffer.alloc(megabytes * 1024 * 1024, 7)
    .toString('base64')
    .replace(/.{76}/g, '$&\r\n');
  return Buffer.from(
    `From: a@b.example\r\nSubject: gross\r\nContent-Type: multipart/mixed; boundary="B"\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nsiehe Anhang\r\n--B\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64}\r\n--B--\r\n`,
  );
};

/** The longest the event loop was held up while `work` ran, in ms (a 2 ms ticker's largest gap). */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 2);
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  return Math.max(longest, performance.now() - last);
}

describe('createReportReader', () => {
  it('reads a report in a worker thread', async () => {
    expect(await reader.read(small)).toEqual({ subject: 'Fwd: Paket', evidence: { tokens: [token], campaignIds: [] } });
  });

  it('answers null for a report over its limits of parts and depth', async () => {
    const parts = Buffer.from(
      `From: a@b.example\r\nContent-Type: multipart/mixed; boundary="B"\r\n\r\n${'--B\r\n\r\nx\r\n'.repeat(60)}--B--\r\n`,
    );
    expect(await reader.read(parts)).toBeNull();
    let deep = 'From: a@b.example\r\n';
    for (let level = 0; level < 6; level += 1)
      deep += `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\n`;
    expect(await reader.read(Buffer.from(`${deep}\r\nx\r\n`))).toBeNull();
  });

  it('ends a worker whose report takes longer than its time, and reads the next one with a new worker', async () => {
    const hurried = createReportReader({ linkBases: BASES, timeoutMs: 250 });
    try {
      expect(await hurried.read(heavy(8))).toBeNull();
      expect(await hurried.read(small)).toMatchObject({ evidence: { tokens: [token] } });
    } finally {
      await hurried.close();
    }
  });

  it('keeps the caller’s event loop free while it reads', async () => {
    const raw = heavy(4);
    // What the same read holds up when it runs in this thread, on this machine at this moment.
    const inThread = await longestStall(() => readReportMail(raw, BASES));
    const inWorker = await longestStall(() => reader.read(raw));
    expect(inWorker).toBeLessThan(inThread / 3);
  });
});
