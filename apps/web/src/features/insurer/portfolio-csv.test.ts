import type { TTranslate } from '@portal/i18n';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { portfolioCsv } from './portfolio-csv.ts';
import type { TPortfolioRow } from './portfolio-table.tsx';

const t: TTranslate = (key) => key;
const read = (csv: string): string[][] => parse(csv, { bom: true, delimiter: ';', skip_empty_lines: true });

const row = (companyName: string, overrides: Partial<TPortfolioRow> = {}): TPortfolioRow => ({
  companyId: 'c1',
  policyNumber: 'AS-4711081542',
  companyName,
  avvAccepted: true,
  avvAcceptedAt: '2026-03-02T09:00:00.000Z',
  learners: 12,
  assignedCourses: 40,
  completedCourses: 30,
  completionPercent: 75,
  certificate: { state: 'valid', validUntil: '2027-03-01T10:00:00.000Z' },
  lastActivityAt: '2026-11-20T08:00:00.000Z',
  due: { overdue: 2, dueSoon: 3, countedOn: '2026-11-26' },
  phishing: {
    lastStartedAt: '2026-10-05T07:30:00.000Z',
    sent: 40,
    signInSent: 20,
    clicked: 5,
    submitted: 2,
    reported: 12,
    clickedPercent: 13,
    submittedPercent: 10,
    reportedPercent: 30,
  },
  ...overrides,
});

describe('portfolioCsv', () => {
  it('writes a header and one row per policy with plain numbers and German dates', () => {
    const [header, first, second, third] = read(
      portfolioCsv(
        [
          row('Musterfirma GmbH'),
          row('Neu AG', {
            avvAccepted: false,
            avvAcceptedAt: null,
            certificate: { state: 'none', validUntil: null },
            lastActivityAt: null,
            due: null,
            phishing: null,
          }),
          row('Wartet OHG', {
            phishing: {
              lastStartedAt: '2026-11-26T08:00:00.000Z',
              sent: 0,
              signInSent: 0,
              clicked: 0,
              submitted: 0,
              reported: 0,
              clickedPercent: null,
              submittedPercent: null,
              reportedPercent: null,
            },
          }),
        ],
        t,
      ),
    );
    expect(header).toHaveLength(23);
    expect(header?.[0]).toBe('insurer.col_policy');
    expect(header?.slice(14)).toEqual([
      'insurer.csv_phishing_sent',
      'insurer.csv_phishing_clicked',
      'insurer.csv_phishing_clicked_percent',
      'insurer.csv_phishing_sign_in_sent',
      'insurer.csv_phishing_submitted',
      'insurer.csv_phishing_submitted_percent',
      'insurer.csv_phishing_reported',
      'insurer.csv_phishing_reported_percent',
      'insurer.csv_phishing_last_started',
    ]);
    expect(first).toEqual([
      'AS-4711081542',
      'Musterfirma GmbH',
      'insurer.csv_yes',
      '02.03.2026',
      '12',
      '40',
      '30',
      '75',
      '2',
      '3',
      '26.11.2026',
      'insurer.certificate_state_valid',
      '01.03.2027',
      '20.11.2026',
      '40',
      '5',
      '13',
      '20',
      '2',
      '10',
      '12',
      '30',
      '05.10.2026',
    ]);
    expect(second?.slice(2, 4)).toEqual(['insurer.csv_no', '']);
    // Not counted yet, and no simulation: empty cells, not zeros.
    expect(second?.slice(8)).toEqual([
      '',
      '',
      '',
      'insurer.certificate_state_none',
      '',
      '',
      ...Array<string>(9).fill(''),
    ]);
    // Started, nothing sent yet: the counts are 0, the shares empty (a share of nobody is no 0 %).
    expect(third?.slice(14)).toEqual(['0', '0', '', '0', '0', '', '0', '', '26.11.2026']);
  });

  it('turns a company name that a spreadsheet would run as a formula into text', () => {
    for (const name of ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2', '@SUM(A1)', '\tTab GmbH', '\rCR GmbH']) {
      const cell = read(portfolioCsv([row(name)], t))[1]?.[1];
      expect(cell, JSON.stringify(name)).toBe(`'${name}`);
    }
    // A name with the separator or a quote stays one cell.
    expect(read(portfolioCsv([row('Müller; Söhne "Bau" GmbH')], t))[1]?.[1]).toBe('Müller; Söhne "Bau" GmbH');
  });
});
