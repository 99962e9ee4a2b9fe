import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { GariCheck, GariMigration } from '@emberwatch/shared/contracts/gariMigration';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';
// The sample export the server's test migrates (docs/gari-export-format.md).
import SAMPLE from '../../server/test/fixtures/gari-export-sample.json?raw';

const slow = { timeout: 8000 };
const NOW = Math.floor(Date.now() / 1000);
beforeAll(async () => {
  await import('../src/features/gari-migration/GariMigrationPage');
});

function staff(group = 1) {
  return createFakeServer({ loggedIn: true, session: { admin: true, admin_group: group } });
}

const checked = (over: Partial<GariCheck>): GariCheck => ({
  gari_id: 'GA-1001',
  username: 'niemi.farm',
  username_status: 'free',
  uid: null,
  stations_new: ['G7000001', 'G7000002'],
  stations_kept: [],
  probes_new: ['H70001', 'H70002', 'G70003', 'G70004'],
  probes_kept: [],
  problems: [],
  state: null,
  ...over,
});
const CHECKS = [
  checked({}),
  checked({ gari_id: 'GA-1002', username: 'lund.grain', stations_new: ['G7000003'], probes_new: ['G70005'] }),
  checked({
    gari_id: 'GA-1003',
    username: 'hay@demo.emberwatch',
    username_status: 'taken',
    stations_new: [],
    probes_new: [],
    problems: [
      { code: 'usernameTaken', subject: null, message: '' },
      { code: 'stationTaken', subject: 'F1000001', message: '' },
    ],
  }),
];
const migrated = (over: Partial<GariMigration> = {}): GariMigration => ({
  gari_id: 'GA-1001',
  uid: 42,
  username: 'niemi.farm',
  phone: '+358401234567',
  state: 'completed',
  created_account: true,
  stations: 2,
  probes: 4,
  started_ts: NOW - 60,
  completed_ts: NOW - 60,
  phone_confirmed_ts: null,
  code_sent_ts: null,
  last_error: null,
  ...over,
});

async function upload(app: ReturnType<typeof renderApp>, text = SAMPLE, name = 'gari.json') {
  await app.user.upload(
    await screen.findByTestId('gari-file', undefined, slow),
    new File([text], name, { type: 'application/json' }),
  );
}

// Issue 31 item 6 (decision 0102): /admin/gari-migration.
describe('/admin/gari-migration', () => {
  it('checks the uploaded export, migrates one account, and confirms its phone by the SMS code', async () => {
    const server = staff();
    let list: GariMigration[] = [];
    server.override('GET /admin/getGariMigrations', () => json({ status_code: 0, results: list }));
    server.override('POST /admin/checkGariMigration', () =>
      json({
        status_code: 0,
        results: list.length
          ? [
              checked({
                state: 'completed',
                stations_new: [],
                probes_new: [],
                username_status: 'migrated',
                stations_kept: ['G7000001', 'G7000002'],
              }),
              CHECKS[1],
              CHECKS[2],
            ]
          : CHECKS,
      }),
    );
    server.override('POST /admin/migrateGariUser', () => {
      list = [migrated()];
      return json({
        status_code: 0,
        gari_id: 'GA-1001',
        uid: 42,
        username: 'niemi.farm',
        created_account: true,
        stations_added: 2,
        probes_added: 4,
        already: false,
        state: 'completed',
      });
    });
    server.override('POST /admin/confirmGariMobile', (c) => {
      const body = c.body as { code?: string };
      if (body.code === undefined)
        return json({
          status_code: 0,
          gari_id: 'GA-1001',
          phone: '+358401234567',
          sent: true,
          state: 'completed',
        });
      if (body.code !== '4321') return json({ status_code: 2, error: 'Confirmation code is wrong' }, 400);
      list = [migrated({ state: 'phoneConfirmed', phone_confirmed_ts: NOW })];
      return json({
        status_code: 0,
        gari_id: 'GA-1001',
        phone: '+358401234567',
        sent: false,
        state: 'phoneConfirmed',
      });
    });
    const app = renderApp('/admin/gari-migration', server);
    expect(await screen.findByText('No accounts migrated yet.', undefined, slow)).toBeTruthy();
    await upload(app);
    expect((await screen.findByTestId('gari-file-summary')).textContent).toBe(
      'gari.json: 3 accounts, 2 ready to migrate, 1 with problems.',
    );
    // The page sent the file's accounts as the shared rules read them.
    const sent = server.callsTo('POST', '/admin/checkGariMigration')[0]!.body as {
      accounts: { gari_id: string }[];
    };
    expect(sent.accounts.map((a) => a.gari_id)).toEqual(['GA-1001', 'GA-1002', 'GA-1003']);
    expect(screen.getByTestId('gari-result-GA-1003').textContent).toBe(
      'The username belongs to another account. F1000001: The base station is in use by another account.',
    );
    expect(screen.queryByTestId('gari-migrate-GA-1003')).toBeNull();
    expect(screen.getByTestId('gari-migrate-all').textContent).toBe('Migrate all ready (2)');

    await app.user.click(screen.getByTestId('gari-migrate-GA-1001'));
    await waitFor(() =>
      expect(screen.getByTestId('gari-result-GA-1001').textContent).toBe(
        'Account created with 2 base stations and 4 probes',
      ),
    );
    expect(server.callsTo('POST', '/admin/migrateGariUser')).toHaveLength(1);
    expect(
      (server.callsTo('POST', '/admin/migrateGariUser')[0]!.body as { account: { username: string } }).account
        .username,
    ).toBe('niemi.farm');
    // Checked again after: it is migrated now, and the list below shows it.
    await waitFor(() => expect(server.callsTo('POST', '/admin/checkGariMigration')).toHaveLength(2));
    const table = await screen.findByTestId('gari-migrated');
    expect(await within(table).findByText('niemi.farm')).toBeTruthy();

    await app.user.click(await within(table).findByTestId('gari-phone-GA-1001'));
    const dialog = await screen.findByTestId('gari-phone-dialog');
    await app.user.click(within(dialog).getByTestId('gari-phone-send'));
    expect((await within(dialog).findByTestId('gari-phone-message')).textContent).toBe(
      'A code was sent to +358401234567.',
    );
    await app.user.type(within(dialog).getByRole('textbox'), '1111');
    await app.user.click(within(dialog).getByTestId('gari-phone-confirm'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('gari-phone-message').textContent).toBe('Confirmation code is wrong'),
    );
    await app.user.clear(within(dialog).getByRole('textbox'));
    await app.user.type(within(dialog).getByRole('textbox'), '4321');
    await app.user.click(within(dialog).getByTestId('gari-phone-confirm'));
    await waitFor(() => expect(screen.queryByTestId('gari-phone-dialog')).toBeNull());
    expect(server.callsTo('POST', '/admin/confirmGariMobile').map((c) => c.body)).toEqual([
      { gari_id: 'GA-1001' },
      { gari_id: 'GA-1001', code: '1111' },
      { gari_id: 'GA-1001', code: '4321' },
    ]);
    expect(await within(table).findByText('Phone confirmed')).toBeTruthy();
  });

  it('shows Sales the check without the migration’s buttons', async () => {
    const server = staff(3);
    server.override('GET /admin/getGariMigrations', () => json({ status_code: 0, results: [migrated()] }));
    server.override('POST /admin/checkGariMigration', () => json({ status_code: 0, results: CHECKS }));
    const app = renderApp('/admin/gari-migration', server);
    expect(
      await screen.findByText(
        'You can check an export. Only Root and Admin staff migrate accounts and confirm their phones.',
        undefined,
        slow,
      ),
    ).toBeTruthy();
    await upload(app);
    await screen.findByTestId('gari-file-summary');
    expect(screen.queryByTestId('gari-migrate-GA-1001')).toBeNull();
    expect(screen.queryByTestId('gari-migrate-all')).toBeNull();
    expect(screen.queryByTestId('gari-phone-GA-1001')).toBeNull();
  });

  it('names a file that is no Gari export, and sends nothing', async () => {
    const server = staff();
    server.override('GET /admin/getGariMigrations', () => json({ status_code: 0, results: [] }));
    const app = renderApp('/admin/gari-migration', server);
    await upload(app, '{"format":"csv"}', 'other.json');
    expect(await screen.findByText('The file is not a Gari export.')).toBeTruthy();
    expect(server.callsTo('POST', '/admin/checkGariMigration')).toHaveLength(0);
  });
});

// Spec doc 1 §5 "Top bar: … badges (account migrated, account blocked)".
describe('the top bar’s account badges', () => {
  it('shows "Account migrated" and "Account blocked" when the account is', async () => {
    const server = createFakeServer({ loggedIn: true, user: { blocked: true } });
    server.override('GET /client/gariMigrationState', () =>
      json({ status_code: 0, migrationCompleted: true, phoneConfirmed: false }),
    );
    renderApp('/probes', server);
    expect((await screen.findByTestId('badge-migrated', undefined, slow)).textContent).toBe(
      'Account migrated',
    );
    expect(screen.getByTestId('badge-blocked').textContent).toBe('Account blocked');
  });

  it('shows neither for an account that is not', async () => {
    const server = createFakeServer({ loggedIn: true });
    server.override('GET /client/gariMigrationState', () =>
      json({ status_code: 0, migrationCompleted: false, phoneConfirmed: false }),
    );
    renderApp('/probes', server);
    await screen.findByTestId('menu-button', undefined, slow);
    await waitFor(() => expect(server.callsTo('GET', '/client/gariMigrationState')).toHaveLength(1));
    expect(screen.queryByTestId('badge-migrated')).toBeNull();
    expect(screen.queryByTestId('badge-blocked')).toBeNull();
  });
});
