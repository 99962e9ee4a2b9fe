import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import type { AccountInfo, SubUser } from '@emberwatch/shared/contracts/account';
import { accountTabOf } from '../src/features/account/accountTab';
import { bsConf } from './support/fixtures';
import { json, type FakeServer } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import {
  accountInfo,
  accountPageServer,
  loadAccountPage,
  PREMIUM_PLAN,
  renderAccountPage,
} from './support/renderAccountPage';

// Whole typing flows (a dialog filled key by key) take 15–25 s when the machine is loaded to 20:
// a generous limit, so that a busy machine does not fail them.
vi.setConfig({ testTimeout: 60_000 });

const helper: SubUser = {
  U_ID: 21,
  name: 'Farm Helper',
  phone: '+358401112222',
  mobilePhone: '+358401112222',
  email: null,
  loginEnabled: true,
  username: 'helper',
};

/** The fake server with the account calls, answering like the server (without its checks). */
function accountServer(over: Partial<AccountInfo> = {}, session: object = {}) {
  const server = accountPageServer({ session });
  // The account calls change the account: accountInfo answers what they left.
  const state = { account: accountInfo({ subUsers: [helper], ...over }) };
  const body = <T,>(c: { body: unknown }) => c.body as T;
  server.override('GET /client/accountInfo', () => json({ status_code: 0, account: state.account }));
  server.override('POST /client/userInfo', (c) => {
    const { UID: _uid, ...change } = body<Partial<AccountInfo> & { UID?: number }>(c);
    state.account = { ...state.account, ...change };
    return json({ status_code: 0, account: state.account });
  });
  server.override('POST /client/addNewUser', (c) => {
    const { new_user } = body<{
      new_user: { name: string; mobilePhone: string; loginEnabled: boolean; username?: string };
    }>(c);
    const sub: SubUser = {
      U_ID: 30,
      name: new_user.name,
      phone: new_user.mobilePhone,
      mobilePhone: new_user.mobilePhone,
      email: null,
      loginEnabled: new_user.loginEnabled,
      username: new_user.username ?? null,
    };
    state.account = { ...state.account, subUsers: [...state.account.subUsers, sub], mayAddSubUser: false };
    return json({ status_code: 0, subUser: sub });
  });
  server.override('POST /client/deleteSubUser', (c) => {
    const { subUserID } = body<{ subUserID: number }>(c);
    state.account = {
      ...state.account,
      subUsers: state.account.subUsers.filter((s) => s.U_ID !== subUserID),
    };
    return json({ status_code: 0 });
  });
  server.override('POST /client/changeUserPassword', () => json({ status_code: 0 }));
  server.override('POST /client/changeUserPhone', (c) => {
    const { newPhone } = body<{ newPhone: string }>(c);
    const phone = newPhone.replace(/[^\d+]/g, '');
    state.account = { ...state.account, pendingPhone: phone };
    return json({ status_code: 0, phone, resent: false });
  });
  server.override('POST /admin/confirmMobile', (c) => {
    if (body<{ code: string }>(c).code !== '4711')
      return json({ status_code: 2, error: 'Confirmation code is wrong', path: 'code' }, 400);
    const phone = state.account.pendingPhone ?? '';
    state.account = {
      ...state.account,
      phone,
      pendingPhone: null,
      phones: [{ phoneNumber: phone, index: 0, confirmed: true }],
    };
    return json({ status_code: 0, phone });
  });
  server.override('POST /admin/checkUsername', () =>
    json({ status_code: 0, nameCheck: true, problem: null }),
  );
  return { server, state };
}

const bodiesOf = (server: FakeServer, path: string) => server.callsTo('POST', path).map((c) => c.body);

// The account area is reached through the whole app too (renderApp).
beforeAll(loadAccountPage);

describe('the account tab follows the path (spec doc 2 §2.8)', () => {
  it.each([
    ['/account', null],
    ['/account/users', 'users'],
    ['/account/credentials', 'credentials'],
    ['/account/services', 'services'],
    ['/account/services/checkout', 'services'],
    ['/account/services/renewal', 'services'],
    ['/account/users/extra', 'services'],
    ['/account/other', null],
  ])('%s → %s', (path, tab) => {
    expect(accountTabOf(path)).toBe(tab);
  });
});

describe('the account page', () => {
  it('leads /account to Users, with the four tabs, from the side menu', async () => {
    const { server } = accountServer();
    const app = renderApp('/probes', server);
    await app.user.click(await screen.findByTestId('menu-button'));
    await app.user.click(await screen.findByRole('link', { name: 'Account' }));
    await waitFor(() => expect(app.location()).toBe('/account/users'));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Users', 'Login', 'Services', 'Alert channels']);
    expect(screen.getByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
    expect(within(await screen.findByTestId('account-field-city')).getByText('Kauhajoki')).toBeTruthy();
    expect(within(screen.getByTestId('account-field-country')).getByText('Finland')).toBeTruthy();
  });

  it('selects Services for a deeper path', async () => {
    const { server } = accountServer();
    await renderAccountPage('/account/services/checkout', server);
    const tab = await screen.findByTestId('account-tab-services');
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Premium')).toBeTruthy();
    // Spec doc 2 §9: account dates dd.MM.yyyy.
    const due = format(new Date(1_900_000_000_000), 'dd.MM.yyyy');
    expect(due).toMatch(/^\d\d\.\d\d\.2030$/);
    expect(screen.getByText(due)).toBeTruthy();
  });

  it('shows a master only the master page, without tabs', async () => {
    const { server } = accountServer({}, { master: true });
    server.override('GET /client/getMasterUserInfo', () =>
      json({
        status_code: 0,
        master: {
          U_ID: 9,
          username: 'advisor',
          firstname: 'Regional',
          lastname: 'Advisor',
          email: null,
          phone: null,
          country: 'fi',
          accounts: [{ UID: 7, username: 'farmer', name: 'Anna Farm Ltd', authorized: true }],
        },
      }),
    );
    await renderAccountPage('/account/users', server);
    expect(await screen.findByTestId('master-account')).toBeTruthy();
    expect(screen.getByText('Anna Farm Ltd')).toBeTruthy();
    expect(screen.getByText('Authorised')).toBeTruthy();
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
  });

  it('shows a sub-user the account without anything to change', async () => {
    const { server } = accountServer({
      mayEdit: false,
      mayAddSubUser: false,
      subUser: true,
      username: 'helper',
    });
    await renderAccountPage('/account/users', server);
    expect(await screen.findByTestId('account-read-only')).toBeTruthy();
    expect(screen.queryByTestId('edit-city')).toBeNull();
    expect(screen.queryByTestId('phone-action')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Farm Helper' })).toBeNull();
  });
});

// Spec doc 1 §3 "Service: plan, trial, started, period, renewed, expDate, nextPayment {date, type},
// oldPlans, surveyCompleted"; doc 2 §3 plans and SIM expiries; doc 2 §9 "Dates in account shown dd.MM.yyyy".
describe('the Services tab', () => {
  const day = (s: number) => format(new Date(s * 1000), 'dd.MM.yyyy');
  const now = Math.floor(Date.now() / 1000);
  const renewed = now - 30 * 86_400;
  const next = now + 300 * 86_400;
  const oldDue = 1_700_000_000;
  const simFuture = now + 100 * 86_400;
  const simPast = now - 5 * 86_400;

  function servicesServer() {
    const { server } = accountServer();
    server.state.user = {
      ...server.state.user,
      bs_list: [
        { bsId: 'F1000001', bsName: 'Barn', bsGroup: null },
        { bsId: 'F1000002', bsName: null, bsGroup: null },
        { bsId: 'F1000003', bsName: 'Shed', bsGroup: null },
      ],
      service: {
        plan: 2,
        trial: 0,
        started: renewed - 365 * 86_400,
        period: 12,
        expDate: next,
        surveyCompleted: true,
        renewed,
        nextPayment: { date: next, type: 'renewal' },
        oldPlans: [
          { ...PREMIUM_PLAN, dueDate: oldDue, expired: true },
          { ...PREMIUM_PLAN, planName: 'Free' as const, planLevel: 0, dueDate: null },
        ],
      },
    };
    const sims: Record<string, number | null> = { F1000001: simFuture, F1000002: simPast, F1000003: null };
    server.override('GET /client/bsConf', (c) => {
      const id = c.query.get('basestationID') ?? '';
      return json(bsConf(id, { sim_exp_date: sims[id] ?? null }));
    });
    return server;
  }

  it("shows the Insight service's renewal, next payment, old plans and survey, in dd.MM.yyyy", async () => {
    await renderAccountPage('/account/services', servicesServer());
    const text = async (id: string) => (await screen.findByTestId(id)).textContent;
    expect(await text('service-renewed')).toBe(`Renewed${day(renewed)}`);
    expect(await text('service-next-payment')).toBe(`Next payment${day(next)} (renewal)`);
    expect(await text('service-old-plans')).toBe(
      `Plans before Insight${`Premium, until ${day(oldDue)}`}; Free, no end date`,
    );
    expect(await text('service-survey')).toBe('SurveyCompleted');
  });

  it("shows each base station's SIM expiry, expired ones marked, unknown ones said so", async () => {
    const server = servicesServer();
    await renderAccountPage('/account/services', server);
    const row = (id: string) => screen.findByTestId(`sim-exp-${id}`);
    await waitFor(async () =>
      expect((await row('F1000001')).textContent).toBe(`SIM of Barn (F1000001)Valid until ${day(simFuture)}`),
    );
    const past = await row('F1000002');
    await waitFor(() => expect(past.textContent).toBe(`SIM of F1000002Valid until ${day(simPast)} Expired`));
    expect(within(await row('F1000001')).queryByText('Expired')).toBeNull();
    await waitFor(async () =>
      expect((await row('F1000003')).textContent).toBe('SIM of Shed (F1000003)Expiry not known'),
    );
    const asked = server.callsTo('GET', '/client/bsConf').map((c) => c.query.get('basestationID'));
    expect(new Set(asked)).toEqual(new Set(['F1000001', 'F1000002', 'F1000003']));
  });

  it.each([
    ['trial', 'end of the free trial'],
    ['installment', 'instalment'],
  ])('names a next payment of type %s', async (type, words) => {
    const server = servicesServer();
    server.state.user = {
      ...server.state.user,
      service: {
        ...server.state.user.service!,
        trial: 1,
        renewed: null,
        nextPayment: { date: next, type },
        oldPlans: [],
      },
    };
    await renderAccountPage('/account/services', server);
    expect((await screen.findByTestId('service-next-payment')).textContent).toBe(
      `Next payment${day(next)} (${words})`,
    );
    expect(screen.queryByTestId('service-renewed')).toBeNull();
    expect(screen.queryByTestId('service-old-plans')).toBeNull();
  });
});

describe('the support-contact dialog (spec doc 2 §2.8)', () => {
  it('gives the support address and an e-mail that names the account', async () => {
    const { server } = accountServer({ U_ID: 42, username: 'farmer' });
    const app = await renderAccountPage('/account/credentials', server);
    await app.user.click(await screen.findByTestId('support-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Contact support' });
    expect(within(dialog).getByTestId('support-email').getAttribute('href')).toBe(
      'mailto:support@emberwatch.app',
    );
    expect(within(dialog).getByTestId('support-account').textContent).toContain('42 (farmer)');
    const mail = decodeURIComponent(within(dialog).getByTestId('support-write').getAttribute('href')!);
    expect(mail).toContain('subject=Emberwatch account question');
    expect(mail).toContain('Account 42 (farmer)');
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contact support' })).toBeNull());
  });
});

describe('profile fields', () => {
  it('saves one field from its dialog; Save waits for an edit', async () => {
    const { server } = accountServer();
    const app = await renderAccountPage('/account/users', server);
    await app.user.click(await screen.findByTestId('edit-city'));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    const input = within(dialog).getByLabelText('City');
    await app.user.clear(input);
    await app.user.type(input, 'Seinäjoki');
    await app.user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(server, '/client/userInfo')).toEqual([{ UID: 7, city: 'Seinäjoki' }]);
    expect((await screen.findByTestId('account-snackbar')).textContent).toBe('Saved');
    expect(within(screen.getByTestId('account-field-city')).getByText('Seinäjoki')).toBeTruthy();
  });

  it('keeps the name required and an e-mail valid', async () => {
    const { server } = accountServer();
    const app = await renderAccountPage('/account/users', server);
    await app.user.click(await screen.findByTestId('edit-email'));
    let dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText('E-mail'), '@');
    expect(within(dialog).getByText('The e-mail address is not valid')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await app.user.click(await screen.findByTestId('edit-firstname'));
    dialog = await screen.findByRole('dialog');
    await app.user.clear(within(dialog).getByLabelText('Name'));
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    expect(bodiesOf(server, '/client/userInfo')).toEqual([]);
  });
});

describe('change password (spec doc 2 §5, §8)', () => {
  it('checks the three rules before calling', async () => {
    const { server } = accountServer();
    const app = await renderAccountPage('/account/credentials', server);
    expect(within(await screen.findByTestId('account-username')).getByText('farmer')).toBeTruthy();
    await app.user.click(screen.getByTestId('change-password'));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText('New password'), 'abcd');
    await app.user.type(within(dialog).getByLabelText('Confirm new password'), 'abce');
    await app.user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(within(dialog).getByText('Old password is required')).toBeTruthy();
    expect(within(dialog).getByText('Password is quite short')).toBeTruthy();
    expect(within(dialog).getByText('New and confirmed passwords must match')).toBeTruthy();
    expect(bodiesOf(server, '/client/changeUserPassword')).toEqual([]);
  });

  it('says when the old password is wrong (1003), and confirms a change with the snackbar', async () => {
    const { server } = accountServer();
    server.override('POST /client/changeUserPassword', (c) =>
      (c.body as { oldPassword: string }).oldPassword === 'secret'
        ? json({ status_code: 0 })
        : json({ status_code: 1003, error: 'The old password is incorrect.' }, 400),
    );
    const app = await renderAccountPage('/account/credentials', server);
    await app.user.click(await screen.findByTestId('change-password'));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText('Old password'), 'wrong');
    await app.user.type(within(dialog).getByLabelText('New password'), 'hayfield');
    await app.user.type(within(dialog).getByLabelText('Confirm new password'), 'hayfield');
    await app.user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect((await within(dialog).findByTestId('password-error')).textContent).toBe(
      'The old password is incorrect',
    );

    await app.user.clear(within(dialog).getByLabelText('Old password'));
    await app.user.type(within(dialog).getByLabelText('Old password'), 'secret');
    await app.user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect((await screen.findByTestId('account-snackbar')).textContent).toBe('Password changed');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(server, '/client/changeUserPassword').at(-1)).toEqual({
      oldPassword: 'secret',
      newPassword: 'hayfield',
    });
  });

  it('is not offered in demo mode', async () => {
    const { server } = accountServer({ demo: true });
    await renderAccountPage('/account/credentials', server);
    expect(await screen.findByText('The password cannot be changed in demo mode.')).toBeTruthy();
    expect(screen.queryByTestId('change-password')).toBeNull();
  });
});

describe('sub-users', () => {
  it('adds a user with a login after the form passes the rules', async () => {
    // The pauses between key presses and the dialog's closing pass on a fake clock, which also moves
    // with real time for the page's loading: the test waits for no real delay.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = accountServer();
    const app = {
      ...(await renderAccountPage('/account/users', server)),
      user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    };
    await app.user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText('Name'), 'Seasonal Hand');
    await app.user.type(within(dialog).getByLabelText('Mobile phone'), '040 123');
    await app.user.type(within(dialog).getByLabelText('E-mail (optional)'), 'hand@');
    await app.user.click(within(dialog).getByLabelText('Can log in'));
    await app.user.type(within(dialog).getByLabelText('Username'), '_hand');
    await app.user.type(within(dialog).getByLabelText('Password'), 'abc');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('A phone number has at least 8 numbers')).toBeTruthy();
    expect(within(dialog).getByText('The e-mail address is not valid')).toBeTruthy();
    expect(
      within(dialog).getByText('Use 3 to 50 letters, digits or - @ . + / * _, not starting with _ . or /'),
    ).toBeTruthy();
    expect(within(dialog).getByText('The password must have at least 5 characters')).toBeTruthy();
    expect(bodiesOf(server, '/client/addNewUser')).toEqual([]);

    await app.user.type(within(dialog).getByLabelText('Mobile phone'), ' 4567');
    await app.user.clear(within(dialog).getByLabelText('E-mail (optional)'));
    await app.user.clear(within(dialog).getByLabelText('Username'));
    await app.user.type(within(dialog).getByLabelText('Username'), 'hand');
    await app.user.type(within(dialog).getByLabelText('Password'), 'de');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(server, '/client/addNewUser')).toEqual([
      {
        UID: 7,
        new_user: {
          name: 'Seasonal Hand',
          mobilePhone: '040 123 4567',
          email: '',
          loginEnabled: true,
          username: 'hand',
          password: 'abcde',
        },
      },
    ]);
    expect(await screen.findByText('Seasonal Hand')).toBeTruthy();
    // The account is full now: no Add button, and why.
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.getByTestId('sub-users-limit').textContent).toBe(
      'The account has all the users its plan allows (2).',
    );
  });

  it('says when the username is taken', async () => {
    const { server } = accountServer();
    server.override('POST /client/addNewUser', () =>
      json({ status_code: 409, error: 'username exists', path: 'new_user.username' }, 409),
    );
    const app = await renderAccountPage('/account/users', server);
    await app.user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText('Name'), 'Hand');
    await app.user.type(within(dialog).getByLabelText('Mobile phone'), '+358401234000');
    await app.user.click(within(dialog).getByLabelText('Can log in'));
    await app.user.type(within(dialog).getByLabelText('Username'), 'farmer');
    await app.user.type(within(dialog).getByLabelText('Password'), 'abcde');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This username is already taken')).toBeTruthy();
  });

  it('keeps the username of a user who logs in, and needs no new password', async () => {
    const { server } = accountServer();
    server.override('POST /client/minorUserInfo', (c) =>
      json({
        status_code: 0,
        subUser: { ...helper, name: (c.body as { user: { name: string } }).user.name },
      }),
    );
    const app = await renderAccountPage('/account/users', server);
    await app.user.click(await screen.findByRole('button', { name: 'Edit Farm Helper' }));
    const dialog = await screen.findByRole('dialog');
    const username = within(dialog).getByLabelText<HTMLInputElement>('Username');
    expect(username.disabled).toBe(true);
    expect(within(dialog).getByText('The username cannot be changed once login is enabled.')).toBeTruthy();
    await app.user.type(within(dialog).getByLabelText('Name'), ' Jr');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(server, '/client/minorUserInfo')).toEqual([
      {
        UID: 7,
        subUserID: 21,
        user: { name: 'Farm Helper Jr', mobilePhone: '+358401112222', email: '', loginEnabled: true },
      },
    ]);
  });

  it('deletes a user after confirmation', async () => {
    const { server } = accountServer();
    const app = await renderAccountPage('/account/users', server);
    await app.user.click(await screen.findByRole('button', { name: 'Delete Farm Helper' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Delete Farm Helper? Their login stops working at once.')).toBeTruthy();
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Farm Helper')).toBeNull());
    expect(bodiesOf(server, '/client/deleteSubUser')).toEqual([{ mainUserID: 7, subUserID: 21 }]);
  });
});

describe('the phone and its SMS code (spec doc 2 §2.8, §5, §8)', () => {
  it('refuses the confirmed number again, sends a code to a new one, and confirms it with the code', async () => {
    const { server } = accountServer();
    const app = await renderAccountPage('/account/users', server);
    expect(within(await screen.findByTestId('account-phone')).getByText('Confirmed')).toBeTruthy();
    await app.user.click(screen.getByTestId('phone-action'));
    let dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText('Phone number'), '+358 40 123 4567');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(within(dialog).getByText('This phone number has been confirmed')).toBeTruthy();
    expect(bodiesOf(server, '/client/changeUserPhone')).toEqual([]);

    await app.user.clear(within(dialog).getByLabelText('Phone number'));
    await app.user.type(within(dialog).getByLabelText('Phone number'), '+358 40 765 4321');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Enter the 4-digit code we sent to +358407654321.')).toBeTruthy();
    expect(bodiesOf(server, '/client/changeUserPhone')).toEqual([
      { UID: 7, oldPhone: '+358401234567', newPhone: '+358 40 765 4321' },
    ]);

    const code = within(dialog).getByLabelText('SMS code');
    await app.user.type(code, '12');
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('You have to fill 4 numbers')).toBeTruthy();
    await app.user.type(code, '34');
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByTestId('phone-error')).textContent).toBe('Confirmation code is wrong');

    await app.user.click(within(dialog).getByRole('button', { name: 'Send the code again' }));
    expect((await screen.findByTestId('account-snackbar')).textContent).toBe('SMS Code has been sent again');

    await app.user.clear(code);
    await app.user.type(code, '4711');
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await screen.findByTestId('account-phone')).getByText('+358407654321')).toBeTruthy();
    expect(within(screen.getByTestId('account-phone')).getByText('Confirmed')).toBeTruthy();
  });

  it('opens a number waiting for its code at the code step', async () => {
    const { server } = accountServer({ pendingPhone: '+358405550142' });
    const app = await renderAccountPage('/account/users', server);
    expect(await screen.findByText('Waiting for the code sent to +358405550142')).toBeTruthy();
    await app.user.click(screen.getByTestId('phone-action'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('SMS code')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('SMS Code is required')).toBeTruthy();
  });
});
