import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeServer } from './support/fakeServer';
import { renderApp } from './support/renderApp';

beforeAll(async () => {
  await import('../src/features/admin/AdminHomePage');
});

const slow = { timeout: 8000 };

// Issue 28 item 9 (spec doc 1 §2 "/admin: admins only; others redirected to /"): /admin was "Page
// not found"; it is the admin console's home, listing the admin pages this build has.
describe('/admin', () => {
  it('shows an admin every console page there is, each with its description, and leads to them', async () => {
    const server = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: 1 } });
    const app = renderApp('/admin', server);
    const home = await screen.findByTestId('admin-home', undefined, slow);
    const list = within(home).getByRole('list', { name: 'Admin pages' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.getAttribute('href'), l.textContent])).toEqual([
      [
        '/admin/customers',
        "CustomersEvery customer with search, plan and country filters and the hay-app split; masters, migrated accounts and a map; a customer's facts, stations, plan and Insight service; registering a customer.",
      ],
      [
        '/admin/outbox',
        'OutboxEvery message sent to users by e-mail, SMS, voice call or push, with its status, and the recipients that fail.',
      ],
      [
        '/admin/kits',
        'Kits and QR codesActivation kits with their QR codes to print, and registering new base stations and probe sets.',
      ],
      [
        '/bslog',
        'Base station logsEvery call of a base station with its kind, size, result and duration; detailed logging; calls of stations not yet activated.',
      ],
      [
        '/admin/connections',
        "Live connectionsWho is connected for live updates, on which server instance, since when; switch a user's live updates, close sockets, stop the push or reconnect the relay.",
      ],
      [
        '/rctest_',
        "RC test responsesEvery fan controller with its owner, last poll, firmware and modes; set a test command a controller gets on its next polls instead of the scheduler's.",
      ],
      [
        '/fs',
        'Field systemsEvery fan controller in the field with its owner, status, link, firmware, outdoor air and the storages its channels serve, filtered.',
      ],
      [
        '/admin/sims',
        'SIM cardsEvery SIM with its status, station and owner; import the operator’s export, check numbers, pause, activate or terminate a SIM, set expiry dates; plans and SIMs about to expire.',
      ],
      [
        '/admin/services',
        'Registered servicesServices registered for customers: storages, users allowance and data tier, with their ends.',
      ],
      [
        '/admin/broadcasts',
        "Broadcasts and newsSend an SMS or e-mail to a chosen set of customers in their languages, within the daily caps, and follow each recipient's status; edit the news items customers see.",
      ],
      [
        '/admin/staff',
        'StaffThe staff and their levels (Root, Admin, Tech, Sales); add and remove staff, change a level.',
      ],
      [
        '/admin/probe-stop',
        'Probe stop settingsWhen a silent base station or probe counts as a data break, for every account that chose no delay.',
      ],
      ['/firmware', 'FirmwareFirmware images, and the base stations with a pending or failed update.'],
      [
        '/admin/migration',
        "Migration to the separate appOpen or close the accounts' migration to the separate app and set its address.",
      ],
      [
        '/admin/audit',
        'Audit trailWhat staff changed and whose data they looked at: who, when, for whom, from where, before and after.',
      ],
      [
        '/admin/server-logs',
        "Server logsThe servers' own log lines, every HTTP call they answered, and their periodic jobs with the last run and the next.",
      ],
      [
        '/g-log',
        "Gari system callsThe calls the older Gari system's users made to Emberwatch, with their results.",
      ],
      [
        '/test_',
        "Test dataBase stations registered but not yet activated that called in, with each probe's latest test reading.",
      ],
      [
        '/ids_',
        'Registered idsThe registered base-station and probe-set ids, and whether and into which account each was activated.',
      ],
      [
        '/admin/gari-migration',
        'Gari migrationMove accounts of the older Gari system in from its export: check each account, migrate one or all, confirm their phones by SMS code.',
      ],
    ]);
    expect(document.title).toBe('Admin · Emberwatch');
    await app.user.click(within(list).getByRole('link', { name: /^Kits and QR codes/ }));
    await waitFor(() => expect(app.location()).toBe('/admin/kits'));
  });

  it('is where the admin’s side-menu entry leads', async () => {
    const server = createFakeServer({ loggedIn: true, session: { admin: true, admin_group: 1 } });
    const app = renderApp('/probes', server);
    await app.user.click(await screen.findByTestId('menu-button', {}, slow));
    await app.user.click(await screen.findByRole('link', { name: 'Admin' }));
    await waitFor(() => expect(app.location()).toBe('/admin'));
    expect(await screen.findAllByTestId('admin-tool')).toHaveLength(20);
  });

  it.each([
    ['a farmer', {}, {}],
    ['the demo-mode visitor', {}, { demo: true }],
    ['a master user', { master: true }, {}],
  ])('sends %s to “/”', async (_who, session, user) => {
    const server = createFakeServer({ loggedIn: true, session, user });
    const app = renderApp('/admin', server);
    // "/" leads a farmer on to the probes.
    await waitFor(() => expect(app.location()).toBe('/probes'), slow);
    expect(screen.queryByTestId('admin-home')).toBeNull();
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('sends a logged-out visitor to log in first', async () => {
    const server = createFakeServer({ loggedIn: false });
    const app = renderApp('/admin', server);
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fadmin'), slow);
  });
});
