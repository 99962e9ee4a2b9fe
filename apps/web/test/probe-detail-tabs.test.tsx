import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { nowSeconds, reading, sensorConf } from './support/fixtures';
import {
  FakeUPlot,
  analysisDay,
  insight,
  premium,
  serveAnalysis,
  serveSensorData,
  serveTable,
  tableRow,
  withFirmware,
} from './support/probeDetailFakes';

afterEach(() => {
  FakeUPlot.instances = [];
});

const DAY = 86_400;

function server(options: Parameters<typeof createFakeServer>[0] = {}): FakeServer {
  const s = createFakeServer({
    loggedIn: true,
    user: { plans: [], service: insight() },
    conf: { F1000001: [sensorConf('H-001', 'North stack', { depths: 2 })] },
    data: { F1000001: [reading('H-001', [41.2, 40.0], 300)] },
    ...options,
  });
  serveSensorData(s, []);
  return s;
}

const lastQuery = (s: FakeServer, path: string) => {
  const call = s.callsTo('GET', path).at(-1);
  if (!call) throw new Error(`no call to ${path}`);
  return call.query;
};

/** yyyy-MM-dd as the demo's default date format, d.M.yyyy. */
const dmy = (isoDay: string) => {
  const [y, m, d] = isoDay.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
};

/** Types a day into a date field in the user's format (d.M.yyyy here) and leaves the field. */
function setDate(testId: string, isoDay: string) {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value: dmy(isoDay) } });
  fireEvent.blur(input);
}

/** The text a date field shows. */
const dateValue = (testId: string) => screen.getByTestId<HTMLInputElement>(testId).value;

/** yyyy-MM-dd of the local day `days` from today. */
function localDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('the Data tab (spec doc 2 §4, §8, §9)', () => {
  it('lists the readings newest first, 10 per page by default, with the other page sizes and All', async () => {
    const s = server();
    serveTable(
      s,
      Array.from({ length: 25 }, (_, i) => tableRow((i + 1) * 1200, [30 + i / 10, 29])),
    );
    const app = renderPage('/probes/H-001?tab=data', s);
    expect(await screen.findAllByTestId('data-row', {}, { timeout: 5000 })).toHaveLength(10);
    expect(
      within(screen.getAllByTestId('data-row')[0] as HTMLElement).getAllByTestId('data-temp')[0]?.textContent,
    ).toBe('30.0');
    await app.user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10', '20', '40', '60', '80', '100', 'All']);
    await app.user.click(screen.getByRole('option', { name: 'All' }));
    expect(screen.getAllByTestId('data-row')).toHaveLength(25);
  });

  it('shows temperatures in °F for a user who prefers Fahrenheit', async () => {
    const s = server();
    s.state.session.ui_preferences = { ...s.state.session.ui_preferences, degrees: 'F' };
    serveTable(s, [tableRow(600, [100, 0])]);
    renderPage('/probes/H-001?tab=data', s);
    const row = (await screen.findAllByTestId('data-row'))[0] as HTMLElement;
    expect(
      within(row)
        .getAllByTestId('data-temp')
        .map((c) => c.textContent),
    ).toEqual(['212.0', '32.0']);
    // The unit once over the depth columns; each depth on its own short header.
    expect(screen.getByRole('columnheader', { name: 'Temperature (°F)' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '0.5 m' })).toBeTruthy();
  });

  it('asks for the last 7 days without an end bound (the end is today, i.e. in the future)', async () => {
    const s = server();
    serveTable(s, [tableRow(600, [30, 29])]);
    renderPage('/probes/H-001?tab=data', s);
    await screen.findAllByTestId('data-row');
    const q = lastQuery(s, '/client/data2');
    expect(q.get('basestationID')).toBe('F1000001');
    expect(q.get('sensorId')).toBe('H-001');
    expect(q.has('toDate')).toBe(false);
    const from = new Date(Number(q.get('fromDate')) * 1000);
    expect(from.getHours()).toBe(0);
    expect(Number(q.get('fromDate'))).toBe(Math.floor(new Date(`${localDay(-6)}T00:00`).getTime() / 1000));
  });

  it('sends the end bound for a past end, and keeps the range at most 60 days by moving the other end', async () => {
    const s = server();
    serveTable(s, [tableRow(600, [30, 29])]);
    renderPage('/probes/H-001?tab=data', s);
    await screen.findAllByTestId('data-row');

    setDate('data-to', localDay(-10));
    await waitFor(() => expect(lastQuery(s, '/client/data2').has('toDate')).toBe(true));

    setDate('data-from', localDay(-100));
    expect(dateValue('data-from')).toBe(dmy(localDay(-100)));
    expect(dateValue('data-to')).toBe(dmy(localDay(-41)));

    setDate('data-to', localDay(-5));
    expect(dateValue('data-to')).toBe(dmy(localDay(-5)));
    expect(dateValue('data-from')).toBe(dmy(localDay(-64)));
    await waitFor(() => {
      const q = lastQuery(s, '/client/data2');
      const span = Number(q.get('toDate')) - Number(q.get('fromDate'));
      expect(Math.round(span / 3600)).toBeLessThanOrEqual(60 * 24);
      expect(Math.round(span / 3600)).toBeGreaterThanOrEqual(60 * 24 - 2);
    });
  });

  it("shows and takes the days in the user's date format, not the browser's", async () => {
    const s = server();
    s.state.session.ui_preferences = { ...s.state.session.ui_preferences, date_format: 'MM/dd/yyyy' };
    serveTable(s, [tableRow(600, [30, 29])]);
    const app = renderPage('/probes/H-001?tab=data', s);
    await screen.findAllByTestId('data-row');
    const [y, m, d] = localDay(-6).split('-');
    expect(dateValue('data-from')).toBe(`${m}/${d}/${y}`);

    // A day in the user's order is taken when the field is left…
    const from = screen.getByTestId('data-from');
    await app.user.clear(from);
    await app.user.type(from, '01/02/2026{Enter}');
    await waitFor(() =>
      expect(Number(lastQuery(s, '/client/data2').get('fromDate'))).toBe(
        Math.floor(new Date(2026, 0, 2).getTime() / 1000),
      ),
    );
    expect(dateValue('data-from')).toBe('01/02/2026');

    // …one that is no day in that order is refused with a hint, and asks the server nothing.
    const calls = s.callsTo('GET', '/client/data2').length;
    await app.user.clear(from);
    await app.user.type(from, '31/12/2026{Enter}');
    expect(await screen.findByText('Enter a date like 01/02/2026')).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(s.callsTo('GET', '/client/data2')).toHaveLength(calls);
    expect(screen.getByRole('button', { name: 'Open calendar: From' })).toBeTruthy();
  });

  it('says "No data for this period" when the range holds no rows', async () => {
    const s = server();
    serveTable(s, []);
    renderPage('/probes/H-001?tab=data', s);
    expect(await screen.findByText('No data for this period')).toBeTruthy();
  });

  it('says "No data yet" for a probe that never reported', async () => {
    const s = server({ data: { F1000001: [] } });
    renderPage('/probes/H-001?tab=data', s);
    expect(await screen.findByText('No data yet')).toBeTruthy();
  });

  it('hides duplicates, and shows them marked D with the extra columns behind the admin toggle', async () => {
    const s = server({ session: { admin: true } });
    serveTable(s, [
      tableRow(600, [30, 29]),
      tableRow(630, [30, 29], { duplicate: 'D' }),
      tableRow(1800, [31, 29]),
    ]);
    const app = renderPage('/probes/H-001?tab=data', s);
    expect(await screen.findAllByTestId('data-row')).toHaveLength(2);
    expect(screen.queryByRole('columnheader', { name: 'Interval' })).toBeNull();
    await app.user.click(screen.getByRole('switch', { name: 'Show all columns and duplicates' }));
    expect(screen.getAllByTestId('data-row')).toHaveLength(3);
    for (const name of [
      'Interval',
      'Battery (V)',
      'Probe signal (dBm)',
      'Base station signal (dBm)',
      'Base station',
      'Delay (s)',
    ])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    expect(screen.getAllByTestId('data-duplicate').map((c) => c.textContent)).toEqual(['', 'D', '']);
    expect(within(screen.getAllByTestId('data-row')[0] as HTMLElement).getByText('0:20:00')).toBeTruthy();
  });

  it('offers no admin toggle to a non-admin', async () => {
    const s = server();
    serveTable(s, [tableRow(600, [30, 29])]);
    renderPage('/probes/H-001?tab=data', s);
    await screen.findAllByTestId('data-row');
    expect(screen.queryByRole('switch', { name: 'Show all columns and duplicates' })).toBeNull();
  });
});

function propertiesServer(
  options: Parameters<typeof createFakeServer>[0] = {},
  firmware: string | null = '3.1',
) {
  const s = server(options);
  withFirmware(s, firmware);
  s.override('POST /client/sensorConf', () => json({ status_code: 0 }));
  return s;
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('the Properties tab (spec doc 2 §4, §5)', () => {
  it('saves a new name, and nothing else, then reloads the station configuration', async () => {
    const s = propertiesServer({ user: { plans: [premium] } });
    const app = renderPage('/probes/H-001?tab=properties', s);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(saveButton()).toHaveProperty('disabled', true);
    const confCalls = s.callsTo('GET', '/client/bsConf').length;
    await app.user.clear(name);
    await app.user.type(name, 'South stack');
    await app.user.click(saveButton());
    await waitFor(() => expect(s.callsTo('POST', '/client/sensorConf')).toHaveLength(1));
    expect(s.callsTo('POST', '/client/sensorConf')[0]?.body).toEqual({
      bs_id: 'F1000001',
      sensorConfigurations: [{ sensor_id_sys: 'H-001', sensor_name: 'South stack' }],
    });
    await waitFor(() => expect(s.callsTo('GET', '/client/bsConf').length).toBeGreaterThan(confCalls));
    expect(await screen.findByText('Probe settings saved.')).toBeTruthy();
  });

  it('sends an emptied name as no name (the list falls back to the probe id)', async () => {
    const s = propertiesServer({ user: { plans: [premium] } });
    const app = renderPage('/probes/H-001?tab=properties', s);
    await app.user.clear(await screen.findByRole('textbox', { name: 'Name' }));
    await app.user.click(saveButton());
    await waitFor(() => expect(s.callsTo('POST', '/client/sensorConf')).toHaveLength(1));
    expect(s.callsTo('POST', '/client/sensorConf')[0]?.body).toMatchObject({
      sensorConfigurations: [{ sensor_id_sys: 'H-001', sensor_name: null }],
    });
  });

  it('does not let a master rename a probe', async () => {
    const s = propertiesServer({ session: { master: true }, user: { plans: [premium] } });
    renderPage('/probes/H-001?tab=properties', s);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Master users cannot rename probes.')).toBeTruthy();
  });

  it('hides the correction from a user whose probe has no corrections', async () => {
    const s = propertiesServer({ user: { plans: [premium] } });
    renderPage('/probes/H-001?tab=properties', s);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByText('Correction factor (°C)')).toBeNull();
  });

  it('steps the correction by 0.1 within −1…1, previews it from 50.0 °C and sends it', async () => {
    const s = propertiesServer({ session: { admin: true } });
    const app = renderPage('/probes/H-001?tab=properties', s);
    const plus = await screen.findByRole('button', { name: 'Increase the correction by 0.1' });
    await app.user.click(plus);
    await app.user.click(plus);
    await app.user.click(plus);
    expect(screen.getByTestId('correction-value').textContent).toBe('+0.3');
    expect(screen.getByTestId('correction-preview').textContent).toBe(
      'A reading of 50.0 °C will show as 50.3 °C.',
    );
    await app.user.click(saveButton());
    await waitFor(() => expect(s.callsTo('POST', '/client/sensorConf')).toHaveLength(1));
    expect(s.callsTo('POST', '/client/sensorConf')[0]?.body).toMatchObject({
      sensorConfigurations: [{ sensor_id_sys: 'H-001', correction: 0.3 }],
    });
  });

  it('previews the correction in °F for a Fahrenheit user', async () => {
    const s = propertiesServer({ session: { admin: true } });
    s.state.session.ui_preferences = { ...s.state.session.ui_preferences, degrees: 'F' };
    const app = renderPage('/probes/H-001?tab=properties', s);
    await app.user.click(await screen.findByRole('button', { name: 'Decrease the correction by 0.1' }));
    expect(screen.getByTestId('correction-preview').textContent).toBe(
      'A reading of 122.0 °F will show as 121.8 °F.',
    );
  });

  it('does not send a correction moved back to its saved value', async () => {
    const s = propertiesServer({
      user: { plans: [premium] },
      conf: {
        F1000001: [
          sensorConf('H-001', 'North stack', { corrections: [{ date: 1, factor: 0.5, user: 'farmer' }] }),
        ],
      },
    });
    const app = renderPage('/probes/H-001?tab=properties', s);
    expect((await screen.findByTestId('correction-value')).textContent).toBe('+0.5');
    await app.user.click(screen.getByRole('button', { name: 'Increase the correction by 0.1' }));
    expect(saveButton()).toHaveProperty('disabled', false);
    await app.user.click(screen.getByRole('button', { name: 'Decrease the correction by 0.1' }));
    expect(saveButton()).toHaveProperty('disabled', true);
    await app.user.type(screen.getByRole('textbox', { name: 'Name' }), '!');
    await app.user.click(saveButton());
    await waitFor(() => expect(s.callsTo('POST', '/client/sensorConf')).toHaveLength(1));
    expect(s.callsTo('POST', '/client/sensorConf')[0]?.body).toMatchObject({
      sensorConfigurations: [{ sensor_id_sys: 'H-001', sensor_name: 'North stack!' }],
    });
  });

  it.each([
    ['1.5', false, false],
    ['2.0', true, false],
    ['3.1', true, true],
  ])(
    'shows an admin on firmware %s the interval: %s, the receiving time: %s',
    async (fw, interval, receiving) => {
      const s = propertiesServer({ session: { admin: true } }, fw);
      renderPage('/probes/H-001?tab=properties', s);
      await screen.findByRole('textbox', { name: 'Name' });
      expect(screen.queryByRole('spinbutton', { name: 'Measurement interval (minutes)' }) !== null).toBe(
        interval,
      );
      expect(screen.queryByRole('combobox', { name: 'Receiving time' }) !== null).toBe(receiving);
    },
  );

  it('hides the admin-only fields from a non-admin whatever the firmware', async () => {
    const s = propertiesServer({ user: { plans: [premium] } }, '3.1');
    renderPage('/probes/H-001?tab=properties', s);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('spinbutton', { name: 'Measurement interval (minutes)' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Receiving time' })).toBeNull();
  });

  it('sends the measurement interval in minutes and the receiving time for an admin', async () => {
    const s = propertiesServer({
      session: { admin: true },
      conf: {
        F1000001: [sensorConf('H-001', 'North stack', { measurement_interval: 1200, receiving_time: null })],
      },
    });
    const app = renderPage('/probes/H-001?tab=properties', s);
    const interval = await screen.findByRole('spinbutton', { name: 'Measurement interval (minutes)' });
    expect((interval as HTMLInputElement).value).toBe('20');
    await app.user.clear(interval);
    await app.user.type(interval, '61');
    expect(saveButton()).toHaveProperty('disabled', true);
    await app.user.clear(interval);
    await app.user.type(interval, '15');
    await app.user.click(screen.getByRole('combobox', { name: 'Receiving time' }));
    await app.user.click(screen.getByRole('option', { name: '5' }));
    await app.user.click(saveButton());
    await waitFor(() => expect(s.callsTo('POST', '/client/sensorConf')).toHaveLength(1));
    expect(s.callsTo('POST', '/client/sensorConf')[0]?.body).toEqual({
      bs_id: 'F1000001',
      sensorConfigurations: [{ sensor_id_sys: 'H-001', measurement_interval: 15, receiving_time: 5 }],
    });
  });
});

describe('the Regularity tab (spec doc 2 §3, §8, §9)', () => {
  const day0 = Math.floor(nowSeconds() / DAY) * DAY - 2 * DAY;

  it('shows the summary, the hour coverage and flags a low battery, 36+ packets a day and an average over 24 for an hourly probe', async () => {
    const s = server({ session: { admin: true } });
    serveAnalysis(s, {
      status_code: 0,
      results: {
        summary: {
          id: 'H-001',
          t0: day0,
          t1: day0 + 2 * DAY,
          N: 74,
          dataDays: 3,
          nDays: 3,
          nPerDayMin: 2,
          nPerDayMax: 36,
          minTemp: 300,
          maxTemp: 420,
          minBatt: 335,
          maxBatt: 370,
        },
        dataPerDay: [
          analysisDay(day0, 36, { coveredHours: [0, 1, 2] }),
          analysisDay(day0 + DAY, 36, { minBatt: 339 }),
          analysisDay(day0 + 2 * DAY, 2, { minBatt: 355 }),
        ],
      },
    });
    const app = renderPage('/probes/H-001?tab=regularity', s);
    const days = await screen.findAllByTestId('analysis-day', {}, { timeout: 5000 });
    expect(lastQuery(s, '/admin/getSensorStats').get('probeID')).toBe('H-001');
    expect(days).toHaveLength(3);
    expect(screen.getByTestId('analysis-average').getAttribute('data-flag')).toBe('true');
    expect(screen.getByTestId('analysis-average').textContent).toMatch(/24\.7$/);
    expect(
      within(screen.getByTestId('analysis-average')).getByRole('img', {
        name: "Average above one day's packets for this probe's interval",
      }),
    ).toBeTruthy();
    expect(screen.getByTestId('analysis-battery').getAttribute('data-flag')).toBe('true');
    // Newest day first: 2 packets, then 36 with a low battery, then 36.
    expect(screen.getAllByTestId('analysis-day-count').map((c) => c.getAttribute('data-flag'))).toEqual([
      'false',
      'true',
      'true',
    ]);
    expect(screen.getAllByTestId('analysis-day-battery').map((c) => c.getAttribute('data-flag'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    const oldest = days[2] as HTMLElement;
    expect(oldest.querySelectorAll('[data-covered="true"]')).toHaveLength(3);
    expect(oldest.querySelectorAll('[data-covered]')).toHaveLength(24);

    await app.user.click(within(oldest).getByRole('button', { name: /Show the packets of/ }));
    expect(screen.getAllByTestId('analysis-packet')).toHaveLength(1);
  });

  it('colours only what is wrong for a probe measuring every 20 minutes: complete days and healthy batteries stay plain', async () => {
    const s = server({ session: { admin: true } });
    /** A day of packets every 20 minutes from `start`, `count` of them, at a battery of `batt`. */
    const packets = (from: number, start: number, count: number, batt: number) =>
      analysisDay(from, count, {
        minBatt: batt,
        maxBatt: batt + 3,
        data: Array.from({ length: count }, (_, i) => ({
          b: from + start + i * 1200,
          h: 300,
          hh: [300],
          e: batt,
          f: -70,
          g: -60,
          bs: 'F1000001',
          received: from + start + i * 1200 + 4,
        })),
      });
    // A partial first day, a complete day, and a day whose packets were all sent twice.
    const days = [
      packets(day0, 62_400, 20, 350),
      packets(day0 + DAY, 0, 72, 351),
      packets(day0 + 2 * DAY, 0, 60, 352),
    ];
    const doubled = days[2] as (typeof days)[number];
    doubled.data = doubled.data.flatMap((p) => [p, { ...p, b: p.b + 5, received: p.received + 5 }]);
    doubled.N = doubled.data.length;
    serveAnalysis(s, {
      status_code: 0,
      results: {
        summary: {
          id: 'H-001',
          t0: day0 + 62_400,
          t1: day0 + 2 * DAY + 59 * 1200,
          N: 212,
          dataDays: 3,
          nDays: 30,
          nPerDayMin: 20,
          nPerDayMax: 120,
          minTemp: 300,
          maxTemp: 300,
          minBatt: 350,
          maxBatt: 355,
        },
        dataPerDay: days,
      },
    });
    renderPage('/probes/H-001?tab=regularity', s);
    await screen.findAllByTestId('analysis-day', {}, { timeout: 5000 });
    expect(screen.getByTestId('analysis-interval').textContent).toBe('every 20 min (72 packets a day)');
    // Newest first: 120 packets (each sent twice) is too many; 72 (complete) and 20 (partial) are not.
    expect(screen.getAllByTestId('analysis-day-count').map((c) => c.getAttribute('data-flag'))).toEqual([
      'true',
      'false',
      'false',
    ]);
    expect(
      within(screen.getAllByTestId('analysis-day-count')[0] as HTMLElement).getByRole('img', {
        name: "Too many packets for this probe's interval",
      }),
    ).toBeTruthy();
    expect(screen.getByTestId('analysis-per-day').getAttribute('data-flag')).toBe('true');
    expect(screen.getByTestId('analysis-average').getAttribute('data-flag')).toBe('false');
    // 3.50–3.55 V is a healthy battery (the probe list shows it full): nothing red.
    expect(screen.getByTestId('analysis-battery').getAttribute('data-flag')).toBe('false');
    expect(screen.getAllByTestId('analysis-day-battery').map((c) => c.getAttribute('data-flag'))).toEqual([
      'false',
      'false',
      'false',
    ]);
  });

  it('says "Yet no data for analysis" when there is none', async () => {
    const s = server({ session: { admin: true } });
    serveAnalysis(s, {
      status_code: 0,
      results: {
        summary: {
          id: 'H-001',
          t0: null,
          t1: null,
          N: 0,
          dataDays: 0,
          nDays: 30,
          nPerDayMin: 0,
          nPerDayMax: 0,
          minTemp: null,
          maxTemp: null,
          minBatt: null,
          maxBatt: null,
        },
        dataPerDay: [],
      },
    });
    renderPage('/probes/H-001?tab=regularity', s);
    expect(await screen.findByText('Yet no data for analysis')).toBeTruthy();
  });

  it('shows "Error: status {code}" when the server refuses', async () => {
    const s = server({ session: { admin: true } });
    serveAnalysis(s, { status_code: 7, error: 'nope' });
    renderPage('/probes/H-001?tab=regularity', s);
    expect(await screen.findByText('Error: status 7')).toBeTruthy();
  });
});
