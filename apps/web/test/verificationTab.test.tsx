import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Verification } from '@emberwatch/shared/contracts/verification';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { reading, sensorConf, station } from './support/fixtures';
import { insight, serveSensorData } from './support/probeDetailFakes';

const NOW = Math.floor(Date.now() / 1000);
const ended: Verification = {
  itemID: 7,
  UID: 1,
  BS_ID: 'F1000001',
  probeID: 'H-001',
  verifixID: 'H-002',
  verifixBS: 'F1000001',
  startDate: NOW - 86_400,
  endDate: NOW - 3600,
  calibration: 0.5,
  calibration_date: NOW - 3600,
  result: { pairs: 40, meanDiff: 0.5, sdDiff: 0.1, minDiff: 0.3, maxDiff: 0.7, correction: -0.5 },
};

function server(list: Verification[], service = insight()): FakeServer {
  const s = createFakeServer({
    loggedIn: true,
    user: { plans: [], service },
    stations: [
      station('F1000001', { display_name: 'Barn' }),
      station('F1000002', { display_name: 'Shed' }),
      // Another account's station the user also sees: its probes are no reference for this one.
      station('F1000003', { display_name: 'Neighbour', owner_UID: 99 }),
    ],
    conf: {
      F1000001: [sensorConf('H-001', 'North stack'), sensorConf('H-002', 'Reference')],
      F1000002: [sensorConf('H-005', 'Spare')],
      F1000003: [sensorConf('H-009')],
    },
    data: { F1000001: [reading('H-001', [30.5], 300)] },
  });
  serveSensorData(s, []);
  s.override('GET /client/getVerifications', () => json({ status_code: 0, results: list }));
  s.override('GET /client/verifixData', () =>
    json({
      status_code: 0,
      data1: [],
      data2: [],
      result: { pairs: 0, meanDiff: null, sdDiff: null, minDiff: null, maxDiff: null, correction: null },
    }),
  );
  return s;
}

describe('the Verification tab (issue 33 item 4)', () => {
  it('is not offered without the verification entitlement', async () => {
    renderPage('/probes/H-001', server([], { ...insight(), expDate: NOW - 10 }));
    await screen.findByTestId('tab-history', {}, { timeout: 5000 });
    expect(screen.queryByTestId('tab-verification')).toBeNull();
  });

  it('lists an ended verification with its result, and starts a new one against the picked reference', async () => {
    const s = server([ended]);
    let started: unknown = null;
    s.override('POST /client/startVerification', (c) => {
      started = c.body;
      return json({ status_code: 0, result: { ...ended, itemID: 8, endDate: null, result: null } });
    });
    renderPage('/probes/H-001?tab=verification', s);
    const item = await screen.findByTestId('verification-ended', {}, { timeout: 5000 });
    expect(within(item).getByTestId('verification-result').textContent).toBe(
      'Mean difference +0.50 °C (spread 0.10 °C, 40 paired readings)',
    );
    expect(within(item).getByTestId<HTMLButtonElement>('verification-delete').disabled).toBe(false);
    const start = screen.getByTestId<HTMLButtonElement>('verification-start');
    expect(start.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('verification-reference'), { target: { value: 'F1000001|H-002' } });
    await waitFor(() => expect(start.disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() =>
      expect(started).toEqual({
        BS_ID: 'F1000001',
        probeID: 'H-001',
        verifixID: 'H-002',
        verifixBS: 'F1000001',
      }),
    );
  });

  it('shows an ongoing one without data as started, offers cancel, and disables a new one', async () => {
    renderPage(
      '/probes/H-001?tab=verification',
      server([{ ...ended, itemID: 9, endDate: null, result: null }]),
    );
    expect(await screen.findByTestId('verification-started-info', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('verification-stop').textContent).toBe('Cancel verification');
    expect(screen.getByTestId<HTMLButtonElement>('verification-start').disabled).toBe(true);
  });
});

describe('the Verification start form (issue 33 item 4)', () => {
  it('offers the probes of all the account’s stations as the reference, grouped by station', async () => {
    const s = server([]);
    let started: unknown = null;
    s.override('POST /client/startVerification', (c) => {
      started = c.body;
      return json({ status_code: 0, result: { ...ended, endDate: null, result: null } });
    });
    renderPage('/probes/H-001?tab=verification', s);
    await screen.findByTestId('verification-tab', {}, { timeout: 5000 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reference probe' }));
    const list = await screen.findByRole('listbox');
    // Station headings, each followed by its probes; the other account's station is not offered.
    await waitFor(() =>
      expect(Array.from(list.children).map((li) => li.textContent)).toEqual([
        'Barn',
        'Reference (H-002)',
        'Shed',
        'Spare (H-005)',
      ]),
    );
    expect(list.querySelectorAll('.MuiListSubheader-root')).toHaveLength(2);
    fireEvent.click(within(list).getByRole('option', { name: 'Spare (H-005)' }));
    fireEvent.click(screen.getByTestId('verification-start'));
    await waitFor(() =>
      expect(started).toEqual({
        BS_ID: 'F1000001',
        probeID: 'H-001',
        verifixID: 'H-005',
        verifixBS: 'F1000002',
      }),
    );
  });

  it('starts from a chosen day in the past, and refuses a day more than 30 days back', async () => {
    const s = server([]);
    let started: { startDate?: number } | null = null;
    s.override('POST /client/startVerification', (c) => {
      started = c.body as { startDate?: number };
      return json({ status_code: 0, result: { ...ended, endDate: null, result: null } });
    });
    renderPage('/probes/H-001?tab=verification', s);
    await screen.findByTestId('verification-tab', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('verification-reference'), { target: { value: 'F1000001|H-002' } });
    const day = screen.getByTestId('verification-start-date');
    const start = screen.getByTestId<HTMLButtonElement>('verification-start');
    const dayText = (daysAgo: number) => {
      const d = new Date((NOW - daysAgo * 86_400) * 1000);
      return {
        text: `${d.getDate()}.${d.getMonth() + 1}.${d.getFullYear()}`,
        midnight: d.setHours(0, 0, 0, 0) / 1000,
      };
    };
    // The user's date format is the default d.M.yyyy.
    fireEvent.change(day, { target: { value: dayText(40).text } });
    fireEvent.blur(day);
    await waitFor(() => expect(start.disabled).toBe(true));
    const fiveDaysAgo = dayText(5);
    fireEvent.change(day, { target: { value: fiveDaysAgo.text } });
    fireEvent.blur(day);
    await waitFor(() => expect(start.disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(started?.startDate).toBe(fiveDaysAgo.midnight));
  });
});
