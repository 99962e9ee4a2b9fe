import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import type { Monitor } from '@emberwatch/shared/contracts/monitors';
import type { Plan, UserInfo } from '@emberwatch/shared/contracts/users';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { createFakeServer, json, type FakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { reading, sensorConf, storage, userInfo } from './support/fixtures';
import { premium, serveSensorData, chartPoint } from './support/probeDetailFakes';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await Promise.all([
    import('../src/features/probe-detail/ProbeDetailPage'),
    import('../src/features/storages/StorageDetailPage'),
  ]);
});

const FARM = 7;
const MASTER = 50;
const free: Plan = { planName: 'Free', planLevel: 0, segment: null, dueDate: null, expired: false };

/**
 * Issue 32 item 3 (decision 0108): an advisor (UID 50, a Free account of its own) selects a station
 * of farm 7, which authorised it. Its pages follow the farm's plan and its own flags.
 */
function masterServer({ grandMaster = false, farmPlans = [premium] } = {}): FakeServer {
  const masterInfo: UserInfo = userInfo({ U_ID: MASTER, UID: MASTER, username: 'advisor', plans: [free] });
  const farmInfo: UserInfo = userInfo({ plans: farmPlans });
  const server = createFakeServer({
    loggedIn: true,
    session: {
      UID: MASTER,
      username: 'advisor',
      master: true,
      grandMaster,
      accountAccess: [FARM],
      users: [{ UID: MASTER, username: 'advisor' }],
    },
    user: masterInfo,
    conf: { F1000001: [sensorConf('H-001', 'North stack')] },
    data: { F1000001: [reading('H-001', [41.2, 40.0], 300)] },
    storages: [storage({ itemID: 5, name: 'North barn', capacity: 400, UID: FARM })],
  });
  server.override('GET /client/userInfo', (c) =>
    json({ status_code: 0, userinfo: Number(c.query.get('UID')) === FARM ? farmInfo : masterInfo }),
  );
  serveSensorData(server, [chartPoint(3600, [40, 39]), chartPoint(1200, [41.2, 40])]);
  return server;
}

describe('a master on an authorised farm (spec doc 3 §6, decision 0108)', () => {
  it('opens probe detail on the farm’s plan, and reads its properties without a way to change them', async () => {
    const server = masterServer();
    const { user } = renderPage('/probes/H-001', server);
    expect(await screen.findByTestId('detail-name')).toHaveProperty('textContent', 'North stack');
    expect(server.callsTo('GET', '/client/userInfo').some((c) => c.query.get('UID') === String(FARM))).toBe(
      true,
    );
    await user.click(screen.getByRole('tab', { name: 'Properties' }));
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Name' })).disabled).toBe(true);
    expect(screen.getByText('Master users cannot rename probes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('is refused probe detail when the farm itself has no plan for it', async () => {
    renderPage('/probes/H-001', masterServer({ farmPlans: [free] }));
    expect(await screen.findByText('Probe details and history are not available on your plan.')).toBeTruthy();
  });

  it('reads the storage detail with every edit control hidden or disabled', async () => {
    const { user } = renderPage('/storages/5', masterServer());
    expect(await screen.findByRole('heading', { name: 'North barn' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit layout' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Storage details' }));
    // The details tab's code comes when the tab opens (decision 0178).
    expect(
      await screen.findByText('Your access to this storage is read-only.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete storage' })).toBeNull();
  });
});

describe('checking a storage’s monitor now (GET processStorageMonitors, decision 0108)', () => {
  it('lets a read-only master run the farm’s monitor on its latest readings, and says what it found', async () => {
    const monitor: Monitor = {
      itemID: 2,
      UID: FARM,
      name: 'Hay watch',
      rules: [{ id: 1, type: 'ABS_MAX', settings: defaultRuleSettings('ABS_MAX'), currentAlerts: [] }],
      defaultMonitor: false,
      compost: false,
      demoType: null,
      storages: [5],
      updated_ts: 1_800_000_000,
    };
    const server = masterServer();
    server.override('GET /client/getStorages', () =>
      json({
        status_code: 0,
        results: [storage({ itemID: 5, name: 'North barn', capacity: 400, UID: FARM, monitor: 2 })],
      }),
    );
    server.override('GET /client/getMonitors', () => json({ status_code: 0, results: [monitor] }));
    server.override('GET /client/getStorageLogbook', () => json({ status_code: 0, results: [] }));
    server.override('GET /data/processStorageMonitors', () =>
      json({ status_code: 0, results: [monitor], changes: 1 }),
    );
    const { user } = renderPage('/storages/5', server);
    await user.click(await screen.findByRole('tab', { name: 'Monitor' }));
    await user.click(await screen.findByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Checked: the alerts are up to date.')).toBeTruthy();
    const query = server.callsTo('GET', '/data/processStorageMonitors')[0]!.query;
    expect([query.get('BS_ID'), query.get('UID'), query.get('itemIDs')]).toEqual([
      'F1000001',
      String(FARM),
      '5',
    ]);
  });
});

describe('a grand master on an authorised farm (spec doc 3 §6 "Grand master: can do all of the above")', () => {
  it('edits the storage: layout, details and delete', async () => {
    const { user } = renderPage('/storages/5', masterServer({ grandMaster: true }));
    expect(await screen.findByRole('button', { name: 'Edit layout' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Storage details' }));
    const name = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Name' }, { timeout: 5000 });
    expect(screen.queryByText('Your access to this storage is read-only.')).toBeNull();
    expect(name.disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Delete storage' })).toBeTruthy();
  });

  it('opens probe detail but still does not rename probes (spec doc 2 §4)', async () => {
    const { user } = renderPage('/probes/H-001', masterServer({ grandMaster: true }));
    expect(await screen.findByTestId('detail-name')).toHaveProperty('textContent', 'North stack');
    await user.click(screen.getByRole('tab', { name: 'Properties' }));
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Name' })).disabled).toBe(true);
  });
});
