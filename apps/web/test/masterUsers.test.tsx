import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MasterUserInfo } from '@emberwatch/shared/contracts/account';
import type { AccountMaster } from '@emberwatch/shared/contracts/masterAccess';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { accountPageServer, loadAccountPage, renderAccountPage } from './support/renderAccountPage';

const slow = { timeout: 8000 };
const SECRET = 'S'.repeat(43);
const status = (state: string, over: object = {}) => ({
  status_code: 0,
  registration: SECRET,
  state,
  phone: '+358401112233',
  expiresTs: Math.floor(Date.now() / 1000) + 86_400,
  ...over,
});

beforeAll(async () => {
  await import('../src/features/master-users/MasterEntryPage');
  await import('../src/features/master-users/MasterAccountPage');
  await loadAccountPage();
});

// Issue 32 item 1 (decision 0104): the public /master entry page.
describe('/master', { timeout: 40_000 }, () => {
  it('is reached from the login page', async () => {
    const server = createFakeServer({ loggedIn: false });
    const app = renderApp('/login', server);
    await app.user.click(
      await screen.findByRole('link', {
        name: 'Advisor or contractor watching several farms? Register as a master user',
      }),
    );
    await waitFor(() => expect(app.location()).toBe('/master'));
    expect(await screen.findByText('Register as a master user', undefined, slow)).toBeTruthy();
  });

  it('walks an advisor through details, the SMS code and finish, with the spec’s texts', async () => {
    sessionStorage.clear();
    const server = createFakeServer({ loggedIn: false });
    let confirmTries = 0;
    server.override('POST /client/registerMasterUser', () => json(status('registered')));
    server.override('POST /client/activateMasterPhone', (c) =>
      json({
        ...status('codeSent'),
        resent: server.callsTo('POST', '/client/activateMasterPhone').length > 1 || c.body === null,
      }),
    );
    server.override('POST /client/confirmMasterMobile', () =>
      ++confirmTries === 1
        ? json({ status_code: 2, error: 'Confirmation code is wrong' }, 400)
        : json(status('phoneConfirmed')),
    );
    server.override('POST /client/finalizeMasterUser', () =>
      json({ status_code: 0, username: 'advisor.anna' }),
    );
    const app = renderApp('/master', server);

    expect(await screen.findByText('Register as a master user', undefined, slow)).toBeTruthy();
    // The spec's limits, before anything is sent.
    await app.user.type(screen.getByTestId('master-username'), 'ab');
    await app.user.type(screen.getByTestId('master-password'), '1234');
    await app.user.click(screen.getByRole('button', { name: 'Continue and send the SMS code' }));
    expect(screen.getByText('The username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('The password must be at least 5 characters')).toBeTruthy();
    expect(screen.getByText('The name is required')).toBeTruthy();
    expect(server.callsTo('POST', '/client/registerMasterUser')).toHaveLength(0);

    await app.user.type(screen.getByTestId('master-username'), 'visor.anna');
    await app.user.type(screen.getByTestId('master-name'), 'Anna Advisor');
    await app.user.type(screen.getByTestId('master-email'), 'anna@example.com');
    await app.user.type(screen.getByTestId('master-phone'), '+358 40 111 2233');
    await app.user.type(screen.getByTestId('master-password'), '5');
    await app.user.type(screen.getByTestId('master-confirmation'), '12345');
    await app.user.click(screen.getByRole('button', { name: 'Continue and send the SMS code' }));
    expect(await screen.findByText(/We sent a 4-digit code to \+358401112233/)).toBeTruthy();
    expect(server.callsTo('POST', '/client/registerMasterUser')[0]!.body).toMatchObject({
      username: 'abvisor.anna',
      name: 'Anna Advisor',
      phone: '+358 40 111 2233',
      language: 'en',
    });

    await app.user.click(screen.getByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByText('SMS Code has been sent again')).toBeTruthy();
    await app.user.type(screen.getByTestId('master-code'), '1111');
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Confirmation code is wrong')).toBeTruthy();
    await app.user.clear(screen.getByTestId('master-code'));
    await app.user.type(screen.getByTestId('master-code'), '4321');
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your phone +358401112233 is confirmed.')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Create my master account' }));
    expect(await screen.findByText(/Your master account advisor.anna is ready/)).toBeTruthy();
    expect(server.callsTo('POST', '/client/finalizeMasterUser')[0]!.body).toEqual({ registration: SECRET });
    await app.user.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });

  it('treats status 13 as success and starts over when the registration expired', async () => {
    sessionStorage.clear();
    sessionStorage.setItem('emberwatch.masterRegistration', JSON.stringify(status('codeSent')));
    const server = createFakeServer({ loggedIn: false });
    server.override('POST /client/confirmMasterMobile', () =>
      json({ status_code: 13, error: 'This phone number has been confirmed' }, 409),
    );
    server.override('POST /client/finalizeMasterUser', () =>
      json({ status_code: 410, error: 'This registration has expired. Please start again.' }, 410),
    );
    const app = renderApp('/master', server);
    await app.user.type(await screen.findByTestId('master-code', undefined, slow), '4321');
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }));
    await app.user.click(await screen.findByRole('button', { name: 'Create my master account' }));
    expect(await screen.findByText('This registration has expired. Please start again.')).toBeTruthy();
    expect(screen.getByTestId('master-username')).toBeTruthy();
  });

  it('sends a logged-in master to the site index', async () => {
    const server = createFakeServer({ loggedIn: true, session: { master: true } });
    renderApp('/master', server);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/siteindex'), slow);
  });
});

const masterInfo = (over: Partial<MasterUserInfo> = {}): MasterUserInfo => ({
  U_ID: 9,
  username: 'advisor',
  firstname: 'Regional',
  lastname: 'Advisor',
  email: 'advisor@example.com',
  phone: '+358401112233',
  country: 'fi',
  accounts: [{ UID: 7, username: 'farmer', name: 'Anna Farm Ltd', authorized: true }],
  ...over,
});

describe('the master’s own account page', { timeout: 40_000 }, () => {
  it('edits the details, stops watching a farm and deletes the account with its password', async () => {
    const server = createFakeServer({ loggedIn: true, session: { master: true } });
    let info = masterInfo();
    server.override('GET /client/getMasterUserInfo', () => json({ status_code: 0, master: info }));
    server.override('POST /client/saveMasterUser', (c) => {
      const b = c.body as Partial<MasterUserInfo>;
      info = { ...info, ...b };
      return json({ status_code: 0 });
    });
    server.override('POST /client/stopWatchingAccount', () => {
      info = { ...info, accounts: [] };
      return json({ status_code: 0 });
    });
    let removeTries = 0;
    server.override('POST /client/removeMasterUser', () =>
      ++removeTries === 1
        ? json({ status_code: 400, error: 'The password is incorrect.' }, 400)
        : json({ status_code: 0 }),
    );
    // The whole app: the deletion ends the session and leads to the login page.
    const page = renderApp('/account', server);
    expect(await screen.findByTestId('master-account', undefined, slow)).toBeTruthy();
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    // The farm invites (decision 0104 §11): the page gives the username to pass on.
    expect(screen.getByTestId('master-how-farms-invite').textContent).toContain(info.username);

    await page.user.click(screen.getByTestId('master-edit'));
    const name = screen.getByTestId('edit-master-firstname');
    await page.user.clear(name);
    await page.user.type(name, 'Regional Advisor Anna');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('master-name')).getByText('Regional Advisor Anna')).toBeTruthy(),
    );
    expect(server.callsTo('POST', '/client/saveMasterUser')[0]!.body).toMatchObject({
      firstname: 'Regional Advisor Anna',
    });

    await page.user.click(screen.getByRole('button', { name: 'Stop watching' }));
    const dialog = await screen.findByRole('dialog');
    await page.user.click(within(dialog).getByRole('button', { name: 'Stop watching' }));
    expect(await screen.findByText('No account has asked you to watch it yet.')).toBeTruthy();
    expect(server.callsTo('POST', '/client/stopWatchingAccount')[0]!.body).toEqual({ UID: 7 });

    await page.user.click(screen.getByRole('button', { name: 'Delete my master account' }));
    await page.user.type(screen.getByTestId('remove-master-password'), 'wrong');
    const remove = within(await screen.findByRole('dialog'));
    await page.user.click(remove.getByRole('button', { name: 'Delete my master account' }));
    expect(await screen.findByText('The password is incorrect.')).toBeTruthy();
    await page.user.clear(screen.getByTestId('remove-master-password'));
    await page.user.type(screen.getByTestId('remove-master-password'), 'right-one');
    await page.user.click(remove.getByRole('button', { name: 'Delete my master account' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(server.callsTo('POST', '/client/removeMasterUser')[1]!.body).toEqual({ password: 'right-one' });
  });
});

describe('the farm’s masters in the account area', () => {
  it('lists who can watch the farm, withdraws one and invites another by username', async () => {
    const server = accountPageServer({ user: {} });
    let masters: AccountMaster[] = [
      {
        id: 3,
        username: 'coop.advisor',
        name: 'Co-op Advisor',
        authorized: true,
        grandMaster: true,
        since: 1_700_000_000,
      },
    ];
    server.override('GET /client/getAccountMasters', () => json({ status_code: 0, masters }));
    server.override('POST /client/withdrawMasterUsers', () => {
      masters = [];
      return json({ status_code: 0 });
    });
    server.override('GET /client/getMasterUserByUsername', (c) =>
      c.query.get('username') === 'new.advisor'
        ? json({
            status_code: 0,
            master: { username: 'new.advisor', name: 'New Advisor', grandMaster: false },
          })
        : json({ status_code: 404, error: 'No master user with this username.' }, 404),
    );
    server.override('POST /client/inviteMasterUser', () => json({ status_code: 0, id: 4 }));
    server.override('POST /client/authorizeMasterUsers', () => {
      masters = [
        {
          id: 4,
          username: 'new.advisor',
          name: 'New Advisor',
          authorized: true,
          grandMaster: false,
          since: 1_700_000_100,
        },
      ];
      return json({ status_code: 0 });
    });
    const page = await renderAccountPage('/account/users', server);
    const section = within(await screen.findByTestId('account-masters', undefined, slow));
    expect(await section.findByText('Co-op Advisor')).toBeTruthy();
    expect(section.getByText('Grand master')).toBeTruthy();
    expect(section.getByText('Can watch')).toBeTruthy();
    expect(section.getByText(/coop\.advisor · since/)).toBeTruthy();
    await page.user.click(section.getByRole('button', { name: 'Withdraw Co-op Advisor' }));
    expect(await section.findByText('No master can watch this farm.')).toBeTruthy();
    expect(server.callsTo('POST', '/client/withdrawMasterUsers')[0]!.body).toEqual({ UID: 7, masters: [3] });

    await page.user.type(screen.getByTestId('invite-master-username'), 'nobody');
    await page.user.click(section.getByRole('button', { name: 'Find' }));
    expect(await section.findByText('No master user has this username.')).toBeTruthy();
    await page.user.clear(screen.getByTestId('invite-master-username'));
    await page.user.type(screen.getByTestId('invite-master-username'), 'new.advisor');
    await page.user.click(section.getByRole('button', { name: 'Find' }));
    expect(await section.findByText('New Advisor (new.advisor)')).toBeTruthy();
    await page.user.click(section.getByRole('button', { name: 'Let him watch' }));
    expect(await section.findByText('New Advisor')).toBeTruthy();
    expect(server.callsTo('POST', '/client/inviteMasterUser')[0]!.body).toEqual({
      UID: 7,
      username: 'new.advisor',
    });
    expect(server.callsTo('POST', '/client/authorizeMasterUsers')[0]!.body).toEqual({
      UID: 7,
      authMasters: [4],
    });
  });
});
