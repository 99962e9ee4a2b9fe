import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { CheckAccountMergeResponse, MergeCountsBody } from '@emberwatch/shared/contracts/accountMerge';
import { createFakeServer, json } from './support/fakeServer';
import { sensorConf, station } from './support/fixtures';
import { renderApp } from './support/renderApp';

const slow = { timeout: 8000 };

beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
});

const counts: MergeCountsBody = {
  stations: 2,
  probes: 14,
  storages: 3,
  monitors: 2,
  alerts: 5,
  batches: 1,
  readings: 12345,
  history: 9,
  sites: 1,
  controllers: 0,
  notifications: 2,
  subUsers: 0,
};
const checked: CheckAccountMergeResponse = {
  status_code: 0,
  source: { UID: 7, username: 'old@farm', BSs: ['F1000001', 'F1000002'] },
  target: { UID: 9, username: 'new@farm', BSs: ['F2000001'] },
  moves: counts,
};

/** A staff member at a level, on a customer's station of a family (main: Emberwatch's own). */
function admin(group: number, opts: { family?: string; bsId?: string } = {}) {
  const bsId = opts.bsId ?? 'F1000001';
  const server = createFakeServer({
    loggedIn: true,
    session: { admin: true, admin_group: group },
    stations: [station(bsId, { owner_UID: 7 }), station('F1000002', { owner_UID: 7 })],
    conf: { [bsId]: [sensorConf('H10001')] },
  });
  server.override('GET /admin/getReplacementHistory', () => json({ status_code: 0, results: [] }));
  server.override('GET /client/bsCommData', () => json({ status_code: 403, error: 'no' }, 403));
  server.override('GET /client/getMobileTelemetry', () => json({ status_code: 0, results: [] }));
  server.override('GET /admin/basestations', () =>
    json({
      status_code: 0,
      total: 1,
      results: [
        {
          bs_id: bsId,
          display_name: null,
          family: opts.family ?? 'main',
          owner: { UID: 7, username: 'old@farm', name: null },
          probeCount: 1,
          last_data_ts: null,
        },
      ],
    }),
  );
  return server;
}

async function openDialog(server: ReturnType<typeof admin>) {
  const app = renderApp('/settings/basestation', server);
  await app.user.click(await screen.findByTestId('merge-account', undefined, slow));
  return { app, dialog: await screen.findByRole('dialog') };
}

// Spec doc 2 §4, §6, §7, §8: Merge account in the base-station settings.
describe('base-station settings: Merge account', () => {
  it('shows only to Root and Admin, for a main-family account whose station id starts with F', async () => {
    for (const [group, opts, shown] of [
      [1, {}, true],
      [0, {}, true],
      [2, {}, false],
      [3, {}, false],
      [1, { family: 'haytech' }, false],
      [1, { family: 'gari' }, false],
      [1, { bsId: 'G1000001' }, false],
    ] as const) {
      const server = admin(group, opts);
      const view = renderApp('/settings/basestation', server);
      await screen.findByTestId('bs-replacement-history', undefined, slow);
      if (shown) expect(await screen.findByTestId('merge-account', undefined, slow)).toBeTruthy();
      else {
        // Root and Admin ask the station's family first: its answer has arrived and been rendered.
        if (group <= 1 && !('bsId' in opts)) {
          await waitFor(() => expect(server.callsTo('GET', '/admin/basestations').length).toBeGreaterThan(0));
          await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
        }
        expect(screen.queryByTestId('merge-account')).toBeNull();
      }
      view.unmount();
    }
  });

  it('checks the target, shows what moves, merges only after the confirmation, and shows the result', async () => {
    const server = admin(1);
    server.override('POST /admin/checkAccountMerge', () => json(checked));
    server.override('POST /admin/doAccountMerge', () =>
      json({ status_code: 0, UID: 9, BSs: ['F1000001', 'F1000002', 'F2000001'], moved: counts }),
    );
    const { app, dialog } = await openDialog(server);
    await app.user.type(within(dialog).getByTestId('merge-target'), 'new@farm');
    await app.user.click(within(dialog).getByTestId('merge-check'));
    const summary = await within(dialog).findByTestId('merge-summary');
    expect(server.callsTo('POST', '/admin/checkAccountMerge')[0]!.body).toEqual({
      BS_ID: 'F1000001',
      target: 'new@farm',
    });
    expect(within(dialog).getByTestId('merge-summary-text').textContent).toContain('old@farm');
    expect(within(summary).getByTestId('merge-summary-readings').textContent).toContain('12345');
    expect(within(summary).getByTestId('merge-summary-stations').textContent).toContain('2');
    // One-way: nothing is sent until the operator confirms.
    const send = within(dialog).getByTestId('merge-send');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await app.user.click(within(dialog).getByTestId('merge-confirm'));
    await app.user.click(send);
    expect((await within(dialog).findByTestId('merge-done')).textContent).toContain('new@farm');
    expect(server.callsTo('POST', '/admin/doAccountMerge')[0]!.body).toEqual({
      UID: 7,
      targetUID: 9,
      BSs: ['F1000001', 'F1000002'],
      targetBSs: ['F2000001'],
    });
  });

  it.each([
    [1, 404, 'Cannot merge account. User not found.', 'Cannot merge account. User not found.'],
    [
      2,
      409,
      'The target account is incomplete (no username)',
      'The target account is incomplete (no username)',
    ],
    [
      403,
      403,
      'Only Root and Admin staff merge accounts.',
      'Error in account merge with status 403: Only Root and Admin staff merge accounts.',
    ],
  ])('shows status %i as the spec words it', async (status, http, error, text) => {
    const server = admin(1);
    server.override('POST /admin/checkAccountMerge', () => json({ status_code: status, error }, http));
    const { app, dialog } = await openDialog(server);
    await app.user.type(within(dialog).getByTestId('merge-target'), 'F2000001');
    await app.user.click(within(dialog).getByTestId('merge-check'));
    expect((await within(dialog).findByTestId('merge-error')).textContent).toBe(text);
    expect(server.callsTo('POST', '/admin/doAccountMerge')).toHaveLength(0);
  });
});
