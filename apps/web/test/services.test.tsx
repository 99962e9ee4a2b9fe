import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AccountInfo } from '@emberwatch/shared/contracts/account';
import type { GetServicesResponse, ServiceRegistration } from '@emberwatch/shared/contracts/services';
import { createFakeServer, json } from './support/fakeServer';
import { renderPage } from './support/renderPage';

const slow = { timeout: 8000 };
const NOW = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await import('../src/features/account/AccountPage');
  await import('../src/features/services/ServicesPage');
});

const ACCOUNT: AccountInfo = {
  U_ID: 7,
  username: 'grain@demo.emberwatch',
  login_U_ID: 7,
  subUser: false,
  firstname: 'Jonas',
  lastname: 'Grain Ltd',
  email: null,
  phone: null,
  country: 'fi',
  address: null,
  zip: null,
  city: null,
  phones: [],
  pendingPhone: null,
  subUsers: [],
  subUserCount: 5,
  mayEdit: true,
  mayAddSubUser: true,
  demo: false,
};

const registration = (over: Partial<ServiceRegistration> = {}): ServiceRegistration => ({
  id: 1,
  U_ID: 7,
  username: 'grain@demo.emberwatch',
  kind: 'subUsers',
  value: 5,
  startTs: NOW - 86_400,
  untilTs: NOW + 30 * 86_400,
  endedTs: null,
  endedBy: null,
  note: 'Invoice 117',
  staff: 'admin@demo.emberwatch',
  ...over,
});

function server(session: object, requests: GetServicesResponse['requests'] = []) {
  const s = createFakeServer({ loggedIn: true, session });
  s.override('GET /client/accountInfo', () => json({ status_code: 0, account: ACCOUNT }));
  s.override('GET /admin/getServices', () =>
    json({
      status_code: 0,
      results: [
        registration(),
        registration({ id: 2, kind: 'storages', value: 1, endedTs: NOW - 60, endedBy: 'expiry', note: null }),
      ],
      current: { storages: 0, subUsers: 5, limitedData: 0 },
      requests,
    } satisfies GetServicesResponse),
  );
  return s;
}

// Issue 31 item 5 (decision 0103): a customer's registered services in Account → Services, for staff.
describe('account services: the registered services block', () => {
  it('shows staff the customer’s open orders of extra services (decision 0108)', async () => {
    renderPage(
      '/account/services',
      server({ admin: true, admin_group: 1 }, [
        { kind: 'subUsers', value: 8, note: 'Harvest hands', createdTs: NOW - 60 },
        { kind: 'storages', value: 1, note: null, createdTs: NOW - 60 },
      ]),
    );
    const orders = await screen.findByTestId('services-orders', undefined, slow);
    expect(orders.textContent).toBe(
      'Ordered by the customer: Users allowance 8 (Harvest hands) · Storages On',
    );
  });

  it('shows Root/Admin the services now and the history, and registers one through registerService', async () => {
    const s = server({ admin: true, admin_group: 1 });
    s.override('POST /admin/registerService', () =>
      json({
        status_code: 0,
        registration: registration({ id: 3, value: 6 }),
        current: { storages: 0, subUsers: 6, limitedData: 0 },
      }),
    );
    const app = renderPage('/account/services', s);
    const block = await screen.findByTestId('customer-services', undefined, slow);
    const now = await within(block).findByTestId('services-now');
    expect(now.textContent).toContain('Users allowance: 5');
    expect(now.textContent).toContain('Storages: Off');
    expect(await within(block).findByText('Invoice 117')).toBeTruthy();
    expect(within(block).getByText('Ended (expired)')).toBeTruthy();

    await app.user.click(within(block).getByRole('button', { name: 'Register a service' }));
    const dialog = await screen.findByRole('dialog');
    const value = within(dialog).getByTestId('service-value');
    await app.user.clear(value);
    await app.user.type(value, '60');
    // Out of range: said at once, not sent.
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Register' }).disabled).toBe(true);
    await app.user.clear(value);
    await app.user.type(value, '6');
    await app.user.click(within(dialog).getByRole('switch', { name: 'Ends on a date' }));
    await app.user.type(within(dialog).getByLabelText('Note (invoice number, reason)'), 'Invoice 118');
    await app.user.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(s.callsTo('POST', '/admin/registerService')).toHaveLength(1));
    expect(s.callsTo('POST', '/admin/registerService')[0]!.body).toEqual({
      UID: 7,
      kind: 'subUsers',
      value: 6,
      untilTs: null,
      note: 'Invoice 118',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows Tech and Sales the services without the register button, and customers nothing', async () => {
    const tech = server({ admin: true, admin_group: 2 });
    renderPage('/account/services', tech);
    const block = await screen.findByTestId('customer-services', undefined, slow);
    expect(await within(block).findByText('Invoice 117')).toBeTruthy();
    expect(within(block).queryByRole('button', { name: 'Register a service' })).toBeNull();
  });

  it('leaves the block out for a customer and asks nothing', async () => {
    const customer = server({});
    renderPage('/account/services', customer);
    await screen.findByTestId('account-plan', undefined, slow);
    expect(screen.queryByTestId('customer-services')).toBeNull();
    expect(customer.callsTo('GET', '/admin/getServices')).toHaveLength(0);
  });
});

describe('/admin/services', () => {
  it('lists every account’s registrations and asks again by kind, state and end', async () => {
    const s = server({ admin: true, admin_group: 3 });
    const app = renderPage('/admin/services', s);
    const list = await screen.findByTestId('services-list', undefined, slow);
    expect(await within(list).findAllByText('grain@demo.emberwatch')).toHaveLength(2);
    await app.user.type(screen.getByTestId('services-expiring'), '30');
    await waitFor(() =>
      expect(s.callsTo('GET', '/admin/getServices').some((c) => c.query.get('expiring') === '30')).toBe(true),
    );
    const last = s.callsTo('GET', '/admin/getServices').at(-1)!;
    expect(last.query.get('state')).toBe('running');
  });
});

// Decision 0108: the owner orders extra services; staff register them.
describe('account services: ordering extra services', () => {
  it('sends the owner’s order of storages and more users, with a note', async () => {
    const s = server({});
    s.override('POST /client/saveExtraServices', () =>
      json({
        status_code: 0,
        requests: [
          { kind: 'storages', value: 1, note: 'Harvest', createdTs: NOW },
          { kind: 'subUsers', value: 8, note: 'Harvest', createdTs: NOW },
        ],
        current: { storages: 0, subUsers: 5, limitedData: 0 },
      }),
    );
    const app = renderPage('/account/services', s);
    const block = await screen.findByTestId('extra-services-order', undefined, slow);
    const users = within(block).getByRole('spinbutton', { name: 'Users wanted' });
    await app.user.clear(users);
    await app.user.type(users, '3');
    // Fewer than the account has: not an order.
    expect(within(block).getByRole<HTMLButtonElement>('button', { name: 'Send order' }).disabled).toBe(true);
    await app.user.clear(users);
    await app.user.type(users, '8');
    await app.user.click(within(block).getByRole('switch', { name: 'Storages' }));
    await app.user.type(
      within(block).getByRole('textbox', { name: 'Message to support (optional)' }),
      'Harvest',
    );
    await app.user.click(within(block).getByRole('button', { name: 'Send order' }));
    expect(await within(block).findByText('Order sent. Support will register it.')).toBeTruthy();
    expect(s.callsTo('POST', '/client/saveExtraServices')[0]!.body).toEqual({
      services: [
        { kind: 'storages', value: 1 },
        { kind: 'subUsers', value: 8 },
      ],
      note: 'Harvest',
    });
  });

  it.each([
    ['a sub-user', { subUser: true }],
    ['staff', { admin: true, admin_group: 1 }],
  ])('is not offered to %s (a master has its own account page)', async (_, session) => {
    renderPage('/account/services', server(session));
    await screen.findByTestId('account-plan', undefined, slow);
    expect(screen.queryByTestId('extra-services-order')).toBeNull();
  });
});
