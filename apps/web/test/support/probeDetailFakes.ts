import type {
  AnalysisDay,
  ChartPoint,
  ProbeAnalysisResponse,
  SensorDataResponse,
  TableRow,
} from '@emberwatch/shared/contracts/probeData';
import type { Plan, Service } from '@emberwatch/shared/contracts/users';
import { json, type FakeServer } from './fakeServer';
import { bsConf, nowSeconds } from './fixtures';

type Hooks = Record<string, ((u: unknown) => void)[]>;

/**
 * A stand-in for uPlot (jsdom has no canvas): records each chart's options and data, and has the
 * plot's under and over layers that plugins draw into.
 */
export class FakeUPlot {
  static instances: FakeUPlot[] = [];
  opts: {
    hooks?: Hooks;
    plugins?: { hooks: Hooks }[];
    series: { label?: string }[];
    scales?: Record<string, { range?: (u: unknown, min: number, max: number) => [number, number] }>;
  };
  data: unknown[];
  select = { left: 0, top: 0, width: 0, height: 0 };
  cursor: { idx: number | null } = { idx: null };
  under = document.createElement('div');
  over = document.createElement('div');
  constructor(opts: FakeUPlot['opts'], data: unknown[], el: HTMLElement) {
    this.opts = opts;
    this.data = data;
    el.append(this.under, document.createElement('canvas'), this.over);
    FakeUPlot.instances.push(this);
    this.fire('init');
  }
  setData(d: unknown[]): void {
    this.data = d;
  }
  setSize(): void {}
  /** The x range last set (the window the chart shows). */
  xScale: { min: number; max: number } | null = null;
  setScale(key: string, s: { min: number; max: number }): void {
    if (key === 'x') this.xScale = s;
  }
  destroy(): void {}
  setSelect(s: FakeUPlot['select']): void {
    this.select = s;
  }
  /** The fake x scale: one pixel is one second from 0. */
  posToVal(px: number): number {
    return px;
  }
  /** The fake scales: one pixel per unit from 0. */
  valToPos(v: number): number {
    return v;
  }
  static latest(): FakeUPlot {
    const u = FakeUPlot.instances.at(-1);
    if (!u) throw new Error('no chart was drawn');
    return u;
  }
  /** Plays uPlot calling one of its hooks (the options' own, then each plugin's). */
  fire(hook: string): void {
    for (const hooks of [this.opts.hooks, ...(this.opts.plugins ?? []).map((p) => p.hooks)])
      for (const fn of hooks?.[hook] ?? []) fn(this);
  }
}

export const premium: Plan = {
  planName: 'Premium',
  planLevel: 3,
  segment: null,
  dueDate: null,
  expired: false,
};

export function insight(trial = 0): Service {
  return { plan: 1, trial, started: null, period: null, expDate: null, surveyCompleted: true };
}

/** A chart point `ageSeconds` ago with depth temperatures in °C. */
export function chartPoint(
  ageSeconds: number,
  celsius: number[],
  extra: Partial<ChartPoint> = {},
): ChartPoint {
  const hh = celsius.map((c) => Math.round(c * 10));
  return { b: nowSeconds() - ageSeconds, h: hh[0] ?? 0, hh, f: -70, g: -60, e: 356, ...extra };
}

export function serveSensorData(
  server: FakeServer,
  points: ChartPoint[],
  mode: SensorDataResponse['mode'] = 'raw',
): void {
  server.override('GET /client/sensorData', (c) =>
    json({
      status_code: 0,
      sensor_id: c.query.get('sensorID'),
      startTS: Number(c.query.get('startTS')),
      endTS: Number(c.query.get('endTS') ?? nowSeconds()),
      mode,
      depths: Math.max(1, ...points.map((p) => p.hh.length)),
      points,
    } satisfies Omit<SensorDataResponse, 'sensor_id'> & { sensor_id: string | null }),
  );
  server.override('GET /client/snapshot', () => json({ status_code: 0, results: [] }));
}

export function tableRow(ageSeconds: number, celsius: number[], extra: Partial<TableRow> = {}): TableRow {
  const hh = celsius.map((c) => Math.round(c * 10));
  return {
    id: 'H-001',
    name: null,
    date: nowSeconds() - ageSeconds,
    interval: 1200,
    batt: 356,
    rss: -72,
    rsb: -61,
    bs: 'F1000001',
    tdiff: 4,
    duplicate: '',
    handle: hh[0] ?? 0,
    hh,
    notemp: false,
    ...extra,
  };
}

export function serveTable(server: FakeServer, rows: TableRow[]): void {
  server.override('GET /client/data2', () => json({ status_code: 0, results: rows }));
}

export function analysisDay(from: number, n: number, extra: Partial<AnalysisDay> = {}): AnalysisDay {
  return {
    from,
    N: n,
    coveredHours: [0, 1, 2, 3],
    minTemp: 300,
    maxTemp: 420,
    minHH: [300],
    maxHH: [420],
    minBatt: 365,
    maxBatt: 370,
    data: [
      { b: from + 600, h: 300, hh: [300], e: 365, f: -70, g: -60, bs: 'F1000001', received: from + 604 },
    ],
    ...extra,
  };
}

export function serveAnalysis(
  server: FakeServer,
  response: ProbeAnalysisResponse | { status_code: number; error: string },
): void {
  server.override('GET /admin/getSensorStats', () => json(response));
}

/** Overrides bsConf so the station reports this firmware (the fake server's default is null). */
export function withFirmware(server: FakeServer, firmware: string | null): void {
  server.override('GET /client/bsConf', (c) => {
    const id = c.query.get('basestationID') ?? '';
    return json(bsConf(id, { firmware_ver: firmware, sensor_configurations: server.state.conf[id] ?? [] }));
  });
}
