import { describe, expect, it } from 'vitest';
import { findReportEvidence, MAX_CANDIDATES } from './report-scan.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJK-_0123';
const CAMPAIGN = '0f8e6a2c-1b3d-4e5f-8a9b-0c1d2e3f4a5b';
const BASES = ['https://links.example', 'https://portal.example/lernen/'];

describe('findReportEvidence', () => {
  it('finds the portal’s links under either base, with or without scheme, in any case of the host', () => {
    expect(findReportEvidence([`see <https://links.example/p/${TOKEN}>`], BASES).tokens).toEqual([TOKEN]);
    expect(findReportEvidence([`href="//LINKS.example/p/${TOKEN}/lesson"`], BASES).tokens).toEqual([TOKEN]);
    expect(findReportEvidence([`https://portal.example/lernen/p/${TOKEN}`], BASES).tokens).toEqual([TOKEN]);
  });

  it('ignores other hosts, other paths and strings that are not a whole token', () => {
    const texts = [
      `https://evil.example/p/${TOKEN}`,
      `https://links.example.evil.example/p/${TOKEN}`,
      `https://portal.example/p/${TOKEN}`,
      `https://links.example/p/${TOKEN}x`,
      `https://links.example/p/${TOKEN.slice(1)}`,
    ];
    expect(findReportEvidence(texts, BASES).tokens).toEqual([]);
  });

  it('unwraps Safe Links and HTML-escaped slashes', () => {
    const safe = `https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent(`https://links.example/p/${TOKEN}`)}&amp;data=05`;
    expect(findReportEvidence([safe], BASES).tokens).toEqual([TOKEN]);
    expect(findReportEvidence([`https:&#47;&#x2F;links.example&#47;p&#47;${TOKEN}`], BASES).tokens).toEqual([TOKEN]);
  });

  it('reads the simulation header at the start of a line only', () => {
    const headers = `Subject: Paket\r\nx-portal-simulation: ${CAMPAIGN.toUpperCase()}\r\n`;
    expect(findReportEvidence([headers], BASES).campaignIds).toEqual([CAMPAIGN]);
    expect(findReportEvidence([`quoted X-Portal-Simulation: ${CAMPAIGN}`], BASES).campaignIds).toEqual([]);
  });

  it('keeps at most a few candidates of a mail stuffed with links', () => {
    const many = Array.from(
      { length: 50 },
      (_, n) => `https://links.example/p/${TOKEN.slice(0, 40)}${String(n).padStart(3, '0')}`,
    );
    expect(findReportEvidence(many, BASES).tokens).toHaveLength(MAX_CANDIDATES);
  });
});
