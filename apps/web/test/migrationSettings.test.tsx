import { describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { createFakeServer, json } from './support/fakeServer';
import { renderPage } from './support/renderPage';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

/** An admin's server answering the migration settings as the server would (spec doc 1 §7 "Migration"). */
function migrationServer(adminGroup: number) {
  const server = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: adminGroup } });
  let state = { status_code: 0, on: false, url: null as string | null, count: 4 };
  server.override('GET /getMigrationCount', () => json(state));
  server.override('POST /setMigrationOn', (c) => {
    state = { ...state, ...(c.body as { on: boolean; url: string | null }) };
    return json(state);
  });
  return server;
}

describe('the migration settings page (/admin/migration)', () => {
  it('opens the migration with the app’s address and shows the keys handed out', async () => {
    const server = migrationServer(1);
    const app = renderPage('/admin/migration', server);
    expect((await screen.findByTestId('migration-count')).textContent).toBe(
      'Accounts handed a migration key: 4',
    );
    await app.user.click(screen.getByRole('switch', { name: 'Migration open' }));
    await app.user.type(screen.getByLabelText('Address of the separate app'), 'https://insight.example/');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(server.callsTo('POST', '/setMigrationOn').map((c) => c.body)).toEqual([
      { on: true, url: 'https://insight.example/' },
    ]);
  });

  it('shows a reader the settings without letting him change them', async () => {
    const server = migrationServer(3); // sales: reads, does not change
    renderPage('/admin/migration', server);
    await screen.findByTestId('migration-count');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Migration open' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Only Root and Admin staff can change the migration settings.')).toBeTruthy();
  });
});
