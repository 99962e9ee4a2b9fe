import { parseArgs } from 'node:util';
import { MAX_READINGS_PER_PACKET } from '@emberwatch/shared/contracts/ingest';
import { DEFAULT_PACKET_SIZE } from './buildPackets.js';
import type { FaultRates, SilenceFault } from './FaultInjector.js';

export const DEFAULT_CONFIG_PATH = './data/demo-stations.json';
export const DEFAULT_BACKFILL_DAYS = 60;
/** History every 20 minutes, as a real station measures: 60 days stay quick to send and to store. */
export const DEFAULT_BACKFILL_INTERVAL_S = 1200;
/**
 * Live every minute: a demo where nothing moves for 20 minutes looks broken to a new user
 * (docs/decisions/0004-simulator.md). A real station's 20 minutes: --interval 1200.
 */
export const DEFAULT_LIVE_INTERVAL_S = 60;
export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_LIVE_FAULTS: FaultRates = { loss: 0.01, duplicate: 0.01, late: 0.02 };
/** With --speed above 1, this many days of the demo's world run at that speed unless told otherwise. */
export const DEFAULT_FAST_DAYS = 1;

export const HELP_TEXT = `Emberwatch simulator — plays base stations and their probes over the public ingest protocol
(POST /ingest/v1/packets, docs/base-station-protocol.md). Hay stacks self-heat and cool, grain follows
the seasons with slowly growing hot spots, compost windrows sit at 55–70 °C and drop when turned.

Usage: npm run simulate -- [options]
       node apps/simulator/dist/main.js [options]

By default it sends each station's boot packet, backfills 60 days of history (a reading every 20 min)
as fast as the server takes it, then runs live: every minute each station sends one packet with its
probes' readings.

Stations
  --config <file>         stations file: {url, stations:[{bs_id, secret, material, probes:[{sensor_id,
                          depths}]}]}, as the server writes it when seeding the demo accounts
                          (default ${DEFAULT_CONFIG_PATH})
  --url <url>             server base URL; overrides the file's url
  --only <bs_id,...>      play only these stations

Time
  --backfill-days <n>     days of history to send first (default ${DEFAULT_BACKFILL_DAYS}; 0 = none). Resending is
                          harmless: readings keep their probe and time, the server stores them once
  --interval <s>          measurement interval in seconds, backfill and live (default: ${DEFAULT_BACKFILL_INTERVAL_S} = 20 min
                          for the backfill, ${DEFAULT_LIVE_INTERVAL_S} = 1 min live); measurement times are multiples of it
  --live-interval <s>     the live interval only (e.g. 10 for a reading every 10 s); overrides --interval
  --speed <x>             how fast the demo's world runs in live play: 1 = the clock's pace (default),
                          60 = an hour each minute. Readings are always stamped with the time they are
                          sent, so the server sees them fresh; at 60 each one-minute round measures the
                          world an hour further on (decision 0076)
  --fast-days <d>         with --speed above 1: the world runs at that speed for <d> days of its own
                          (default ${DEFAULT_FAST_DAYS}: 24 minutes at 60), then at the clock's pace, that much ahead
  --no-live               exit after the backfill
  --once                  send one round of readings stamped now, then exit (0 when every station's
                          packet was acknowledged, 1 otherwise; gives up after 60 s without a server).
                          No backfill unless --backfill-days is given; no faults unless asked

Fan controllers (the stations file's fan_controllers; docs/fan-controller-protocol.md)
  --no-fans               do not play the fan controllers (live play runs them by default)
  --fans-only             play only the fan controllers: no boot, no backfill, no readings
  --fan-poll <s>          poll every <s> seconds (1–300) instead of the server's poll_s (tests, benchmarks)
  --fan-rh <percent>      the inlet air's humidity the controllers report, fixed (default: the outdoor model)

Sending
  --packet-size <n>       readings per backfill packet (default ${DEFAULT_PACKET_SIZE}, at most ${MAX_READINGS_PER_PACKET})
  --concurrency <n>       backfill packets in flight (default ${DEFAULT_CONCURRENCY})
  --seed <n>              seed of every curve and fault (default 1): same seed, same data

Faults (live defaults shown; the backfill and --once use only the rates given here)
  --loss-rate <r>         share of readings lost on the radio (default ${DEFAULT_LIVE_FAULTS.loss}; 0 = off)
  --duplicate-rate <r>    share of packets sent twice, as after a lost acknowledgement (default ${DEFAULT_LIVE_FAULTS.duplicate})
  --late-rate <r>         share of readings held back and sent with the next packet (default ${DEFAULT_LIVE_FAULTS.late})
  --silence <bs_id>[@<after>][+<for>][,…]
                          the station goes quiet during live play, as after a power cut: <after> from the
                          start of live play (default at once) it sends nothing for <for> (default until
                          the simulator stops), then resumes. Durations like 90s, 10m, 2h, 1h30m.
                          E.g. --silence F1000002@10m+60m: a data break, then its all-clear (README)
  --fail-ota <bs_id,...>  these stations fail every firmware update they are offered: they fetch it, then
                          report the failure ("flash write failed") instead of booting it

Output
  --quiet                 only warnings and errors
  --check                 check these options and exit: 0 when they are fine, 2 (saying why) when not
  -h, --help              this text

Server answers: 200 acknowledged; 400 refused — logged and dropped; 401 credential wrong — that
station stops; 413 — the packet is split; 503 or no answer — kept and retried with back-off.
SIGINT/SIGTERM: held-back readings are sent, buffers get 5 s to drain, exit 0 (twice: at once).
Exit codes: 0 done, 1 nothing could be delivered (or --once incomplete), 2 bad options or config.
`;

export interface CliOptions {
  config: string;
  url: string | undefined;
  backfillDays: number;
  /** True when --backfill-days was given (it then also applies to --once). */
  backfillExplicit: boolean;
  /** Measurement interval of the backfill (and of --once's backfill). */
  backfillIntervalS: number;
  /** Measurement interval of the live rounds. */
  liveIntervalS: number;
  speed: number;
  /** Days of the demo's world played at `speed` before it goes on at the clock's pace. */
  fastDays: number;
  live: boolean;
  once: boolean;
  only: string[] | null;
  packetSize: number;
  concurrency: number;
  seed: number;
  liveFaults: FaultRates;
  /** Faults of the backfill and of --once: only the rates given on the command line. */
  backfillFaults: FaultRates;
  quiet: boolean;
  /** Play the stations file's fan controllers during live play. */
  fans: boolean;
  fansOnly: boolean;
  fanPollS: number | undefined;
  fanRh: number | undefined;
  /** Stations that go quiet during live play (--silence). */
  silences: SilenceFault[];
  /** Stations whose firmware updates fail (--fail-ota): they report the failure instead of booting it. */
  failOta: string[];
}

/** `check`: the options are fine, nothing is to be run (--check; npm start asks before it starts anything). */
export type CliCommand =
  { kind: 'help' } | { kind: 'run'; options: CliOptions } | { kind: 'check'; options: CliOptions };

export class CliError extends Error {}

function num(
  name: string,
  raw: string | undefined,
  fallback: number,
  check: (n: number) => boolean,
  expect: string,
): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || !check(n))
    throw new CliError(`--${name}: expected ${expect}, got "${raw}"`);
  return n;
}

const rate = (n: number): boolean => n >= 0 && n <= 1;

/** The longest --silence offset or length: 30 days. */
export const MAX_SILENCE_S = 30 * 86_400;

/** "90s", "10m", "2h", "1h30m" → seconds; null when it is not such a duration. */
export function parseDuration(text: string): number | null {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (!m || text === '') return null;
  const [, h = '0', min = '0', sec = '0'] = m;
  return Number(h) * 3600 + Number(min) * 60 + Number(sec);
}

const SILENCE_FORM = 'expected <bs_id>[@<after>][+<for>], e.g. F1000002@10m+60m';

/** --silence values (repeatable, comma-separated) → one fault per station. */
export function parseSilences(values: readonly string[]): SilenceFault[] {
  const faults: SilenceFault[] = [];
  for (const item of values.flatMap((v) => v.split(',')).map((v) => v.trim())) {
    const m = /^([A-Za-z0-9_-]+)(?:@([^+]*))?(?:\+(.*))?$/.exec(item);
    if (!m) throw new CliError(`--silence: ${SILENCE_FORM}, got "${item}"`);
    const [, bsId = '', afterText, forText] = m;
    const duration = (text: string | undefined, what: string, fallback: number | null) => {
      if (text === undefined) return fallback;
      const s = parseDuration(text);
      if (s === null || s > MAX_SILENCE_S)
        throw new CliError(
          `--silence ${bsId}: ${what} must be a duration like 90s, 10m, 2h or 1h30m, at most 30 days; got "${text}"`,
        );
      return s;
    };
    const afterS = duration(afterText, 'the time before it goes quiet', 0) as number;
    const forS = duration(forText, 'how long it stays quiet', null);
    if (forS === 0) throw new CliError(`--silence ${bsId}: how long it stays quiet must be more than 0`);
    if (faults.some((f) => f.bsId === bsId)) throw new CliError(`--silence: ${bsId} is given twice`);
    faults.push({ bsId, afterS, forS });
  }
  return faults;
}
const int = (lo: number, hi: number) => (n: number) => Number.isInteger(n) && n >= lo && n <= hi;

export function parseCli(argv: string[]): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        config: { type: 'string' },
        url: { type: 'string' },
        'backfill-days': { type: 'string' },
        interval: { type: 'string' },
        'live-interval': { type: 'string' },
        speed: { type: 'string' },
        'fast-days': { type: 'string' },
        'no-live': { type: 'boolean' },
        once: { type: 'boolean' },
        only: { type: 'string' },
        'packet-size': { type: 'string' },
        concurrency: { type: 'string' },
        seed: { type: 'string' },
        'loss-rate': { type: 'string' },
        'duplicate-rate': { type: 'string' },
        'late-rate': { type: 'string' },
        silence: { type: 'string', multiple: true },
        'fail-ota': { type: 'string' },
        quiet: { type: 'boolean' },
        'no-fans': { type: 'boolean' },
        'fans-only': { type: 'boolean' },
        'fan-poll': { type: 'string' },
        'fan-rh': { type: 'string' },
        check: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  if (values.help) return { kind: 'help' };

  if (values['no-fans'] && values['fans-only'])
    throw new CliError('--no-fans and --fans-only exclude each other');
  if (values.url !== undefined && !/^https?:\/\/[^/]/.test(values.url))
    throw new CliError(`--url: expected an http(s) URL, got "${values.url}"`);
  const speed = num('speed', values.speed, 1, (n) => n >= 1 && n <= 1_000_000, 'a number from 1 to 1000000');
  const seconds = int(10, 86_400);
  const secondsText = 'whole seconds from 10 to 86400';
  const interval =
    values.interval === undefined ? undefined : num('interval', values.interval, 0, seconds, secondsText);
  const liveFaults: FaultRates = {
    loss: num('loss-rate', values['loss-rate'], DEFAULT_LIVE_FAULTS.loss, rate, 'a share from 0 to 1'),
    duplicate: num(
      'duplicate-rate',
      values['duplicate-rate'],
      DEFAULT_LIVE_FAULTS.duplicate,
      rate,
      'a share from 0 to 1',
    ),
    late: num('late-rate', values['late-rate'], DEFAULT_LIVE_FAULTS.late, rate, 'a share from 0 to 1'),
  };
  if (liveFaults.loss + liveFaults.late > 1)
    throw new CliError('--loss-rate plus --late-rate may not exceed 1');
  const only =
    values.only === undefined
      ? null
      : values.only
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  if (only !== null && only.length === 0)
    throw new CliError('--only: expected a comma-separated list of station ids');
  const failOta =
    values['fail-ota'] === undefined
      ? []
      : values['fail-ota']
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  if (values['fail-ota'] !== undefined && failOta.length === 0)
    throw new CliError('--fail-ota: expected a comma-separated list of station ids');
  const silences = parseSilences(values.silence ?? []);
  if (silences.length > 0 && (values.once || values['no-live']))
    throw new CliError('--silence plays during live play: not with --once or --no-live');

  return {
    kind: values.check ? 'check' : 'run',
    options: {
      config: values.config ?? DEFAULT_CONFIG_PATH,
      url: values.url,
      backfillDays: num(
        'backfill-days',
        values['backfill-days'],
        DEFAULT_BACKFILL_DAYS,
        (n) => n >= 0 && n <= 3650,
        'days from 0 to 3650',
      ),
      backfillExplicit: values['backfill-days'] !== undefined,
      backfillIntervalS: interval ?? DEFAULT_BACKFILL_INTERVAL_S,
      liveIntervalS: num(
        'live-interval',
        values['live-interval'],
        interval ?? DEFAULT_LIVE_INTERVAL_S,
        seconds,
        secondsText,
      ),
      speed,
      fastDays: num(
        'fast-days',
        values['fast-days'],
        speed > 1 ? DEFAULT_FAST_DAYS : 0,
        (n) => n >= 0 && n <= 3650,
        'days from 0 to 3650',
      ),
      live: !values['no-live'] && !values.once,
      once: values.once ?? false,
      only,
      packetSize: num(
        'packet-size',
        values['packet-size'],
        DEFAULT_PACKET_SIZE,
        int(1, MAX_READINGS_PER_PACKET),
        `an integer from 1 to ${MAX_READINGS_PER_PACKET}`,
      ),
      concurrency: num(
        'concurrency',
        values.concurrency,
        DEFAULT_CONCURRENCY,
        int(1, 256),
        'an integer from 1 to 256',
      ),
      seed: num('seed', values.seed, 1, int(0, 2 ** 32 - 1), 'an integer from 0 to 4294967295'),
      liveFaults,
      backfillFaults: {
        loss: values['loss-rate'] !== undefined ? liveFaults.loss : 0,
        duplicate: values['duplicate-rate'] !== undefined ? liveFaults.duplicate : 0,
        late: values['late-rate'] !== undefined ? liveFaults.late : 0,
      },
      quiet: values.quiet ?? false,
      fans: !values['no-fans'],
      fansOnly: values['fans-only'] ?? false,
      fanPollS:
        values['fan-poll'] === undefined
          ? undefined
          : num('fan-poll', values['fan-poll'], 30, int(1, 300), 'whole seconds from 1 to 300'),
      fanRh:
        values['fan-rh'] === undefined
          ? undefined
          : num(
              'fan-rh',
              values['fan-rh'],
              50,
              (n) => n > 0 && n < 100,
              'a humidity above 0 and below 100 %',
            ),
      silences,
      failOta,
    },
  };
}
