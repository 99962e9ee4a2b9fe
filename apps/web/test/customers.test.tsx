import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Customer, CustomerDetail, CustomerPoint } from '@emberwatch/shared/contracts/customers';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';

const slow = { timeout: 8000 };
const NOW = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await import('../src/features/customers/CustomersPage');
});

function staff(group = 1) {
  return createFakeServer({ loggedIn: true, session: { admin: true, admin_group: group } });
}

const customer = (over: Partial<Customer> = {}): Customer => ({
  U_ID: 11,
  username: 'hay@demo.emberwatch',
  firstname: 'Heidi',
  lastname: 'Hay Farm',
  email: 'hay@example.com',
  phone: null,
  country: 'fi',
  language: 'en',
  planName: 'Premium',
  planLevel: 2,
  planDue: NOW + 30 * 86_400,
  partnerApp: null,
  master: false,
  grandMaster: false,
  blocked: false,
  demo: false,
  created: NOW - 400 * 86_400,
  stations: 1,
  migrationStarted: null,
  group: 'other',
  authorizedAccounts: 0,
  location: null,
  ...over,
});

const detail = (over: Partial<CustomerDetail> = {}): CustomerDetail => ({
  ...customer(),
  apiPlanDue: null,
  service: null,
  subUsers: 1,
  stationList: [{ bsId: 'F1000001', name: 'Barn', probes: 4 }],
  ...over,
});

function withCustomers(server: ReturnType<typeof staff>) {
  server.override('GET /admin/getusers', (c) =>
    json({
      status_code: 0,
      results:
        c.query.get('hayApp') === 'only'
          ? [customer({ U_ID: 12, username: 'haytech@example.com', partnerApp: 'haytech', group: 'hayApp' })]
          : [customer(), customer({ U_ID: 13, username: 'grain@demo.emberwatch', country: 'us' })],
      total: c.query.get('hayApp') === 'only' ? 1 : 240,
    }),
  );
  server.override('GET /admin/getCustomer', () => json({ status_code: 0, customer: detail() }));
}

// Issue 31 item 1 (decision 0098): /admin/customers, the lists, a customer's detail, registering one, the map.
describe('/admin/customers', () => {
  it('lists the customers a page at a time, with the hay-app option and the search sent to the server', async () => {
    const server = staff();
    withCustomers(server);
    const app = renderApp('/admin/customers', server);
    const table = await screen.findByTestId('customers-table', undefined, slow);
    expect(within(table).getAllByTestId('customer-row')).toHaveLength(2);
    expect(screen.getByText('1–50 of 240')).toBeTruthy();
    const first = server.callsTo('GET', '/admin/getusers')[0]!.query;
    expect(Object.fromEntries(first)).toEqual({ sort: 'username', dir: 'asc', offset: '0', limit: '50' });

    await app.user.click(screen.getByTestId('customers-hayapp-only'));
    await waitFor(() => expect(screen.getByText('haytech@example.com')).toBeTruthy());
    // The column's head and the row's chip.
    expect(within(screen.getByTestId('customers-table')).getAllByText('Hay app')).toHaveLength(2);
    expect(server.callsTo('GET', '/admin/getusers').at(-1)!.query.get('hayApp')).toBe('only');

    await app.user.type(screen.getByTestId('customers-search'), 'heidi');
    await app.user.type(screen.getByRole('textbox', { name: 'Country' }), 'F');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('A country is a two-letter code, e.g. FI.')).toBeTruthy();
    await app.user.type(screen.getByRole('textbox', { name: 'Country' }), 'I');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/admin/getusers').at(-1)!.query.get('q')).toBe('heidi'),
    );
    expect(server.callsTo('GET', '/admin/getusers').at(-1)!.query.get('country')).toBe('fi');

    await app.user.click(screen.getByTestId('customers-tab-masters'));
    await waitFor(() => expect(server.callsTo('GET', '/admin/getMasterUsers')).toHaveLength(1));
  });

  it('opens a customer with its facts and stations, and its plan and Insight actions for an Admin', async () => {
    const server = staff();
    withCustomers(server);
    server.override('POST /admin/setPlanInfo', () => json({ status_code: 0, plans: [], api_plan: null }));
    server.override('POST /admin/insightFreemiumTrial', () =>
      json({ status_code: 0, trialDays: 14, service: null }),
    );
    const app = renderApp('/admin/customers', server);
    await app.user.click(await screen.findByRole('button', { name: 'hay@demo.emberwatch' }, slow));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('F1000001 · Barn')).toBeTruthy();
    expect(within(dialog).getByTestId('customer-name').textContent).toBe('Heidi Hay Farm');
    expect(within(dialog).getByTestId('customer-subUsers').textContent).toBe('1');
    expect(within(dialog).getByTestId('customer-insight').textContent).toBe('No Insight service.');
    // The staff feature's loginAdmin, for the levels that may open a customer's session.
    expect(within(dialog).getByTestId('open-customer-session').textContent).toBe(
      "Open the customer's session",
    );
    expect(server.callsTo('GET', '/admin/getCustomer')[0]!.query.get('UID')).toBe('11');

    await app.user.clear(within(dialog).getByLabelText('Trial days'));
    await app.user.type(within(dialog).getByLabelText('Trial days'), '14');
    await app.user.click(within(dialog).getByRole('button', { name: 'Start free trial' }));
    await waitFor(() => expect(server.callsTo('POST', '/admin/insightFreemiumTrial')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/insightFreemiumTrial')[0]!.body).toEqual({
      UID: 11,
      trialDays: 14,
    });

    await app.user.click(within(dialog).getByRole('button', { name: 'Save dates' }));
    await waitFor(() => expect(server.callsTo('POST', '/admin/setPlanInfo')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/setPlanInfo')[0]!.body).toMatchObject({
      UID: 11,
      apiPlanDue: null,
    });

    // Latitude out of range: said at the field, nothing sent.
    await app.user.type(within(dialog).getByTestId('customer-lat'), '95');
    await app.user.type(within(dialog).getByTestId('customer-lon'), '20');
    expect(within(dialog).getByText('Latitude is a number from −90 to 90.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save location' }).disabled).toBe(
      true,
    );
  });

  it('gives Sales the lists and the detail without registering, plan, Insight or location changes', async () => {
    const server = staff(3);
    withCustomers(server);
    const app = renderApp('/admin/customers', server);
    await app.user.click(await screen.findByRole('button', { name: 'hay@demo.emberwatch' }, slow));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('F1000001 · Barn');
    expect(screen.queryByRole('button', { name: 'Register customer' })).toBeNull();
    expect(within(dialog).queryByTestId('open-customer-session')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save dates' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Start free trial' })).toBeNull();
    expect(within(dialog).getByTestId('customer-location').textContent).toBe('No location');
    expect(
      within(dialog).getByText('Only Root and Admin staff change the plan and the Insight service.'),
    ).toBeTruthy();
  });

  it('registers a customer after checking the form, and says a taken username at its field', async () => {
    const server = staff(2);
    withCustomers(server);
    let taken = true;
    server.override('POST /admin/registerUser', () =>
      taken
        ? json({ status_code: 409, error: 'username exists' }, 409)
        : json({ status_code: 0, U_ID: 77, username: 'new-farm', emailQueued: true }),
    );
    const app = renderApp('/admin/customers', server);
    await app.user.click(await screen.findByRole('button', { name: 'Register customer' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Register a customer' });
    await app.user.type(within(dialog).getByTestId('register-username'), 'ab');
    await app.user.type(within(dialog).getByTestId('register-email'), 'not-mail');
    await app.user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(within(dialog).getByText('The username is too short (at least 3 characters).')).toBeTruthy();
    expect(within(dialog).getByText('This is not a valid e-mail address.')).toBeTruthy();
    expect(within(dialog).getByText('Give a first name or a company.')).toBeTruthy();
    expect(within(dialog).getByText('A country is a two-letter code, e.g. FI.')).toBeTruthy();
    expect(server.callsTo('POST', '/admin/registerUser')).toHaveLength(0);

    await app.user.type(within(dialog).getByTestId('register-username'), 'c-farm');
    await app.user.clear(within(dialog).getByTestId('register-email'));
    await app.user.type(within(dialog).getByTestId('register-email'), 'owner@farm.example');
    await app.user.type(within(dialog).getByTestId('register-lastname'), 'New Farm Ltd');
    await app.user.type(within(dialog).getByTestId('register-country'), 'FI');
    await app.user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('This username is taken.')).toBeTruthy();
    expect(server.callsTo('POST', '/admin/registerUser')[0]!.body).toEqual({
      username: 'abc-farm',
      email: 'owner@farm.example',
      firstname: '',
      lastname: 'New Farm Ltd',
      country: 'fi',
      language: 'en',
    });

    taken = false;
    await app.user.click(within(dialog).getByRole('button', { name: 'Register' }));
    // Registered: the dialog closes and the new customer opens.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register a customer' })).toBeNull());
    await waitFor(() =>
      expect(server.callsTo('GET', '/admin/getCustomer').at(-1)!.query.get('UID')).toBe('77'),
    );
  });

  it('draws the customers on a map without tiles when none are configured, and opens one from its point', async () => {
    const server = staff();
    withCustomers(server);
    const points: CustomerPoint[] = [
      {
        U_ID: 11,
        username: 'hay@demo.emberwatch',
        name: 'Heidi Hay Farm',
        country: 'fi',
        planName: 'Premium',
        group: 'other',
        lat: 62.79,
        lon: 22.84,
      },
      {
        U_ID: 13,
        username: 'grain@demo.emberwatch',
        name: 'Grain Co',
        country: 'us',
        planName: 'Free',
        group: 'migrating',
        lat: 41.88,
        lon: -93.1,
      },
    ];
    server.override('GET /admin/getuserLocations', () =>
      json({ status_code: 0, results: points, withoutLocation: 5, tileUrl: null }),
    );
    const app = renderApp('/admin/customers', server);
    await app.user.click(await screen.findByTestId('customers-tab-map', undefined, slow));
    const map = await screen.findByTestId('customers-map');
    expect(map.getAttribute('data-tiles')).toBe('none');
    expect(screen.getByTestId('customers-map-count').textContent).toBe(
      'On the map: 2; without a location: 5.',
    );
    expect(screen.getByText(/No map tiles are configured/)).toBeTruthy();
    // Leaflet drew the two points, and no tile image was asked for.
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    expect(map.querySelectorAll('img.leaflet-tile')).toHaveLength(0);

    await app.user.click(
      within(screen.getByTestId('customers-map-points')).getByRole('button', { name: 'Grain Co' }),
    );
    await waitFor(() =>
      expect(server.callsTo('GET', '/admin/getCustomer').at(-1)!.query.get('UID')).toBe('13'),
    );
  });

  it('sends a farmer to “/”', async () => {
    const server = createFakeServer({ loggedIn: true });
    const app = renderApp('/admin/customers', server);
    await waitFor(() => expect(app.location()).toBe('/probes'), slow);
    expect(server.callsTo('GET', '/admin/getusers')).toHaveLength(0);
  });
});
