import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  GetSimResponse,
  Sim,
  StoreSimsResponse,
  ValidityEntry,
} from '@emberwatch/shared/contracts/sims';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';

const slow = { timeout: 8000 };
const NOW = Math.floor(Date.now() / 1000);
const SIM1 = '8935801000000000018';
const SIM2 = '8935801000000000026';

beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
  await import('../src/features/sims/SimsPage');
});

function staff(group = 1) {
  return createFakeServer({ loggedIn: true, session: { admin: true, admin_group: group } });
}

const sim = (over: Partial<Sim> = {}): Sim => ({
  iccid: SIM1,
  msisdn: '358407000000',
  imsi: null,
  status: 'Paused',
  status_ts: NOW - 3 * 86_400,
  exp_ts: NOW + 40 * 86_400,
  bs_id: 'F1000001',
  display_name: 'Barn',
  owner: { uid: 7, username: 'hay@demo.emberwatch' },
  ...over,
});

function stationSim(server: ReturnType<typeof staff>, answer: Partial<GetSimResponse>) {
  server.override('GET /admin/getSIM', () =>
    json({
      status_code: 0,
      sim: sim(),
      operator: { status: 'Paused', exp_ts: null },
      operator_error: null,
      ...answer,
    }),
  );
}

// Issue 30 item 3, spec doc 2 §2.5, §3, §7: the SIM block of the base-station settings (admins only).
describe('base-station settings: the SIM block', () => {
  it('shows the SIM, its status and since when, and saves a checked number and status through setBSSIM', async () => {
    const server = staff();
    stationSim(server, {});
    server.override('POST /admin/setBSSIM', () =>
      json({ status_code: 0, sim: sim({ iccid: SIM2, status: 'Terminated' }) }),
    );
    const app = renderApp('/settings/basestation', server);
    const block = await screen.findByTestId('bs-sim', undefined, slow);
    expect(await within(block).findByText(SIM1)).toBeTruthy();
    expect(within(block).getByTestId('sim-status-chip').textContent).toBe('Paused');
    expect(within(block).getByTestId('sim-since').textContent).toMatch(/^since /);
    expect(server.callsTo('GET', '/admin/getSIM')[0]!.query.get('BS_ID')).toBe('F1000001');

    await app.user.click(within(block).getByRole('button', { name: 'Edit SIM' }));
    const dialog = await screen.findByRole('dialog');
    const number = within(dialog).getByTestId('sim-number');
    await app.user.clear(number);
    await app.user.type(number, '8935 8010 0000 0000 027');
    expect(within(dialog).getByText(/check digit\) does not match/)).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    await app.user.clear(number);
    await app.user.type(number, '8935 8010 0000 0000 026');
    await app.user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await app.user.click(await screen.findByRole('option', { name: 'Terminated' }));
    expect(within(dialog).getByTestId('sim-terminate-warning')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('POST', '/admin/setBSSIM')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/setBSSIM')[0]!.body).toEqual({
      BS_ID: 'F1000001',
      SIM: SIM2,
      SIMstatus: 'Terminated',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the operator did not answer, and why the server refused, keeping the dialog open', async () => {
    const server = staff();
    stationSim(server, { operator: null, operator_error: 'The SIM operator timed out.' });
    server.override('POST /admin/setBSSIM', () =>
      json(
        {
          status_code: 502,
          error: 'The SIM operator did not answer (HTTP 503). Nothing was changed; try again later.',
        },
        502,
      ),
    );
    const app = renderApp('/settings/basestation', server);
    const block = await screen.findByTestId('bs-sim', undefined, slow);
    await within(block).findByText(SIM1);
    expect(within(block).getByTestId('sim-operator-error').textContent).toContain('did not answer');
    await app.user.click(within(block).getByRole('button', { name: 'Edit SIM' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByTestId('sim-save-error')).textContent).toContain(
      'Nothing was changed',
    );
  });

  it('shows “No SIM”; Sales staff read the block without the edit', async () => {
    const server = staff(3);
    stationSim(server, { sim: null, operator: null, operator_error: null });
    renderApp('/settings/basestation', server);
    const block = await screen.findByTestId('bs-sim', undefined, slow);
    expect((await within(block).findByTestId('sim-none')).textContent).toBe('No SIM');
    expect(within(block).queryByRole('button', { name: 'Edit SIM' })).toBeNull();
  });

  it('is not there for a farmer', async () => {
    const server = createFakeServer({ loggedIn: true });
    renderApp('/settings/basestation', server);
    await screen.findByText('F1000001', undefined, slow);
    expect(screen.queryByTestId('bs-sim')).toBeNull();
    expect(server.callsTo('GET', '/admin/getSIM')).toHaveLength(0);
  });
});

// Issue 30 items 5 and 6: /admin/sims, the SIM list with its actions, the import, the check, the overview.
describe('/admin/sims', () => {
  it('lists the SIMs, filters by status, and terminates one after a confirmation', async () => {
    const server = staff();
    server.override('GET /admin/simList', (c) =>
      json({
        status_code: 0,
        results:
          c.query.get('status') === 'Active'
            ? [sim({ iccid: SIM2, status: 'Active' })]
            : [sim(), sim({ iccid: SIM2, status: 'Active', bs_id: null, owner: null })],
      }),
    );
    server.override('POST /admin/setBSSIM', () =>
      json({ status_code: 0, sim: sim({ status: 'Terminated' }) }),
    );
    const app = renderApp('/admin/sims', server);
    const table = await screen.findByTestId('sims-table', undefined, slow);
    expect(within(table).getByText(SIM1)).toBeTruthy();
    expect(within(table).getByText('F1000001 · Barn')).toBeTruthy();
    expect(within(table).getByText('hay@demo.emberwatch')).toBeTruthy();

    await app.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.user.click(await screen.findByRole('option', { name: 'Active' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/admin/simList').at(-1)!.query.get('status')).toBe('Active'),
    );
    await waitFor(() => expect(within(screen.getByTestId('sims-table')).queryByText(SIM1)).toBeNull());

    await app.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.user.click(await screen.findByRole('option', { name: 'All' }));
    const row = (await within(screen.getByTestId('sims-table')).findByText(SIM1)).closest('tr')!;
    await app.user.click(within(row).getByRole('button'));
    const actions = await screen.findByTestId('sim-actions');
    await app.user.click(within(actions).getByRole('button', { name: 'Terminate' }));
    expect(server.callsTo('POST', '/admin/setBSSIM')).toHaveLength(0);
    await app.user.click(await screen.findByTestId('sim-confirm-terminate'));
    await waitFor(() => expect(server.callsTo('POST', '/admin/setBSSIM')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/setBSSIM')[0]!.body).toEqual({
      BS_ID: 'F1000001',
      SIM: SIM1,
      SIMstatus: 'Terminated',
    });
  });

  it('previews an import, sends it, and shows each line’s result', async () => {
    const server = staff();
    server.override('GET /admin/simList', () => json({ status_code: 0, results: [] }));
    server.override('POST /admin/storeSIMs', () =>
      json({
        status_code: 0,
        results: [
          { line: 2, iccid: SIM1, result: 'added', error: null, message: null },
          {
            line: 3,
            iccid: '8935801000000000019',
            result: 'refused',
            error: 'iccidCheckDigit',
            message: 'x',
          },
        ],
        added: 1,
        updated: 0,
        unchanged: 0,
        refused: 1,
      } satisfies StoreSimsResponse),
    );
    const app = renderApp('/admin/sims', server);
    await app.user.click(await screen.findByTestId('sims-tab-import', undefined, slow));
    const csv = `ICCID;State\n${SIM1};ACTIVE\n8935801000000000019;ACTIVE\n`;
    await app.user.upload(
      screen.getByTestId('sims-import-file'),
      new File([csv], 'export.csv', { type: 'text/csv' }),
    );
    expect((await screen.findByTestId('sims-import-preview')).textContent).toBe(
      'export.csv: 1 SIMs to import, 1 lines refused',
    );
    expect(
      within(screen.getByTestId('sims-import-table')).getByText('The check digit does not match'),
    ).toBeTruthy();
    await app.user.click(screen.getByTestId('sims-import-store'));
    expect((await screen.findByTestId('sims-import-summary')).textContent).toBe(
      'Added 1, updated 0, unchanged 0, refused 1',
    );
    expect(screen.getByTestId('sims-import-progress').textContent).toBe('Imported 2 of 2 SIMs');
    expect(server.callsTo('POST', '/admin/storeSIMs')[0]!.body).toEqual({ csv: csv.trimEnd() });
  });

  it('checks pasted numbers and shows what the database and the operator say', async () => {
    const server = staff();
    server.override('GET /admin/simList', () => json({ status_code: 0, results: [] }));
    server.override('POST /admin/checkSIMs', () =>
      json({
        status_code: 0,
        operator_error: null,
        results: [
          {
            input: SIM1,
            iccid: SIM1,
            problem: null,
            known: true,
            status: 'Active',
            bs_id: 'F1000001',
            owner: { uid: 7, username: 'hay@demo.emberwatch' },
            operator_status: 'Paused',
            at_operator: true,
          },
        ],
      }),
    );
    const app = renderApp('/admin/sims', server);
    await app.user.click(await screen.findByTestId('sims-tab-check', undefined, slow));
    await app.user.type(screen.getByTestId('sims-check-input'), `${SIM1}, 8935 8010 0000 0000 026`);
    await app.user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(server.callsTo('POST', '/admin/checkSIMs')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/checkSIMs')[0]!.body).toEqual({ sims: [SIM1, SIM2] });
    const table = await screen.findByTestId('sims-check-table');
    expect(within(table).getByText('Paused')).toBeTruthy();
    expect(within(table).getByText('F1000001')).toBeTruthy();
  });

  it('shows the plans and SIMs about to expire, and looks further ahead on demand', async () => {
    const server = staff(3);
    server.override('GET /admin/simList', () => json({ status_code: 0, results: [] }));
    const rows: ValidityEntry[] = [
      {
        kind: 'sim',
        bs_id: 'F2000001',
        display_name: null,
        owner: { uid: 8, username: 'grain@demo.emberwatch' },
        plan_name: null,
        sim: SIM2,
        exp_ts: NOW + 2 * 86_400,
        expired: false,
      },
      {
        kind: 'plan',
        bs_id: 'F1000001',
        display_name: 'Barn',
        owner: { uid: 7, username: 'hay@demo.emberwatch' },
        plan_name: 'Premium',
        sim: null,
        exp_ts: NOW - 86_400,
        expired: true,
      },
    ];
    server.override('GET /admin/getValidityOverview', () =>
      json({ status_code: 0, from_ts: NOW, to_ts: NOW, results: rows }),
    );
    const app = renderApp('/admin/sims', server);
    await app.user.click(await screen.findByTestId('sims-tab-validity', undefined, slow));
    const table = await screen.findByTestId('sims-validity-table');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(cells[0]).toMatch(/\(expired\)Plan.*hay@demo\.emberwatchPremium/);
    expect(cells[1]).toMatch(/SIM.*grain@demo\.emberwatch8935801000000000026/);
    await app.user.click(screen.getByRole('combobox', { name: 'Days' }));
    await app.user.click(await screen.findByRole('option', { name: '90' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/admin/getValidityOverview').at(-1)!.query.get('days')).toBe('90'),
    );
  });

  it('sends everyone but admins to “/”', async () => {
    const server = createFakeServer({ loggedIn: true });
    const app = renderApp('/admin/sims', server);
    await waitFor(() => expect(app.location()).not.toBe('/admin/sims'), slow);
    expect(server.callsTo('GET', '/admin/simList')).toHaveLength(0);
  });
});
