import { describe, expect, it } from 'vitest';
import { checkMimeShape, ReportTooComplexError, readReportMail } from './report-read.ts';

const limits = { maxParts: 20, maxDepth: 4 };
const crlf = (text: string) => Buffer.from(text.replace(/\r?\n/g, '\r\n'));

/** A multipart with `count` text parts. */
const manyParts = (count: number) =>
  crlf(
    `From: a@b.example\nContent-Type: multipart/mixed; boundary="B"\n\n${Array.from(
      { length: count },
      (_, n) => `--B\nContent-Type: text/plain\n\npart ${n}\n`,
    ).join('')}--B--\n`,
  );

/** `depth` multiparts, each the only part of the one around it. */
const nested = (depth: number) => {
  let head = 'From: a@b.example\n';
  let tail = '';
  for (let level = 0; level < depth; level += 1) {
    head += `Content-Type: multipart/mixed; boundary="b${level}"\n\n--b${level}\n`;
    tail = `\n--b${level}--\n${tail}`;
  }
  return crlf(`${head}Content-Type: text/plain\n\nhi${tail}`);
};

describe('checkMimeShape', () => {
  it('lets a mail within the limits through', () => {
    expect(() => checkMimeShape(manyParts(19), limits)).not.toThrow();
    expect(() => checkMimeShape(nested(4), limits)).not.toThrow();
  });

  it('refuses more parts than allowed, and deeper nesting', () => {
    expect(() => checkMimeShape(manyParts(20), limits)).toThrow(ReportTooComplexError);
    expect(() => checkMimeShape(nested(5), limits)).toThrow(ReportTooComplexError);
    expect(() => checkMimeShape(nested(5_000), limits)).toThrow(/nested more than 4/);
  });

  it('counts the parts and depth of a mail embedded as message/rfc822 in plain text', () => {
    const inner = (parts: number) =>
      `Content-Type: multipart/mixed; boundary="I"\n\n${'--I\nContent-Type: text/plain\n\nx\n'.repeat(parts)}--I--\n`;
    const outer = (parts: number) =>
      crlf(
        `From: a@b.example\nContent-Type: multipart/mixed; boundary="O"\n\n--O\nContent-Type: message/rfc822\n\nFrom: c@d.example\n${inner(parts)}--O--\n`,
      );
    expect(() => checkMimeShape(outer(10), limits)).not.toThrow();
    expect(() => checkMimeShape(outer(18), limits)).toThrow(/MIME parts/);
  });

  it('reads broken boundaries as mailparser does, without looping or throwing', () => {
    // Declared and never used; used and never closed; closed out of order.
    expect(() =>
      checkMimeShape(crlf('From: a@b.example\nContent-Type: multipart/mixed; boundary="never"\n\nhello\n'), limits),
    ).not.toThrow();
    expect(() =>
      checkMimeShape(
        crlf(
          'Content-Type: multipart/mixed; boundary="A"\n\n--A\nContent-Type: multipart/alternative; boundary="B"\n\n--B\n\nx\n--A--\n--B--\n',
        ),
        limits,
      ),
    ).not.toThrow();
  });

  it('shares one budget between a report and its attached originals', () => {
    const budget = { parts: 0 };
    checkMimeShape(manyParts(12), limits, budget);
    expect(() => checkMimeShape(manyParts(12), limits, budget)).toThrow(ReportTooComplexError);
  });
});

describe('readReportMail', () => {
  it('finds the token of an attached original and refuses a report over the limits', async () => {
    const token = 'T'.repeat(43);
    const original = `From: zoll@simulation.example\r\nSubject: Paket\r\n\r\nhttps://links.example/p/${token}\r\n`;
    const report = crlf(
      `From: kim@melde.example\nSubject: Phish\nContent-Type: multipart/mixed; boundary="R"\n\n--R\nContent-Type: text/plain\n\nreported\n--R\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n${Buffer.from(original).toString('base64')}\n--R--\n`,
    );
    expect(await readReportMail(report, ['https://links.example'], limits)).toEqual({
      subject: 'Phish',
      evidence: { tokens: [token], campaignIds: [] },
    });
    await expect(readReportMail(manyParts(25), ['https://links.example'], limits)).rejects.toThrow(
      ReportTooComplexError,
    );
  });
});
