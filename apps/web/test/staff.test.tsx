import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { StaffMember } from '@emberwatch/shared/contracts/staff';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { ACTING_FOR_KEY } from '../src/features/base-stations';

const slow = { timeout: 8000 };

beforeAll(async () => {
  await import('../src/features/staff/StaffPage');
  await import('../src/features/admin/AdminHomePage');
});

const ROOT: StaffMember = { UID: 1, username: 'root@x', name: 'Rita Root', email: null, admin_group: 0 };
const ADMIN: StaffMember = { UID: 2, username: 'admin@x', name: null, email: null, admin_group: 1 };
const TECH: StaffMember = { UID: 3, username: 'tech@x', name: null, email: null, admin_group: 2 };

function staffServer(me: StaffMember) {
  const server = createFakeServer({
    loggedIn: true,
    session: { UID: me.UID, username: me.username, admin: true, admin_group: me.admin_group },
  });
  let members = [ROOT, ADMIN, TECH];
  server.override('GET /admin/adminUsers', () => json({ status_code: 0, users: members }));
  server.override('POST /admin/setAdminUserGroup', (c) => {
    const { UID, admin_group } = c.body as { UID: number; admin_group: number };
    members = members.map((m) => (m.UID === UID ? { ...m, admin_group } : m));
    return json({ status_code: 0, user: members.find((m) => m.UID === UID) });
  });
  return server;
}

// Issue 31 item 2 (decision 0099): /admin/staff.
describe('/admin/staff', () => {
  it('shows the staff with their levels and changes a level through setAdminUserGroup', async () => {
    const server = staffServer(ROOT);
    const app = renderApp('/admin/staff', server);
    const row = await screen.findByTestId('staff-row-tech@x', undefined, slow);
    expect(within(row).getByRole('combobox', { name: 'Level of tech@x' }).textContent).toBe('Tech');
    await app.user.click(within(row).getByRole('combobox', { name: 'Level of tech@x' }));
    await app.user.click(await screen.findByRole('option', { name: 'Sales' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/admin/setAdminUserGroup').map((c) => c.body)).toEqual([
        { UID: 3, admin_group: 3 },
      ]),
    );
    expect((await screen.findByTestId('staff-notice')).textContent).toContain('tech@x is now Sales.');
    // The last Root: its own row says why it cannot be removed or lowered.
    const root = screen.getByTestId('staff-row-root@x');
    expect(
      within(root).getByRole('button', { name: 'Remove root@x from the staff' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(within(root).getByTestId('staff-reason').textContent).toContain(
      'The last Root cannot be removed or lowered.',
    );
  });

  it('shows an Admin the rows it may not change disabled with the reason, and the server’s refusal', async () => {
    const server = staffServer(ADMIN);
    server.override('POST /admin/removeAdminUser', () =>
      json({ status_code: 403, error: 'An Admin manages only Tech and Sales staff.' }, 403),
    );
    const app = renderApp('/admin/staff', server);
    const root = await screen.findByTestId('staff-row-root@x', undefined, slow);
    expect(
      within(root).getByRole('combobox', { name: 'Level of root@x' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(within(root).getByTestId('staff-reason').textContent).toContain(
      'An Admin manages only Tech and Sales staff.',
    );
    const self = screen.getByTestId('staff-row-admin@x');
    expect(
      within(self).getByRole('button', { name: 'Remove admin@x from the staff' }).hasAttribute('disabled'),
    ).toBe(true);
    // Tech may be removed; the server (here) refuses, and the page says what it said.
    const tech = screen.getByTestId('staff-row-tech@x');
    await app.user.click(within(tech).getByRole('button', { name: 'Remove tech@x from the staff' }));
    await app.user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect((await screen.findByTestId('staff-error', undefined, slow)).textContent).toContain(
      'An Admin manages only Tech and Sales staff.',
    );
    // The add form offers only Tech and Sales.
    await app.user.click(await screen.findByRole('combobox', { name: 'Level' }, slow));
    expect((await screen.findByRole('option', { name: /^Root/ })).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('option', { name: 'Sales' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('gives Tech the list without controls', async () => {
    const server = staffServer(TECH);
    renderApp('/admin/staff', server);
    const form = await screen.findByRole('form', { name: 'Add staff' }, slow);
    expect(within(form).getByText('Only Root and Admin staff manage the staff.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Add' }).hasAttribute('disabled')).toBe(true);
    for (const m of [ROOT, ADMIN, TECH])
      expect(
        screen.getByRole('button', { name: `Remove ${m.username} from the staff` }).hasAttribute('disabled'),
      ).toBe(true);
  });
});

// Issue 31 item 1 (decision 0099): the admin bar's button, the banner of a customer's session, and End.
describe("a customer's session", () => {
  it('opens from the admin bar for the picked station’s owner', async () => {
    const server = createFakeServer({
      loggedIn: true,
      session: { UID: 1, username: 'root@x', admin: true, admin_group: 0, admin_username: 'root@x' },
    });
    sessionStorage.setItem(
      ACTING_FOR_KEY,
      JSON.stringify({ adminUid: 1, uid: 7, username: 'hay@demo', name: 'Hillside', bsId: 'F1000001' }),
    );
    server.override('GET /admin/loginAdmin', () => {
      server.state.session = {
        ...server.state.session,
        UID: 7,
        username: 'hay@demo',
        admin: false,
        admin_group: null,
        admin_username: 'root@x',
      };
      return json({ status_code: 0, UID: 7, accessToken: 'ignored', accessTokenExpiry: Date.now() + 60_000 });
    });
    const app = renderApp('/probes', server);
    const bar = await screen.findByTestId('admin-bar', undefined, slow);
    await app.user.click(await within(bar).findByTestId('open-customer-session', undefined, slow));
    const banner = await screen.findByTestId('customer-session-banner', undefined, slow);
    expect(banner.textContent).toContain("You are in hay@demo's session as root@x");
    expect(server.callsTo('GET', '/admin/loginAdmin').map((c) => c.query.get('UID'))).toEqual(['7']);
    await waitFor(() => expect(screen.queryByTestId('admin-bar')).toBeNull());
    sessionStorage.clear();
  });

  it('shows the banner on every page and ends back in the staff member’s console', async () => {
    const server = createFakeServer({
      loggedIn: true,
      session: { UID: 7, username: 'hay@demo', admin: false, admin_group: null, admin_username: 'root@x' },
    });
    server.override('POST /admin/endCustomerSession', () => {
      server.state.session = {
        ...server.state.session,
        UID: 1,
        username: 'root@x',
        admin: true,
        admin_group: 0,
        admin_username: 'root@x',
      };
      return json({ status_code: 0, returned: true });
    });
    const app = renderApp('/probes', server);
    const banner = await screen.findByTestId('customer-session-banner', undefined, slow);
    expect(banner.textContent).toContain("You are in hay@demo's session as root@x");
    expect(screen.queryByTestId('admin-bar')).toBeNull();
    await app.user.click(within(banner).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(app.location()).toBe('/admin'), slow);
    await waitFor(() => expect(screen.queryByTestId('customer-session-banner')).toBeNull());
    const end = server.callsTo('POST', '/admin/endCustomerSession');
    expect(end).toHaveLength(1);
    expect(end[0]!.credentials).toBe('include');
  });
});
