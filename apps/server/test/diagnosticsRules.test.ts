import { describe, expect, it } from 'vitest';
import { accessEntryOf } from '../src/features/diagnostics/accessEntry.js';
import { nextRunMs } from '../src/features/diagnostics/jobRuns.js';
import { LOG_LINE_MAX_CHARS, parseLogLine } from '../src/features/diagnostics/logLine.js';
import { survivingRows, type RotatedRow } from '../src/features/diagnostics/rotation.js';
import type { ResponseFacts } from '../src/kernel/DiagnosticsSink.js';

const NOW = 1_764_000_000;
const DAY = 86_400;

// Decision 0095: what the access log keeps of a call.
describe('the access log entry', () => {
  const facts = (f: Partial<ResponseFacts>): ResponseFacts => ({
    method: 'GET',
    url: '/client/getSessionInfo',
    route: '/client/getSessionInfo',
    auth: 'user',
    status: 200,
    durationMs: 1.5,
    userId: 7,
    partnerApp: null,
    ip: '127.0.0.1',
    ...f,
  });
  it.each<[string, Partial<ResponseFacts>, string | null]>([
    ['a user call, as it is', {}, '/client/getSessionInfo'],
    [
      'the query goes: tokens travel there',
      { url: '/delivery/ack?t=SECRET&x=1', auth: undefined },
      '/delivery/ack',
    ],
    ['a station packet is the call log’s', { url: '/ingest/v1/packets', auth: 'station' }, null],
    [
      'the web app’s files are left out',
      { url: '/assets/index-abc.js', auth: undefined, route: undefined },
      null,
    ],
    ['a page of the app is left out', { url: '/probes?x=1', auth: undefined, route: undefined }, null],
    [
      'an unknown API path is kept (a probe for holes)',
      { url: '/admin/nothing', auth: undefined, route: undefined },
      '/admin/nothing',
    ],
    [
      'a POST outside the API is kept',
      { method: 'POST', url: '/wp-login.php', auth: undefined },
      '/wp-login.php',
    ],
  ])('%s', (_why, f, path) => {
    expect(accessEntryOf(facts(f), 's', NOW)?.path ?? null).toBe(path);
  });

  it('keeps who, status, duration (µs) and the family', () => {
    expect(accessEntryOf(facts({ partnerApp: 'gari', status: 403, durationMs: 2.25 }), 's', NOW)).toEqual({
      ts: NOW,
      server: 's',
      method: 'GET',
      path: '/client/getSessionInfo',
      route: '/client/getSessionInfo',
      status: 403,
      duration_us: 2250,
      user_id: 7,
      family: 'gari',
      ip: '127.0.0.1',
    });
  });
});

describe('a stored log line', () => {
  it.each<[string, string, { ts: number; ms: number; level: number; msg: string | null }]>([
    [
      'pino’s JSON',
      '{"level":40,"time":1764000000123,"msg":"slow"}\n',
      { ts: NOW, ms: 123, level: 40, msg: 'slow' },
    ],
    ['no message', '{"level":30,"time":1764000000000}', { ts: NOW, ms: 0, level: 30, msg: null }],
    [
      'not JSON: kept as its own message, info, now',
      'plain text\n',
      { ts: NOW, ms: 500, level: 30, msg: 'plain text' },
    ],
    ['a JSON value that is no object', '42', { ts: NOW, ms: 500, level: 30, msg: '42' }],
  ])('%s', (_why, line, want) => {
    expect(parseLogLine(line, 'srv', 'test', NOW * 1000 + 500)).toMatchObject({
      ...want,
      server: 'srv',
      env: 'test',
    });
  });

  it('a huge line is cut to the bound', () => {
    const line = JSON.stringify({ level: 30, time: NOW * 1000, msg: 'x'.repeat(10_000) });
    const row = parseLogLine(line, 's', 'test', 0);
    expect(row.line).toHaveLength(LOG_LINE_MAX_CHARS);
    expect(row.msg!.length).toBeLessThanOrEqual(500);
  });
});

describe('the diagnostics rotation', () => {
  const limits = { maxAgeS: 7 * DAY, perKey: 3, total: 5 };
  const row = (id: number, key: string, ago: number): RotatedRow => ({ id, key, ts: NOW - ago });
  it.each<[string, RotatedRow[], number[]]>([
    ['nothing to rotate', [row(1, 'A', 10)], [1]],
    ['a week old stays, a second older goes', [row(1, 'A', 7 * DAY), row(2, 'A', 7 * DAY + 1)], [1]],
    [
      'a key keeps its newest three',
      [row(1, 'A', 50), row(2, 'A', 40), row(3, 'A', 30), row(4, 'A', 20)],
      [4, 3, 2],
    ],
    [
      'same second: the later id is newer',
      [row(1, 'A', 10), row(2, 'A', 10), row(3, 'A', 10), row(4, 'A', 10)],
      [4, 3, 2],
    ],
    [
      'a chatty key does not push out a quiet one',
      [row(1, 'Q', 100), row(2, 'B', 5), row(3, 'B', 4), row(4, 'B', 3), row(5, 'B', 2)],
      [5, 4, 3, 1],
    ],
    [
      'the total bounds many keys',
      [row(1, 'A', 100), row(2, 'X1', 6), row(3, 'X2', 5), row(4, 'X3', 4), row(5, 'X4', 3), row(6, 'X5', 2)],
      [6, 5, 4, 3, 2],
    ],
  ])('%s', (_why, rows, kept) => {
    expect(survivingRows(rows, NOW, limits).map((r) => r.id)).toEqual(kept);
  });
});

describe('a job’s next run', () => {
  const since = 1_000_000;
  it.each<
    [string, { everyMs: number; firstAfterMs: number | undefined }, number | null, number, number | null]
  >([
    ['no scheduler here: no next run', { everyMs: 1000, firstAfterMs: undefined }, null, since + 10, null],
    [
      'the first tick after the start',
      { everyMs: 1000, firstAfterMs: undefined },
      since,
      since + 10,
      since + 1000,
    ],
    [
      'ticks from the start, not from the last run',
      { everyMs: 1000, firstAfterMs: undefined },
      since,
      since + 2500,
      since + 3000,
    ],
    [
      'on a tick: the next one',
      { everyMs: 1000, firstAfterMs: undefined },
      since,
      since + 2000,
      since + 3000,
    ],
    [
      'a catch-up job first runs after its delay',
      { everyMs: 60_000, firstAfterMs: 5000 },
      since,
      since + 10,
      since + 5000,
    ],
    [
      'after its first run, by the period',
      { everyMs: 60_000, firstAfterMs: 5000 },
      since,
      since + 6000,
      since + 60_000,
    ],
  ])('%s', (_why, job, scheduled, now, next) => {
    expect(nextRunMs(job, scheduled, now)).toBe(next);
  });
});
