import { describe, expect, it } from 'vitest';
import {
  csvParts,
  exportDateOf,
  iccidProblem,
  normalizeIccid,
  parseSimCsv,
  simNumbersIn,
  simStatusOf,
  simTransition,
  type SimStatus,
} from '../src/domain/sims.js';

describe('a SIM number (ICCID)', () => {
  it.each([
    ['8935801000000000018', null],
    ['89358010000000000018', 'checkDigit'],
    ['89358010000000000026', 'checkDigit'],
    ['8935801000000000019', 'checkDigit'],
    ['893580100000000001', 'format'],
    ['893580100000000000018', 'format'],
    ['1935801000000000018', 'format'],
    ['89358O1000000000018', 'format'],
    ['', 'format'],
  ])('%s: %s', (iccid, problem) => {
    expect(iccidProblem(iccid)).toBe(problem);
  });

  it.each([
    ['8935 8010 0000 0000 018', '8935801000000000018'],
    ['8935-8010-0000-0000-018', '8935801000000000018'],
    ['8935801000000000018F', '8935801000000000018'],
  ])('%s is typed as printed: %s', (typed, iccid) => {
    expect(normalizeIccid(typed)).toBe(iccid);
  });

  it('a 20-digit ICCID with its check digit is one', () => {
    // 89 + 17 digits + the Luhn digit.
    expect(iccidProblem('89460100000000000017')).toBe(null);
  });

  it('finds the numbers in a pasted text', () => {
    expect(simNumbersIn('8935801000000000018\n 8935 8010 0000 0000 026 ;x,,\r\n')).toEqual([
      '8935801000000000018',
      '8935801000000000026',
      'x',
    ]);
  });
});

describe('SIM status changes', () => {
  it.each<[SimStatus, SimStatus, string | null]>([
    ['Active', 'Paused', null],
    ['Paused', 'Active', null],
    ['Active', 'Terminated', null],
    ['Deactivated', 'Active', null],
    ['Terminated', 'Active', 'terminated'],
    ['Terminated', 'Paused', 'terminated'],
    ['Active', 'Active', 'same'],
    ['Terminated', 'Terminated', 'same'],
  ])('%s → %s: %s', (from, to, refusal) => {
    expect(simTransition(from, to)).toBe(refusal);
  });

  it.each([
    ['ACTIVE', 'Active'],
    ['paused', 'Paused'],
    [' Deactivated ', 'Deactivated'],
    ['TERMINATED', 'Terminated'],
    ['SLEEPING', null],
  ])('the operator’s %s is %s', (word, status) => {
    expect(simStatusOf(word)).toBe(status);
  });
});

describe('the operator’s CSV export', () => {
  it.each([
    ['2026-01-31', Date.UTC(2026, 0, 31) / 1000],
    ['2026-01-31T12:00:00Z', Date.UTC(2026, 0, 31, 12) / 1000],
    ['2026-01-31T12:00:00.000Z', Date.UTC(2026, 0, 31, 12) / 1000],
    ['2026-01-31T14:00:00+02:00', Date.UTC(2026, 0, 31, 12) / 1000],
    ['2026-01-31 12:00', Date.UTC(2026, 0, 31, 12) / 1000],
    ['31.1.2026', undefined],
    ['yesterday', undefined],
  ])('reads the date %s', (text, ts) => {
    expect(exportDateOf(text)).toBe(ts);
  });

  it('reads each line on its own: good ones, and why the others are refused', () => {
    const csv = [
      'ICCID;MSISDN;IMSI;State;StateChanged;Expires',
      '8935801000000000018;358401;2449;ACTIVE;2026-01-01;2027-01-01',
      '',
      '8935801000000000026;;;paused;;',
      '8935801000000000019;;;ACTIVE;;',
      '8935801000000000034;;;SLEEPING;;',
      '8935801000000000042;;;ACTIVE;1.1.2026;',
      '8935801000000000018;;;ACTIVE;;',
      '8935801000000000059;;',
    ].join('\r\n');
    const parsed = parseSimCsv(csv);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.lines.map((l) => (l.ok ? [l.row.line, l.row.status] : [l.line, l.error]))).toEqual([
      [2, 'Active'],
      [4, 'Paused'],
      [5, 'iccidCheckDigit'],
      [6, 'status'],
      [7, 'date'],
      [8, 'duplicate'],
      [9, 'columns'],
    ]);
    expect(parsed.lines[0]).toEqual({
      ok: true,
      row: {
        line: 2,
        iccid: '8935801000000000018',
        msisdn: '358401',
        imsi: '2449',
        status: 'Active',
        status_ts: Date.UTC(2026, 0, 1) / 1000,
        exp_ts: Date.UTC(2027, 0, 1) / 1000,
      },
    });
  });

  it('takes commas, quotes and a missing state (Active, the spec’s default)', () => {
    const parsed = parseSimCsv('\uFEFF"ICCID","MSISDN"\n"8935 8010 0000 0000 018","358,1"\n');
    expect(parsed).toEqual({
      ok: true,
      lines: [
        {
          ok: true,
          row: {
            line: 2,
            iccid: '8935801000000000018',
            msisdn: '358,1',
            imsi: null,
            status: 'Active',
            status_ts: null,
            exp_ts: null,
          },
        },
      ],
    });
  });

  it.each([
    ['', 'empty'],
    ['\n \n', 'empty'],
    ['MSISDN;State\n358;ACTIVE', 'noIccidColumn'],
  ])('refuses %j as a whole: %s', (csv, error) => {
    expect(parseSimCsv(csv)).toEqual({ ok: false, error });
  });

  it('splits a large export into parts with the header, keeping the file’s line numbers', () => {
    const text = ['ICCID', 'a', 'b', '', 'c', 'd', 'e', ''].join('\n');
    const parts = csvParts(text, 2);
    expect(parts.map((p) => p.csv)).toEqual(['ICCID\na\nb', 'ICCID\nc\nd', 'ICCID\ne']);
    // Line 2 of a part is line 2 + lineOffset of the file.
    expect(parts.map((p) => p.lineOffset)).toEqual([0, 3, 5]);
    expect(csvParts('')).toEqual([]);
  });
});
